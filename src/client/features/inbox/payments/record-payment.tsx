// Recording a payment or a refund against an order, from its Payments panel (docs/payments.md).
import { useId, useState, type FormEvent } from 'react';
import type { StaffAccountView } from '../../../../shared/invoices/invoice-api.js';
import { PAYMENT_METHODS } from '../../../../shared/invoices/payment-methods.js';
import type { PaymentMethodId } from '../../../../shared/invoices/terms.js';
import { ApiError } from '../../../shared/api-error.js';
import { useInboxApi } from '../session.js';
import { usePaymentsText } from './payments-messages.js';
import { InputField, ReasonField, FieldError } from './form-parts.js';

export function RecordPayment({
  orderId,
  view,
  onRecorded,
}: {
  orderId: string;
  view: StaffAccountView;
  onRecorded: () => void;
}) {
  const api = useInboxApi();
  const { t, language } = usePaymentsText();
  const id = useId();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethodId>(view.terms.methods[0] ?? 'etransfer');
  // The shop's today, not the browser's: after 8 p.m. in Vancouver a browser in UTC is a day ahead.
  const [receivedOn, setReceivedOn] = useState(view.today);
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [done, setDone] = useState('');

  // What the clerk confirmed so far for this payment: a second question keeps the first answer.
  const [confirmed, setConfirmed] = useState<string[]>([]);
  const submit = async (confirm?: string, before = confirmed, late?: { receivedOn: string; reason: string }) => {
    setSaving(true);
    setDone('');
    const answers = confirm ? [...before, confirm] : before;
    setConfirmed(answers);
    try {
      const recorded = await api.recordPayment(orderId, {
        amount,
        method,
        receivedOn: late?.receivedOn ?? receivedOn,
        reference,
        reason: late?.reason ?? reason,
        confirmDuplicate: answers.some((c) => c === 'possible_duplicate' || c === 'duplicate_reference'),
        confirmOverpayment: answers.some((c) => c === 'overpayment_unconfirmed' || c === 'order_cancelled'),
      });
      setRefusal(null);
      setConfirmed([]);
      setAmount('');
      setReference('');
      setReason('');
      setDone(t.recorded(recorded.receiptNumber));
      onRecorded();
    } catch (err) {
      if (err instanceof ApiError) setRefusal(err);
      else throw err;
    } finally {
      setSaving(false);
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // A payment submitted again from the form is asked about afresh.
    void submit(undefined, []);
  };
  const errorOf = (field: string) => (refusal?.fields.includes(field) ? refusal.messageIn(language) : '');
  const askConfirm =
    refusal &&
    ['possible_duplicate', 'duplicate_reference', 'overpayment_unconfirmed', 'order_cancelled'].includes(refusal.code);
  const field = (name: string) => ({
    id: `${id}-${name}`,
    'aria-invalid': errorOf(name) ? true : undefined,
    'aria-describedby': errorOf(name) ? `${id}-${name}-error` : undefined,
  });
  return (
    <form className="payment-form" onSubmit={onSubmit} noValidate>
      <fieldset>
        <legend>{t.record}</legend>
        <div className="field">
          <label htmlFor={`${id}-amount`}>{t.amount}</label>
          <input
            {...field('amount')}
            type="text"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <p className="muted small">{t.amountHint}</p>
          {!askConfirm && <FieldError id={`${id}-amount-error`} text={errorOf('amount')} />}
        </div>
        <div className="field">
          <label htmlFor={`${id}-method`}>{t.method}</label>
          <select id={`${id}-method`} value={method} onChange={(e) => setMethod(e.target.value as PaymentMethodId)}>
            {Object.values(PAYMENT_METHODS).map((m) => (
              <option key={m.id} value={m.id}>
                {m.label[language]}
              </option>
            ))}
          </select>
        </div>
        <InputField
          id={`${id}-receivedOn`}
          label={t.receivedOn}
          type="date"
          min={view.receivedOn}
          max={view.today}
          value={receivedOn}
          error={errorOf('receivedOn')}
          onChange={(e) => setReceivedOn(e.target.value)}
        />
        <div className="field">
          <label htmlFor={`${id}-reference`}>{t.reference}</label>
          <input
            {...field('reference')}
            type="text"
            value={reference}
            maxLength={100}
            onChange={(e) => setReference(e.target.value)}
          />
        </div>
        <ReasonField formId={id} label={t.reason} value={reason} onChange={setReason} error={errorOf('reason')} />
        {askConfirm && (
          <div role="alert" className="confirm-box">
            <p id={`${id}-${refusal.fields[0] ?? 'amount'}-error`}>{refusal.messageIn(language)}</p>
            <button
              type="button"
              className="button button-secondary"
              disabled={saving}
              onClick={() => void submit(refusal.code)}
            >
              {t.confirmAnyway}
            </button>
          </div>
        )}
        {refusal?.code === 'period_closed' && receivedOn !== view.today && (
          // A late cheque of a closed period: recorded on today's date, its own date in the note.
          <button
            type="button"
            className="button button-secondary"
            disabled={saving}
            onClick={() => {
              const note = [reason.trim(), t.lateNote(receivedOn)].filter(Boolean).join(' · ');
              setReceivedOn(view.today);
              setReason(note);
              void submit(undefined, confirmed, { receivedOn: view.today, reason: note });
            }}
          >
            {t.lateOnToday(receivedOn)}
          </button>
        )}
        {refusal && !askConfirm && refusal.fields.length === 0 && (
          <p role="alert" className="form-error">
            {refusal.messageIn(language)}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? t.saving : t.save}
        </button>
        {done && <p role="status">{done}</p>}
      </fieldset>
    </form>
  );
}
