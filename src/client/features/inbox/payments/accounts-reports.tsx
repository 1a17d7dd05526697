// The accountant's side of the Accounts page for a period: the figures each tax return asks for,
// the taxes by tax and province, the payments received, the sales journal (each document's PDF,
// and a Credit action for an invoice with something left to credit), the card fees and Stripe's
// payouts (accounts-card-books.tsx), and the files to download.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { PaymentsReport, SalesJournal, TaxReport } from '../../../../shared/invoices/invoice-api.js';
import { PAYMENT_METHODS } from '../../../../shared/invoices/payment-methods.js';
import { formatCents } from '../../../../shared/money.js';
import { isCalendarDate } from '../../../../shared/dates.js';
import { ColumnHeads, numColumn } from '../../../components/column-heads.js';
import { DateField } from '../../../components/date-field.js';
import { inboxLinks } from '../api.js';
import { useInboxApi } from '../session.js';
import { useAccountsText } from './accounts-messages.js';
import { Journal } from './accounts-journal.js';
import { CardFees, CardSurcharges, Payouts, usePayouts } from './accounts-card-books.js';
import { ReportTable } from './report-table.js';
import { useShownReport } from './report-period.js';

const firstOfMonth = () => `${new Date().toLocaleDateString('en-CA').slice(0, 8)}01`;
const today = () => new Date().toLocaleDateString('en-CA');

interface Period {
  from: string;
  to: string;
}

/** The period a link names (?from=&to=: the Overview's bars link here, docs/overview.md), else this month so far. */
function periodFromAddress(): Period {
  const query = new URLSearchParams(window.location.search);
  const [from, to] = [query.get('from'), query.get('to')];
  if (from && to && isCalendarDate(from) && isCalendarDate(to) && from <= to) return { from, to };
  return { from: firstOfMonth(), to: today() };
}

type Reports = [TaxReport, PaymentsReport, SalesJournal];

export function Reports() {
  const api = useInboxApi();
  const { t, language } = useAccountsText();
  const id = useId();
  const [from, setFrom] = useState(() => periodFromAddress().from);
  const [to, setTo] = useState(() => periodFromAddress().to);
  // The Credit action is offered to those who may credit (owners, and staff an owner allowed).
  const [mayCredit, setMayCredit] = useState(false);
  useEffect(() => {
    void api.moneyPermissions().then(
      (p) => setMayCredit(p.you.includes('credit')),
      () => setMayCredit(false),
    );
  }, [api]);
  const fetchReports = useCallback(
    ({ from: start, to: end }: Period): Promise<Reports> =>
      Promise.all([api.taxReport(start, end), api.paymentsReport(start, end), api.journal(start, end)]),
    [api],
  );
  // This month so far (or the period the link names), as the page opens; other periods on "Show".
  // The period shown: the downloads follow it, not the fields being edited.
  const { shown, result: reports, refusal, show } = useShownReport(fetchReports, periodFromAddress);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    show({ from, to });
  };
  const periodError = refusal?.fields.includes('to') ? refusal.messageIn(language) : '';
  const [taxes, payments, journal] = reports ?? [null, null, null];
  const payouts = usePayouts(shown.from, shown.to, reports !== null);
  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t.reportsHeading}</h2>
      <form onSubmit={submit} noValidate>
        <fieldset>
          <legend className="visually-hidden">{t.period}</legend>
          <div className="report-period">
            <DateField id={`${id}-from`} label={t.from} value={from} onChange={setFrom} />
            <DateField id={`${id}-to`} label={t.to} value={to} onChange={setTo} error={periodError} />
            <button type="submit" className="button button-primary">
              {t.show}
            </button>
          </div>
        </fieldset>
      </form>
      {refusal && !periodError && (
        <p role="alert" className="form-error">
          {refusal.messageIn(language)}
        </p>
      )}
      {taxes && <TaxReturns report={taxes} />}
      {taxes && <TaxRows report={taxes} />}
      {payments && <Payments report={payments} />}
      {journal && <Journal journal={journal} mayCredit={mayCredit} onCredited={() => show(shown)} />}
      {journal && <CardFees fees={journal.fees} />}
      {journal && <CardSurcharges surcharges={journal.surcharges} />}
      {reports && <Payouts state={payouts} />}
      {reports && <Downloads period={shown} payouts={payouts.online} />}
    </section>
  );
}

function TaxReturns({ report }: { report: TaxReport }) {
  const { t, language } = useAccountsText();
  if (report.returns.length === 0) return null;
  return (
    <>
      <h3>{t.returnsHeading}</h3>
      <p className="muted small">{t.returnsIntro}</p>
      {report.returns.map((r) => (
        <div key={r.id} className="table-scroll">
          <table>
            <caption>
              {r.title[language]} ({t.form(r.form)})
            </caption>
            <ColumnHeads columns={[t.line, t.figure, numColumn(t.amount)]} />
            <tbody>
              {r.lines.map((l) => (
                <tr key={`${l.line ?? ''}-${l.label.en}`}>
                  <td>{l.line ?? ''}</td>
                  <th scope="row">{l.label[language]}</th>
                  <td className="num">{formatCents(l.amountCents, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted small">
            {t.source}{' '}
            <a href={r.source.url} target="_blank" rel="noreferrer">
              {r.source.title}
            </a>
          </p>
        </div>
      ))}
    </>
  );
}

function TaxRows({ report }: { report: TaxReport }) {
  const { t, language } = useAccountsText();
  const money = (cents: number) => formatCents(cents, language);
  return (
    <>
      <h3>{t.taxesHeading}</h3>
      <ReportTable
        empty={report.rows.length === 0}
        columns={[
          t.tax,
          t.province,
          t.rate,
          numColumn(t.taxable),
          numColumn(t.taxAmount),
          numColumn(t.adjustedTax),
          numColumn(t.documents),
        ]}
      >
        <tbody>
          {report.rows.map((r) => (
            <tr key={`${r.key}-${r.province}`}>
              <td>{r.name[language]}</td>
              <td>{r.province}</td>
              <td>
                {r.rateLabel[language]}
                {r.note ? ` (${r.note[language]})` : ''}
              </td>
              <td className="num">{money(r.taxableCents)}</td>
              <td className="num">{money(r.amountCents)}</td>
              <td className="num">{money(r.adjustmentCents)}</td>
              <td className="num">{r.documents}</td>
            </tr>
          ))}
        </tbody>
      </ReportTable>
    </>
  );
}

export function Payments({ report }: { report: PaymentsReport }) {
  const { t, language } = useAccountsText();
  const money = (cents: number) => formatCents(cents, language);
  // The surcharge and what the card was charged, while the period has a card surcharge (docs/payments.md).
  const surcharged = report.rows.some((r) => (r.surchargeCents ?? 0) !== 0);
  const chargedCents = report.rows.reduce((sum, r) => sum + (r.chargedCents ?? 0), 0);
  return (
    <>
      <h3>{t.paymentsHeading}</h3>
      <ReportTable
        empty={report.rows.length === 0}
        columns={[
          t.date,
          t.receipt,
          t.order,
          t.method,
          numColumn(t.amount),
          numColumn(t.cardFee),
          surcharged && numColumn(t.surcharge),
          surcharged && numColumn(t.charged),
        ]}
      >
        <tbody>
          {report.rows.map((r) => (
            <tr key={r.receiptNumber}>
              <td>{r.receivedOn}</td>
              <td>{r.receiptNumber}</td>
              <td>{r.orderReference}</td>
              <td>
                {PAYMENT_METHODS[r.method].label[language]}
                {r.reference ? ` ${r.reference}` : ''}
              </td>
              <td className="num">{money(r.amountCents)}</td>
              <td className="num">{r.feeCents === null ? '' : money(r.feeCents)}</td>
              {surcharged && <td className="num">{r.surchargeCents === null ? '' : money(r.surchargeCents)}</td>}
              {surcharged && <td className="num">{r.chargedCents === null ? '' : money(r.chargedCents)}</td>}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              {t.total}
            </th>
            <td className="num">{money(report.totalCents)}</td>
            <td className="num">{money(report.feesCents)}</td>
            {surcharged && <td className="num">{money(report.surchargesCents)}</td>}
            {surcharged && <td className="num">{money(chargedCents)}</td>}
          </tr>
        </tfoot>
      </ReportTable>
    </>
  );
}

/** The period's files; the payouts' CSV only while payments online are configured (else it answers 409). */
export function Downloads({ period: { from, to }, payouts }: { period: Period; payouts: boolean }) {
  const { t } = useAccountsText();
  const links: [string, string][] = [
    [t.csvTaxes, inboxLinks.report('taxes', from, to)],
    [t.csvPayments, inboxLinks.report('payments', from, to)],
    [t.csvJournal, inboxLinks.journal('csv', from, to)],
    ...(payouts ? [[t.csvPayouts, inboxLinks.report('payouts', from, to)] as [string, string]] : []),
    [t.quickbooks, inboxLinks.journal('quickbooks', from, to)],
    [t.quickbooksCredits, inboxLinks.journal('quickbooks-credit-notes', from, to)],
    [t.quickbooksPayments, inboxLinks.journal('quickbooks-payments', from, to)],
    [t.xero, inboxLinks.journal('xero', from, to)],
    [t.xeroCredits, inboxLinks.journal('xero-credit-notes', from, to)],
    [t.xeroPayments, inboxLinks.journal('xero-payments', from, to)],
  ];
  return (
    <>
      <h3>{t.downloads}</h3>
      <ul className="document-links">
        {links.map(([label, href]) => (
          <li key={href}>
            <a href={href} download>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
