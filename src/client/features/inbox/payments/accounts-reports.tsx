// The accountant's side of the Accounts page for a period: the figures each tax return asks for,
// the taxes by tax and province, the payments received, the sales journal (each document's PDF,
// and a Credit action for an invoice with something left to credit), and the files to download.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { PaymentsReport, SalesJournal, TaxReport } from '../../../../shared/invoices/invoice-api.js';
import { PAYMENT_METHODS } from '../../../../shared/invoices/payment-methods.js';
import { formatCents } from '../../../../shared/money.js';
import { ColumnHeads, numColumn } from '../../../components/column-heads.js';
import { ApiError } from '../../../shared/api-error.js';
import { inboxLinks } from '../api.js';
import { useInboxApi } from '../session.js';
import { useAccountsText } from './accounts-messages.js';
import { Journal } from './accounts-journal.js';
import { ReportTable } from './report-table.js';

const firstOfMonth = () => `${new Date().toLocaleDateString('en-CA').slice(0, 8)}01`;
const today = () => new Date().toLocaleDateString('en-CA');

interface Period {
  from: string;
  to: string;
}

type Reports = [TaxReport, PaymentsReport, SalesJournal];

export function Reports() {
  const api = useInboxApi();
  const { t, language } = useAccountsText();
  const id = useId();
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(today);
  // The period shown: the downloads follow it, not the fields being edited.
  const [shown, setShown] = useState<Period>(() => ({ from: firstOfMonth(), to: today() }));
  const [reports, setReports] = useState<Reports | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  // The Credit action is offered to those who may credit (owners, and staff an owner allowed).
  const [mayCredit, setMayCredit] = useState(false);
  useEffect(() => {
    void api.moneyPermissions().then(
      (p) => setMayCredit(p.you.includes('credit')),
      () => setMayCredit(false),
    );
  }, [api]);
  const fetchReports = useCallback(
    ({ from: start, to: end }: Period) =>
      Promise.all([api.taxReport(start, end), api.paymentsReport(start, end), api.journal(start, end)]),
    [api],
  );
  const showing = useCallback(
    (period: Period, live: () => boolean = () => true) =>
      fetchReports(period).then(
        (result) => {
          if (!live()) return;
          setReports(result);
          setShown(period);
          setRefusal(null);
        },
        (err: unknown) => {
          if (live() && err instanceof ApiError) setRefusal(err);
        },
      ),
    [fetchReports],
  );
  const show = (e: FormEvent) => {
    e.preventDefault();
    void showing({ from, to });
  };
  // This month so far, as the page opens; other periods on "Show".
  useEffect(() => {
    let live = true;
    void showing({ from: firstOfMonth(), to: today() }, () => live);
    return () => {
      live = false;
    };
  }, [showing]);
  const periodError = refusal?.fields.includes('to') ? refusal.messageIn(language) : '';
  const [taxes, payments, journal] = reports ?? [null, null, null];
  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t.reportsHeading}</h2>
      <form onSubmit={show} noValidate>
        <fieldset>
          <legend className="visually-hidden">{t.period}</legend>
          <div className="report-period">
            <div className="field">
              <label htmlFor={`${id}-from`}>{t.from}</label>
              <input id={`${id}-from`} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-to`}>{t.to}</label>
              <input
                id={`${id}-to`}
                type="date"
                value={to}
                aria-invalid={periodError ? true : undefined}
                aria-describedby={periodError ? `${id}-to-error` : undefined}
                onChange={(e) => setTo(e.target.value)}
              />
              {periodError && (
                <p id={`${id}-to-error`} className="field-error">
                  {periodError}
                </p>
              )}
            </div>
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
      {journal && <Journal journal={journal} mayCredit={mayCredit} onCredited={() => void showing(shown)} />}
      {reports && <Downloads period={shown} />}
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
        columns={[t.tax, t.province, t.rate, numColumn(t.taxable), numColumn(t.taxAmount), numColumn(t.documents)]}
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
              <td className="num">{r.documents}</td>
            </tr>
          ))}
        </tbody>
      </ReportTable>
    </>
  );
}

function Payments({ report }: { report: PaymentsReport }) {
  const { t, language } = useAccountsText();
  const money = (cents: number) => formatCents(cents, language);
  return (
    <>
      <h3>{t.paymentsHeading}</h3>
      <ReportTable
        empty={report.rows.length === 0}
        columns={[t.date, t.receipt, t.order, t.method, numColumn(t.amount)]}
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
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              {t.total}
            </th>
            <td className="num">{money(report.totalCents)}</td>
          </tr>
        </tfoot>
      </ReportTable>
    </>
  );
}

function Downloads({ period: { from, to } }: { period: Period }) {
  const { t } = useAccountsText();
  const links: [string, string][] = [
    [t.csvTaxes, inboxLinks.report('taxes', from, to)],
    [t.csvPayments, inboxLinks.report('payments', from, to)],
    [t.csvJournal, inboxLinks.journal('csv', from, to)],
    [t.quickbooks, inboxLinks.journal('quickbooks', from, to)],
    [t.quickbooksCredits, inboxLinks.journal('quickbooks-credit-notes', from, to)],
    [t.xero, inboxLinks.journal('xero', from, to)],
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
