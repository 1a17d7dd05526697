// An order's invoices and payments in the inbox: the invoices and credit notes (PDFs), where the
// account stands, the payments with who recorded them, and the forms to record a payment or a
// refund and to credit an invoice. The server decides every amount and refusal; a refusal that
// asks for confirmation (a possible duplicate, more than the balance) offers "Record it anyway".
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { accountHeadline } from '../../../../shared/invoices/account.js';
import type { StaffAccountView } from '../../../../shared/invoices/invoice-api.js';
import { PAYMENT_METHODS } from '../../../../shared/invoices/payment-methods.js';
import type { PaymentMethodId } from '../../../../shared/invoices/terms.js';
import { formatCents } from '../../../../shared/money.js';
import { ApiError } from '../../../shared/api-error.js';
import { formatDate } from '../../../shared/format.js';
import { inboxLinks } from '../api.js';
import { useInboxApi } from '../session.js';
import { InputField, ReasonField } from './form-parts.js';
import { usePaymentsText } from './payments-messages.js';

function FieldError({ id, text }: { id: string; text: string }) {
  return text ? (
    <p id={id} className="field-error">
      {text}
    </p>
  ) : null;
}

export function PaymentsPanel({ orderId, onChanged }: { orderId: string; onChanged: () => void }) {
  const api = useInboxApi();
  const { t, language } = usePaymentsText();
  const [view, setView] = useState<StaffAccountView | null>(null);
  const [loadError, setLoadError] = useState('');
  const load = useCallback(
    () =>
      api
        .account(orderId)
        .then(setView, (err: unknown) => setLoadError(err instanceof ApiError ? err.messageIn(language) : String(err))),
    [api, orderId, language],
  );
  useEffect(() => {
    void load();
  }, [load]);

  if (loadError)
    return (
      <p role="alert" className="form-error">
        {loadError}
      </p>
    );
  if (!view) return <p>{t.loading}</p>;
  const money = (cents: number) => formatCents(cents, language);
  const { account } = view;
  const changed = () => {
    void load();
    onChanged();
  };
  return (
    <section className="card" aria-labelledby="h-payments">
      <h2 id="h-payments">{t.heading}</h2>
      {view.invoices.length === 0 ? (
        <p>{t.noInvoice}</p>
      ) : (
        <>
          <p>
            <strong>{accountHeadline(account, language)}</strong>
          </p>
          <dl className="account-figures">
            <div>
              <dt>{t.invoiced}</dt>
              <dd>{money(account.invoicedCents)}</dd>
            </div>
            <div>
              <dt>{t.deposit}</dt>
              <dd>{money(account.depositCents)}</dd>
            </div>
            <div>
              <dt>{t.paid}</dt>
              <dd>{money(account.paidCents)}</dd>
            </div>
            <div>
              <dt>{t.balance}</dt>
              <dd>{money(account.balanceCents)}</dd>
            </div>
            <div>
              <dt>{t.dueNow}</dt>
              <dd>{money(account.dueNowCents)}</dd>
            </div>
          </dl>
          <ul className="document-links">
            {view.invoices.map((i) => (
              <li key={i.id}>
                <a href={inboxLinks.invoicePdf(orderId, i.id)} download>
                  {i.kind === 'invoice' ? t.invoicePdf(i.number) : t.creditNotePdf(i.number, i.credits ?? '')}
                </a>{' '}
                <span className="muted small">
                  {i.issueDate}, {money(i.totalCents)}
                  {i.reason ? ` (${i.reason})` : ''}
                </span>
              </li>
            ))}
          </ul>
          {view.payments.length > 0 && (
            <>
              <h3>{t.payments}</h3>
              <ul className="document-links">
                {view.payments.map((p) => (
                  <li key={p.id}>
                    {p.receivedOn}: {money(p.amountCents)} · {PAYMENT_METHODS[p.method].label[language]}
                    {p.reference ? ` ${p.reference}` : ''}
                    {p.reason ? ` (${p.reason})` : ''} ·{' '}
                    <a href={inboxLinks.receiptPdf(orderId, p.id)} download>
                      {t.receiptPdf(p.receiptNumber)}
                    </a>{' '}
                    <span className="muted small">
                      {t.recordedBy(p.recordedBy, formatDate(p.recordedAt, language))}
                    </span>{' '}
                    {p.voided ? (
                      <strong>{t.voidedLabel(p.voided.on, p.voided.by, p.voided.reason)}</strong>
                    ) : (
                      <VoidPayment
                        orderId={orderId}
                        paymentId={p.id}
                        receiptNumber={p.receiptNumber}
                        amount={money(p.amountCents)}
                        onVoided={changed}
                      />
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
          <RecordPayment orderId={orderId} view={view} onRecorded={changed} />
          <CreditNote orderId={orderId} view={view} onIssued={changed} />
        </>
      )}
    </section>
  );
}

/** A payment recorded in error: voided with a reason, after a dialog that says what it does. */
function VoidPayment({
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

function RecordPayment({
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
  const submit = async (confirm?: string, before = confirmed) => {
    setSaving(true);
    setDone('');
    const answers = confirm ? [...before, confirm] : before;
    setConfirmed(answers);
    try {
      const recorded = await api.recordPayment(orderId, {
        amount,
        method,
        receivedOn,
        reference,
        reason,
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

function CreditNote({ orderId, view, onIssued }: { orderId: string; view: StaffAccountView; onIssued: () => void }) {
  const api = useInboxApi();
  const { t, language } = usePaymentsText();
  const id = useId();
  const creditable = view.invoices.filter((i) => i.kind === 'invoice' && i.creditableTotalCents > 0);
  const [invoiceNumber, setInvoiceNumber] = useState(creditable.at(-1)?.number ?? '');
  const [rest, setRest] = useState(false);
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [done, setDone] = useState('');
  if (creditable.length === 0) return null;
  const invoice = creditable.find((i) => i.number === invoiceNumber) ?? creditable.at(-1)!;
  const money = (cents: number) => formatCents(cents, language);
  const errorOf = (field: string) => (refusal?.fields.includes(field) ? refusal.messageIn(language) : '');
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const lines = Object.entries(amounts)
      .filter(([, amount]) => amount.trim() !== '')
      .map(([index, amount]) => ({ index: Number(index), amount }));
    try {
      const issued = await api.creditNote(orderId, {
        invoiceNumber: invoice.number,
        reason,
        ...(rest ? { rest: true } : { lines }),
      });
      setRefusal(null);
      setAmounts({});
      setRest(false);
      setDone(t.credited(issued.number));
      onIssued();
    } catch (err) {
      if (err instanceof ApiError) setRefusal(err);
      else throw err;
    }
  };
  const formError =
    refusal && !refusal.fields.some((f) => f === 'reason' || f.startsWith('lines.')) ? refusal.messageIn(language) : '';
  return (
    <details className="credit-note">
      <summary>{t.creditHeading}</summary>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-invoice`}>{t.creditInvoice}</label>
          <select id={`${id}-invoice`} value={invoice.number} onChange={(e) => setInvoiceNumber(e.target.value)}>
            {creditable.map((i) => (
              <option key={i.id} value={i.number}>
                {t.creditableOf(i.number, money(i.creditableTotalCents))}
              </option>
            ))}
          </select>
        </div>
        <div className="field checkbox">
          <input id={`${id}-rest`} type="checkbox" checked={rest} onChange={(e) => setRest(e.target.checked)} />
          <label htmlFor={`${id}-rest`}>{t.creditRest(money(invoice.creditableTotalCents))}</label>
        </div>
        {!rest && (
          <fieldset>
            <legend>{t.creditLines}</legend>
            {invoice.lines.map((line, index) =>
              line.creditableCents > 0 ? (
                <InputField
                  key={index}
                  id={`${id}-line-${index}`}
                  label={t.creditLine(index + 1, line.description, money(line.creditableCents))}
                  type="text"
                  inputMode="decimal"
                  value={amounts[index] ?? ''}
                  error={errorOf(`lines.${index}`)}
                  onChange={(e) => setAmounts({ ...amounts, [index]: e.target.value })}
                />
              ) : null,
            )}
          </fieldset>
        )}
        <ReasonField formId={id} label={t.creditReason} value={reason} onChange={setReason} error={errorOf('reason')} />
        {formError && (
          <p role="alert" className="form-error">
            {formError}
          </p>
        )}
        <button type="submit" className="button button-secondary">
          {t.creditSave}
        </button>
        {done && <p role="status">{done}</p>}
      </form>
    </details>
  );
}
