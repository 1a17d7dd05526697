import { useRef, useState } from 'react';
import { errorText, useInboxText } from './messages.js';

/** Deleting an order: a modal dialog where the clerk types the reference to confirm. */
export function DeleteOrder({
  reference,
  onDelete,
  onDeleted,
}: {
  reference: string;
  /** Deletes the order with the reference the clerk typed; rejects with the server's refusal. */
  onDelete: (typedReference: string) => Promise<void>;
  /** After the order is gone and the dialog closed. */
  onDeleted: () => void;
}) {
  const { t } = useInboxText();
  const dialog = useRef<HTMLDialogElement>(null);
  const [typed, setTyped] = useState('');
  // A refusal, worded when shown: the clerk's own check, or the server's answer.
  const [error, setError] = useState<{ mismatch: true } | { refused: unknown } | null>(null);
  const [deleting, setDeleting] = useState(false);

  const open = () => {
    setTyped('');
    setError(null);
    dialog.current?.showModal();
  };
  const submit = async () => {
    if (typed.trim().toUpperCase() !== reference) {
      setError({ mismatch: true });
      return;
    }
    setDeleting(true);
    try {
      await onDelete(typed.trim());
      dialog.current?.close();
      onDeleted();
    } catch (err) {
      setError({ refused: err });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <button type="button" className="button button-danger" onClick={open}>
        {t.deletion.open}
      </button>
      <dialog ref={dialog} className="confirm-dialog" aria-labelledby="h-delete" aria-describedby="delete-what">
        <form
          method="dialog"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <h2 id="h-delete">{t.deletion.heading(reference)}</h2>
          <p id="delete-what">{t.deletion.what(reference)}</p>
          <div className="field">
            <label htmlFor="delete-confirm">{t.deletion.confirm(reference)}</label>
            <input
              id="delete-confirm"
              type="text"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'delete-error' : undefined}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
          {error && (
            <p id="delete-error" role="alert" className="form-error">
              {'mismatch' in error ? t.deletion.mismatch(reference) : errorText(error.refused, t)}
            </p>
          )}
          <div className="order-actions">
            <button type="submit" className="button button-danger" disabled={deleting}>
              {t.deletion.submit}
            </button>
            <button type="button" className="button button-secondary" onClick={() => dialog.current?.close()}>
              {t.deletion.cancel}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
