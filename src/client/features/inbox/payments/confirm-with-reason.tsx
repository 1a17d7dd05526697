// A step that cannot be taken back without a trace (voiding a payment, writing off a balance):
// a button opens a dialog that says what the step does and asks why; the server's refusal shows
// beside the reason and the dialog stays open (docs/payments.md, docs/accounts.md "Write-offs").
import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../../shared/api-error.js';
import { ReasonField } from './form-parts.js';
import { usePaymentsText } from './payments-messages.js';

export interface ConfirmWithReasonText {
  /** The button that opens the dialog. */
  open: string;
  heading: string;
  /** What the step does, read with the heading. */
  what: string;
  reasonLabel: string;
  submit: string;
  cancel: string;
}

/** `onConfirm` takes the reason and does the step; a refusal it throws (ApiError) is shown. */
export function ConfirmWithReason({
  text,
  onConfirm,
}: {
  text: ConfirmWithReasonText;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const { language } = usePaymentsText();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      await onConfirm(reason);
      dialog.current?.close();
    } catch (err) {
      if (err instanceof ApiError) setRefusal(err);
      else throw err;
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => {
          setRefusal(null);
          dialog.current?.showModal();
        }}
      >
        {text.open}
      </button>
      <dialog ref={dialog} className="confirm-dialog" aria-labelledby={`${id}-h`} aria-describedby={`${id}-what`}>
        <form method="dialog" onSubmit={(e) => void submit(e)} noValidate>
          <h2 id={`${id}-h`}>{text.heading}</h2>
          <p id={`${id}-what`}>{text.what}</p>
          <ReasonField
            formId={id}
            label={text.reasonLabel}
            value={reason}
            onChange={setReason}
            error={refusal ? refusal.messageIn(language) : ''}
          />
          <div className="order-actions">
            <button type="submit" className="button button-danger" disabled={saving}>
              {text.submit}
            </button>
            <button type="button" className="button button-secondary" onClick={() => dialog.current?.close()}>
              {text.cancel}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
