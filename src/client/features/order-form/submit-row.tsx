// The submit button, and while sending, the upload's progress and a way to cancel.
import { useOrderFormText } from './messages.js';

export function SubmitRow({
  progress,
  waiting,
  onCancel,
}: {
  progress: { sent: number; total: number } | null;
  /** Files still uploading in the background: the order goes when they finish. */
  waiting: number | null;
  onCancel: () => void;
}) {
  const { t } = useOrderFormText();
  const busy = progress !== null || waiting !== null;
  return (
    <div className="submit-row">
      <button type="submit" className="button button-primary button-large" disabled={busy}>
        {waiting !== null ? t.submit.waiting(waiting) : progress ? t.submit.sending : t.submit.button}
      </button>
      {waiting !== null && !progress && (
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t.submit.cancel}
        </button>
      )}
      {progress && (
        <div className="progress">
          <progress
            aria-label={t.submit.progressLabel}
            max={Math.max(progress.total, 1)}
            value={Math.min(progress.sent, Math.max(progress.total, 1))}
          />
          <p className="small" aria-hidden="true">
            {t.submit.progress(progress.sent, progress.total)}
          </p>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t.submit.cancel}
          </button>
        </div>
      )}
    </div>
  );
}
