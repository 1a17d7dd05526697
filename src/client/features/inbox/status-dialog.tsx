// Asked before a status change that does more than move the order (docs/accounts.md, "The gate"):
// past the gate it asks for a reason, it shows the emails the customer will get word for word,
// and cancelling an invoiced order offers to credit what is unpaid. The server decides each part
// (GET …/status-preview) and checks them again when the move is made.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { StatusPreview } from '../../../shared/inbox-api.js';
import { formatCents } from '../../../shared/money.js';
import { statusLabel } from '../../../shared/order-presentation.js';
import type { OrderStatus } from '../../../shared/constants.js';
import type { ApiError } from '../../shared/api-error.js';
import { useStatusText } from './status-messages.js';

export interface StatusChoice {
  override?: { reason: string };
  creditUnpaid?: boolean;
  writeOffRest?: boolean;
}

export function StatusDialog({
  status,
  preview,
  refusal,
  saving,
  onConfirm,
  onCancel,
}: {
  status: OrderStatus;
  preview: StatusPreview;
  /** The server's refusal of the last try (a reason it did not take). */
  refusal: ApiError | null;
  saving: boolean;
  onConfirm: (choice: StatusChoice) => void;
  onCancel: () => void;
}) {
  const { t, language } = useStatusText();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [credit, setCredit] = useState(preview.may.credit);
  // Offered at once when what the credit cannot reach is under the owner's small-balance threshold.
  const [writeOff, setWriteOff] = useState(preview.may.credit && preview.writeOffCents > 0);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  const label = statusLabel(status, language);
  const gate = preview.gate;
  const blocked = gate !== null && !preview.may.override;
  const missing = gate !== null && tried && reason.trim() === '';
  const serverSays = refusal?.fields.includes('reason') ? refusal.messageIn(language) : '';
  const reasonError = missing ? t.gateReason : serverSays;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (blocked || (gate && reason.trim() === '')) return;
    onConfirm({
      ...(gate ? { override: { reason } } : {}),
      ...(preview.unpaidCents > 0 && credit ? { creditUnpaid: true } : {}),
      ...(preview.unpaidCents > 0 && credit && writeOff && preview.writeOffCents > 0 ? { writeOffRest: true } : {}),
    });
  };
  const unpaid = formatCents(preview.unpaidCents, language);
  // Exactly what the credit notes will total: the server's plan, which the move then carries out.
  const credited = formatCents(preview.creditCents, language);
  const rest = formatCents(preview.writeOffCents, language);
  return (
    <dialog ref={dialog} aria-labelledby={`${id}-h`} onCancel={onCancel} className="gate-dialog">
      <form onSubmit={submit} noValidate>
        <h2 id={`${id}-h`}>{t.heading(label)}</h2>
        {gate && (
          <>
            <p>{gate.message[language]}</p>
            {blocked ? (
              <p className="form-error">{t.gateNotAllowed}</p>
            ) : (
              <div className="field">
                <label htmlFor={`${id}-reason`}>{t.gateReason}</label>
                <textarea
                  id={`${id}-reason`}
                  value={reason}
                  maxLength={500}
                  rows={3}
                  aria-invalid={reasonError ? true : undefined}
                  aria-describedby={reasonError ? `${id}-error` : undefined}
                  onChange={(e) => setReason(e.target.value)}
                />
                {reasonError && (
                  <p id={`${id}-error`} className="field-error">
                    {reasonError}
                  </p>
                )}
              </div>
            )}
          </>
        )}
        {preview.unpaidCents > 0 && (
          <div className="field checkbox">
            <input
              id={`${id}-credit`}
              type="checkbox"
              checked={credit}
              disabled={!preview.may.credit}
              aria-describedby={`${id}-credit-note`}
              onChange={(e) => setCredit(e.target.checked)}
            />
            <label htmlFor={`${id}-credit`}>{t.creditUnpaid(credited)}</label>
            <p id={`${id}-credit-note`} className="muted small">
              {preview.may.credit ? (credit ? '' : t.unpaidKept(unpaid)) : t.creditNotAllowed}
            </p>
          </div>
        )}
        {preview.unpaidCents > 0 && credit && preview.writeOffCents > 0 && (
          <div className="field checkbox">
            <input
              id={`${id}-write-off`}
              type="checkbox"
              checked={writeOff}
              disabled={!preview.may.credit}
              onChange={(e) => setWriteOff(e.target.checked)}
            />
            <label htmlFor={`${id}-write-off`}>{t.writeOffRest(rest)}</label>
          </div>
        )}
        {preview.mails.length > 0 ? (
          <section aria-labelledby={`${id}-mails`}>
            <h3 id={`${id}-mails`}>{t.mailsHeading}</h3>
            {preview.mails.map((m, i) => (
              <div key={i} className="mail-preview">
                <p>
                  <strong>{t.subject}</strong> {m.subject}
                </p>
                <pre className="pre small">{m.text}</pre>
              </div>
            ))}
          </section>
        ) : (
          <p className="muted">{t.noMail}</p>
        )}
        {refusal && !serverSays && (
          <p role="alert" className="form-error">
            {refusal.messageIn(language)}
          </p>
        )}
        <div className="dialog-actions">
          <button type="submit" className="button button-primary" disabled={saving || blocked}>
            {t.confirm(label)}
          </button>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t.cancel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
