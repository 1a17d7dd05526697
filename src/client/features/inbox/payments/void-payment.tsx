// Voiding a payment recorded in error, from the order's Payments panel (docs/payments.md).
import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../../shared/api-error.js';
import { useInboxApi } from '../session.js';
import { ReasonField } from './form-parts.js';
import { usePaymentsText } from './payments-messages.js';

/** A payment recorded in error: voided with a reason, after a dialog that says what it does. */
export function VoidPayment({
  orderId,
  paymentId,
  receiptNumber,
  amount,
  onVoided,
}: {
  orderId: string;
  paymentId: string;
  receiptNumber: string;
  amount: string;
  onVoided: () => void;
}) {
  const api = useInboxApi();
  const { t, language } = usePaymentsText();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      await api.voidPayment(orderId, paymentId, reason);
      dialog.current?.close();
      onVoided();
    } catch (err) {
      if (err instanceof ApiError) setRefusal(err);
      else throw err;
    } finally {
      setSaving(false);
    }
  };
  const error = refusal ? refusal.messageIn(language) : '';
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
        {t.voidOpen(receiptNumber)}
      </button>
      <dialog ref={dialog} className="confirm-dialog" aria-labelledby={`${id}-h`} aria-describedby={`${id}-what`}>
        <form method="dialog" onSubmit={(e) => void submit(e)} noValidate>
          <h2 id={`${id}-h`}>{t.voidHeading(receiptNumber)}</h2>
          <p id={`${id}-what`}>{t.voidWhat(amount)}</p>
          <ReasonField formId={id} label={t.voidReason} value={reason} onChange={setReason} error={error} />
          <div className="order-actions">
            <button type="submit" className="button button-danger" disabled={saving}>
              {t.voidSubmit}
            </button>
            <button type="button" className="button button-secondary" onClick={() => dialog.current?.close()}>
              {t.voidCancel}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
