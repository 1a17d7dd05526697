// Crediting an invoice of the order, from its Payments panel (docs/accounts.md, "Credit notes").
import { useId, useState, type FormEvent } from 'react';
import type { StaffAccountView } from '../../../../shared/invoices/invoice-api.js';
import { formatCents } from '../../../../shared/money.js';
import { ApiError } from '../../../shared/api-error.js';
import { useInboxApi } from '../session.js';
import { usePaymentsText } from './payments-messages.js';
import { InputField, ReasonField } from './form-parts.js';

export function CreditNote({
  orderId,
  view,
  onIssued,
}: {
  orderId: string;
  view: StaffAccountView;
  onIssued: () => void;
}) {
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
