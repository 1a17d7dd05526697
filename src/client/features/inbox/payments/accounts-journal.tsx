// The sales journal on the Accounts page: each invoice and credit note of the period with its
// PDF, each tax in its own column, and, for those who may credit, a Credit action on an invoice
// with something left to credit. It posts to the invoice's own credit route, so an invoice whose order was deleted is
// credited here (everything left, or an amount before taxes, with a reason).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { JOURNAL_TAXES, type JournalRow, type SalesJournal } from '../../../../shared/invoices/invoice-api.js';
import { formatCents } from '../../../../shared/money.js';
import { TAX_NAMES } from '../../../../shared/taxes.js';
import { numColumn } from '../../../components/column-heads.js';
import { ApiError } from '../../../shared/api-error.js';
import { inboxLinks } from '../api.js';
import { useInboxApi } from '../session.js';
import { useAccountsText } from './accounts-messages.js';
import { InputField, ReasonField } from './form-parts.js';
import { ReportTable } from './report-table.js';

export function Journal({
  journal,
  mayCredit,
  onCredited,
}: {
  journal: SalesJournal;
  mayCredit: boolean;
  onCredited: () => void;
}) {
  const { t, language } = useAccountsText();
  const money = (cents: number) => formatCents(cents, language);
  const [crediting, setCrediting] = useState<JournalRow | null>(null);
  const [done, setDone] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const status = useRef<HTMLParagraphElement>(null);
  // The form it was typed in is gone once the credit note is issued: the keyboard goes to the news.
  useEffect(() => {
    if (done) status.current?.focus();
  }, [done]);
  // Only the taxes charged in the period get a column; each stays apart from the others.
  const taxes = JOURNAL_TAXES.filter((code) => journal.rows.some((r) => r.taxes[code] !== 0));
  const close = (row: JournalRow) => {
    setCrediting(null);
    buttons.current.get(row.id)?.focus();
  };
  return (
    <>
      <h3>{t.journalHeading}</h3>
      <p className="muted small">{t.journalIntro}</p>
      {done && (
        <p role="status" ref={status} tabIndex={-1}>
          {done}
        </p>
      )}
      <ReportTable
        empty={journal.rows.length === 0}
        className="journal"
        columns={[
          t.date,
          t.number,
          t.kind,
          t.order,
          t.customer,
          t.placeOfSupply,
          numColumn(t.subtotal),
          ...taxes.map((code) => numColumn(TAX_NAMES[code][language], code)),
          numColumn(t.total),
          mayCredit && t.actions,
        ]}
      >
        <tbody>
          {journal.rows.map((r) => (
            <tr key={r.id}>
              <td>{r.issueDate}</td>
              <th scope="row">
                <a href={inboxLinks.documentPdf(r.id)} download>
                  {r.number} <span className="visually-hidden">{t.pdf}</span>
                </a>
              </th>
              <td>
                {t.kinds[r.kind]}
                {r.credits ? ` (${t.credits(r.credits)})` : ''}
              </td>
              <td>{r.orderReference}</td>
              <td>{[r.customerName, r.customerCompany].filter(Boolean).join(', ')}</td>
              <td>{r.province}</td>
              <td className="num">{money(r.subtotalCents)}</td>
              {taxes.map((code) => (
                <td key={code} className="num">
                  {money(r.taxes[code])}
                </td>
              ))}
              <td className="num">{money(r.totalCents)}</td>
              {mayCredit && (
                <td>
                  {r.kind === 'invoice' && r.creditableTotalCents > 0 && (
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-expanded={crediting?.id === r.id}
                      ref={(el) => {
                        if (el) buttons.current.set(r.id, el);
                        else buttons.current.delete(r.id);
                      }}
                      onClick={() => {
                        setDone('');
                        setCrediting(crediting?.id === r.id ? null : r);
                      }}
                    >
                      {t.creditOf(r.number)}
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={6}>
              {t.total}
            </th>
            <td className="num">{money(journal.totals.subtotalCents)}</td>
            {taxes.map((code) => (
              <td key={code} className="num">
                {money(journal.totals.taxes[code])}
              </td>
            ))}
            <td className="num">{money(journal.totals.totalCents)}</td>
            {mayCredit && <td />}
          </tr>
        </tfoot>
      </ReportTable>
      {crediting && (
        <CreditForm
          key={crediting.id}
          row={crediting}
          onCancel={() => close(crediting)}
          onIssued={(number) => {
            setCrediting(null);
            setDone(t.credited(number));
            onCredited();
          }}
        />
      )}
    </>
  );
}

function CreditForm({
  row,
  onCancel,
  onIssued,
}: {
  row: JournalRow;
  onCancel: () => void;
  onIssued: (number: string) => void;
}) {
  const api = useInboxApi();
  const { t, language } = useAccountsText();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [rest, setRest] = useState(true);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  // Opened from the journal: the keyboard lands on the form it opened.
  useEffect(() => heading.current?.focus(), []);
  // One refused field: the server's sentence, which says how much is left; several: each field's
  // own. "lines" (an invoice whose lines are taxed differently) is about the amount.
  const errorOf = (field: 'amount' | 'reason') => {
    const fields = refusal?.fields.map((f) => (f.startsWith('lines') ? 'amount' : f)) ?? [];
    if (!refusal || !fields.includes(field)) return '';
    return new Set(fields).size === 1 ? refusal.messageIn(language) : (t.creditErrors[field] ?? '');
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const body = rest
        ? { invoiceNumber: row.number, rest: true, reason }
        : { invoiceNumber: row.number, amount, reason };
      const issued = await api.creditInvoice(row.id, body);
      onIssued(issued.number);
    } catch (err) {
      if (err instanceof ApiError) setRefusal(err);
      else throw err;
    } finally {
      setSaving(false);
    }
  };
  const amountError = errorOf('amount');
  return (
    <section className="card credit-note" aria-labelledby={`${id}-h`}>
      <h4 id={`${id}-h`} ref={heading} tabIndex={-1}>
        {t.creditOf(row.number)}
      </h4>
      <p>{t.creditLeft(formatCents(row.creditableTotalCents, language))}</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <fieldset>
          <legend>{t.creditWhat}</legend>
          <div className="checkbox-field">
            <input id={`${id}-rest`} type="radio" name={`${id}-what`} checked={rest} onChange={() => setRest(true)} />
            <label htmlFor={`${id}-rest`}>{t.creditRest}</label>
          </div>
          <div className="checkbox-field">
            <input id={`${id}-part`} type="radio" name={`${id}-what`} checked={!rest} onChange={() => setRest(false)} />
            <label htmlFor={`${id}-part`}>{t.creditPart}</label>
          </div>
          {rest && amountError && (
            <p id={`${id}-amount-error`} className="field-error">
              {amountError}
            </p>
          )}
        </fieldset>
        {!rest && (
          <InputField
            id={`${id}-amount`}
            label={t.creditAmount}
            type="text"
            inputMode="decimal"
            value={amount}
            error={amountError}
            onChange={(e) => setAmount(e.target.value)}
          />
        )}
        <ReasonField formId={id} label={t.creditReason} value={reason} onChange={setReason} error={errorOf('reason')} />
        {refusal && !amountError && !errorOf('reason') && (
          <p role="alert" className="form-error">
            {refusal.messageIn(language)}
          </p>
        )}
        <div className="report-period">
          <button type="submit" className="button button-primary" disabled={saving}>
            {t.creditSave}
          </button>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}
