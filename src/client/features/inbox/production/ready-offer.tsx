// A packed job's offer to move its order to Ready (docs/production.md, Stages): the inbox's own
// status change, through the gate (docs/accounts.md): the server's preview decides whether the
// status dialog asks for a reason or shows the customer's email, exactly as on the order page.
import { useState } from 'react';
import type { StatusPreview } from '../../../../shared/inbox-api.js';
import type { JobCard } from '../../../../shared/production/production-api.js';
import { ApiError } from '../../../shared/api-error.js';
import { errorText, useInboxText } from '../messages.js';
import { useInboxApi } from '../session.js';
import { StatusDialog, type StatusChoice } from '../status-dialog.js';
import { useProductionText } from './production-messages.js';

/** Whether the job is packed and its order can still be moved to Ready. */
export const offersReady = (job: JobCard) =>
  job.packed && job.status !== 'ready' && job.status !== 'completed' && job.status !== 'cancelled';

export function ReadyOffer({ job, onReady }: { job: JobCard; onReady: (job: JobCard) => void }) {
  const { t } = useProductionText();
  const { t: inbox } = useInboxText();
  const api = useInboxApi();
  const [pending, setPending] = useState<{ preview: StatusPreview; refusal: ApiError | null } | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const move = async (choice: StatusChoice, preview: StatusPreview | null) => {
    setSaving(true);
    setError(null);
    try {
      await api.changeStatus(job.orderId, 'ready', choice);
      setPending(null);
      onReady(job);
    } catch (err) {
      // A reason refused, the gate closed meanwhile: the dialog says why, as on the order page.
      if (err instanceof ApiError && err.status < 500 && preview) setPending({ preview, refusal: err });
      else setError(err);
    } finally {
      setSaving(false);
    }
  };

  const start = async () => {
    setError(null);
    let preview: StatusPreview;
    try {
      preview = await api.statusPreview(job.orderId, 'ready');
    } catch (err) {
      setError(err);
      return;
    }
    if (preview.gate || preview.mails.length > 0 || preview.unpaidCents > 0) setPending({ preview, refusal: null });
    else await move({}, null);
  };

  return (
    <div className="ready-offer">
      <button type="button" className="button button-primary" disabled={saving} onClick={() => void start()}>
        {t.offerReady}
      </button>
      {pending && (
        <StatusDialog
          status="ready"
          preview={pending.preview}
          refusal={pending.refusal}
          saving={saving}
          onConfirm={(choice) => void move(choice, pending.preview)}
          onCancel={() => setPending(null)}
        />
      )}
      {error !== null && (
        <p role="alert" className="form-error">
          {errorText(error, inbox)}
        </p>
      )}
    </div>
  );
}
