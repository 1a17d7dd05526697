// Asked when a clerk moves an order to In production before its deposit is in: the server's
// refusal says what is still due; the reason typed here is recorded with the move.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ApiError } from '../../../shared/api-error.js';
import { usePaymentsText } from './payments-messages.js';

export function DepositGate({
  refusal,
  saving,
  onConfirm,
  onCancel,
}: {
  refusal: ApiError;
  saving: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t, language } = usePaymentsText();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  const missing = tried && reason.trim() === '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (reason.trim() !== '') onConfirm(reason);
  };
  return (
    <dialog ref={dialog} aria-labelledby={`${id}-h`} onCancel={onCancel} className="gate-dialog">
      <form onSubmit={submit} noValidate>
        <h2 id={`${id}-h`}>{t.gateHeading}</h2>
        <p>{refusal.messageIn(language)}</p>
        <div className="field">
          <label htmlFor={`${id}-reason`}>{t.gateReason}</label>
          <textarea
            id={`${id}-reason`}
            value={reason}
            maxLength={500}
            rows={3}
            aria-invalid={missing ? true : undefined}
            aria-describedby={missing ? `${id}-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {missing && (
            <p id={`${id}-error`} className="field-error">
              {t.gateReason}
            </p>
          )}
        </div>
        <div className="dialog-actions">
          <button type="submit" className="button button-primary" disabled={saving}>
            {t.gateConfirm}
          </button>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t.gateCancel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
