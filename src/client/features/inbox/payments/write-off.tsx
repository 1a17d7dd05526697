// Writing off an order's unpaid balance as a bad debt, from its Payments panel
// (docs/accounts.md, "Write-offs").
import { useId, useRef, useState, type FormEvent } from 'react';
import { formatCents } from '../../../../shared/money.js';
import { ApiError } from '../../../shared/api-error.js';
import { useInboxApi } from '../session.js';
import { ReasonField } from './form-parts.js';
import { usePaymentsText } from './payments-messages.js';

/** A balance the customer will not pay, written off as a bad debt after a dialog that says what it does. */
export function WriteOff({
  orderId,
  amount,
  onWrittenOff,
}: {
  orderId: string;
  amount: string;
  /** Told what was written off: the panel shows it, since this button goes once nothing is owed. */
  onWrittenOff: (done: string) => void;
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
      const written = await api.writeOff(orderId, reason);
      dialog.current?.close();
      onWrittenOff(t.writeOffDone(formatCents(written.totalCents, language), formatCents(written.taxCents, language)));
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
        {t.writeOffOpen(amount)}
      </button>
      <dialog ref={dialog} className="confirm-dialog" aria-labelledby={`${id}-h`} aria-describedby={`${id}-what`}>
        <form method="dialog" onSubmit={(e) => void submit(e)} noValidate>
          <h2 id={`${id}-h`}>{t.writeOffHeading}</h2>
          <p id={`${id}-what`}>{t.writeOffWhat(amount)}</p>
          <ReasonField
            formId={id}
            label={t.writeOffReason}
            value={reason}
            onChange={setReason}
            error={refusal ? refusal.messageIn(language) : ''}
          />
          <div className="order-actions">
            <button type="submit" className="button button-danger" disabled={saving}>
              {t.writeOffSubmit}
            </button>
            <button type="button" className="button button-secondary" onClick={() => dialog.current?.close()}>
              {t.writeOffCancel}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
