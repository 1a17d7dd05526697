// "Remove Layout" on every layout, asking first in a native modal <dialog>: focus moves into it
// (to "Keep it", its first button) and stays there, Escape or "Keep it" closes it with nothing
// lost, and screen readers announce its heading and warning.
import { useId, useRef } from 'react';
import { useOrderFormText } from './messages.js';

export function RemoveLayout({ position, onConfirm }: { position: number; onConfirm: () => void }) {
  const { t } = useOrderFormText();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  return (
    <>
      <button
        type="button"
        className="button button-danger remove-layout"
        aria-label={t.layout.removeNamed(position)}
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
      >
        {t.layout.remove}
      </button>
      <dialog ref={dialog} className="confirm-dialog" aria-labelledby={`${id}-h`} aria-describedby={`${id}-p`}>
        <h3 id={`${id}-h`}>{t.layout.removeHeading(position)}</h3>
        <p id={`${id}-p`}>{t.layout.removeWarning}</p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => dialog.current?.close()}>
            {t.layout.keep}
          </button>
          <button
            type="button"
            className="button button-danger"
            onClick={() => {
              dialog.current?.close();
              onConfirm();
            }}
          >
            {t.layout.removeConfirm}
          </button>
        </div>
      </dialog>
    </>
  );
}
