// One order as the inbox shows it, and what a clerk changes on it: its status, or its deletion.
// A status change asks the server first what it would do (the gate, the customer's emails, a
// cancellation's credit); only a move that does nothing more is made at once.
import { useCallback, useEffect, useState } from 'react';
import type { OrderStatus } from '../../../shared/constants.js';
import type { StatusPreview } from '../../../shared/inbox-api.js';
import type { OrderDetail } from './api.js';
import { useInboxApi } from './session.js';
import { ApiError } from '../../shared/api-error.js';
import type { StatusChoice } from './status-dialog.js';

export interface PendingMove {
  status: OrderStatus;
  preview: StatusPreview;
  refusal: ApiError | null;
}

export function useOrderDetail(id: string) {
  const api = useInboxApi();
  const [detail, setDetail] = useState<OrderDetail | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [pending, setPending] = useState<PendingMove | null>(null);

  const reload = useCallback(() => api.order(id).then(setDetail, (err: unknown) => setError(err)), [id, api]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const move = async (status: OrderStatus, choice: StatusChoice, preview: StatusPreview | null) => {
    setSaving(true);
    try {
      await api.changeStatus(id, status, choice);
      setPending(null);
      await reload();
    } catch (err) {
      // The gate closed meanwhile (a payment refunded, a reason refused): the dialog says why.
      if (err instanceof ApiError && err.status < 500 && preview) setPending({ status, preview, refusal: err });
      else if (err instanceof ApiError && err.code === 'gate_closed')
        setPending({ status, preview: await api.statusPreview(id, status), refusal: err });
      else setError(err);
    } finally {
      setSaving(false);
    }
  };

  const choose = async (status: OrderStatus) => {
    setSaving(true);
    let preview: StatusPreview;
    try {
      preview = await api.statusPreview(id, status);
    } catch (err) {
      setError(err);
      setSaving(false);
      return;
    }
    setSaving(false);
    if (preview.gate || preview.mails.length > 0 || preview.unpaidCents > 0)
      setPending({ status, preview, refusal: null });
    else await move(status, {}, null);
  };

  return {
    detail,
    /** A refusal or a lost connection: the view shows it instead of the order. */
    error,
    saving,
    reload,
    changeStatus: (status: OrderStatus) => void choose(status),
    pending,
    confirmMove: (choice: StatusChoice) => pending && void move(pending.status, choice, pending.preview),
    cancelMove: () => setPending(null),
    deleteOrder: (typedReference: string) => api.deleteOrder(id, typedReference),
  };
}
