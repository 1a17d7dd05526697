// "Order again" on the order form (docs/portal.md), a chunk of its own loaded only when the form
// is opened to repeat a past order (/?reorder=<order id>): reads the signed-in customer's past
// order, fills the form from it (reorder-prefill.ts) and says so; the draft keeps it from then on.
import { useEffect, useRef, useState, type Dispatch } from 'react';
import type { ReorderSource } from '../../../shared/portal-api.js';
import { ApiError, isRecord } from '../../shared/api-error.js';
import { callApi, expectAnswer } from '../../shared/call-api.js';
import { randomId } from '../../shared/random-id.js';
import type { OrderAction, OrderState } from './order-state.js';
import { reorderState, withStoredPreviews } from './reorder-prefill.js';
import { useReorderText } from './reorder-messages.js';
import type { ReorderRequest } from './reorder-request.js';

const isSource = (b: unknown): b is ReorderSource =>
  isRecord(b) &&
  typeof b.orderId === 'string' &&
  typeof b.reference === 'string' &&
  typeof b.placedOn === 'string' &&
  isRecord(b.document) &&
  isRecord(b.document.layouts) &&
  Array.isArray(b.files);

type Phase = 'loading' | 'signIn' | 'notFound' | 'failed' | 'done';

export default function ReorderPanel({
  request,
  state,
  dispatch,
}: {
  request: ReorderRequest | null;
  state: OrderState;
  dispatch: Dispatch<OrderAction>;
}) {
  const { t } = useReorderText();
  const [phase, setPhase] = useState<Phase>(request ? 'loading' : 'done');
  const [keptSizes, setKeptSizes] = useState<boolean | null>(null);
  const { reorderOf } = state;

  // A restored draft keeps no preview URL: the reused files get the server's thumbnails again, once.
  const restored = useRef(request !== null);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const previewed = withStoredPreviews(state);
    if (previewed !== state) dispatch({ type: 'draftRestored', state: previewed });
  }, [state, dispatch]);

  useEffect(() => {
    if (!request) return;
    let current = true;
    callApi(`/api/portal/orders/${encodeURIComponent(request.orderId)}/reorder`)
      .then((body) => expectAnswer(body, isSource, 'reorder'))
      .then((source) => {
        if (!current) return;
        dispatch({ type: 'draftRestored', state: reorderState(source, request.keepSizes, randomId) });
        setKeptSizes(request.keepSizes);
        setPhase('done');
        // From now on the draft holds the order: a reload restores the customer's changes.
        const url = new URL(window.location.href);
        url.searchParams.delete('reorder');
        url.searchParams.delete('sizes');
        window.history.replaceState(window.history.state, '', url);
      })
      .catch((err: unknown) => {
        if (!current) return;
        const status = err instanceof ApiError ? err.status : 0;
        setPhase(status === 401 ? 'signIn' : status === 404 ? 'notFound' : 'failed');
      });
    return () => {
      current = false;
    };
  }, [request, dispatch]);

  if (phase === 'loading') {
    return (
      <p className="draft-notice" role="status">
        {t.loadingAny}
      </p>
    );
  }
  if (phase !== 'done') {
    return (
      <div className="draft-notice" role="alert">
        <p>{phase === 'signIn' ? t.signIn : phase === 'notFound' ? t.notFound : t.failed}</p>
        {phase !== 'failed' && <a href="/my-orders">{t.signInLink}</a>}
      </div>
    );
  }
  if (!reorderOf) return null;
  return (
    <div className="draft-notice" role="status">
      <p>{t.loaded(reorderOf.reference)}</p>
      {keptSizes !== null && <p>{keptSizes ? t.sizesKept : t.sizesEmptied}</p>}
    </div>
  );
}
