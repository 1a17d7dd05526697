// Asked when a clerk sends a quote with no proof uploaded: the customer will then approve the
// quote alone (docs/product.md, "Quotes, proofs and approval"). A modal dialog: Escape or Cancel
// goes back to the editor, nothing sent.
import { useEffect, useRef } from 'react';
import { useQuoteText } from './quote-messages.js';

export function NoProofsDialog({
  busy,
  onConfirm,
  onCancel,
}: {
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useQuoteText();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby="h-no-proofs"
      aria-describedby="no-proofs-text"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id="h-no-proofs">{t.noProofsHeading}</h2>
      <p id="no-proofs-text">{t.noProofsText}</p>
      <div className="order-actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={onConfirm}>
          {t.noProofsConfirm}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t.noProofsCancel}
        </button>
      </div>
    </dialog>
  );
}
