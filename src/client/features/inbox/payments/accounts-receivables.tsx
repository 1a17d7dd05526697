// The Accounts page's receivables at a date (docs/accounts.md): aged receivables per customer and
// in all (current, 1–30, 31–60, 61–90, over 90 days past due) and deferred revenue (invoiced, not
// Completed), each with its CSV. Every amount is the server's, from shared/invoices.
import { useCallback, useId, useState, type FormEvent } from 'react';
import { AGEING_BUCKETS, AGEING_LABELS } from '../../../../shared/invoices/ageing.js';
import { formatCents } from '../../../../shared/money.js';
import { numColumn } from '../../../components/column-heads.js';
import { DateField } from '../../../components/date-field.js';
import { inboxLinks } from '../api.js';
import { useInboxApi } from '../session.js';
import { ReportTable } from './report-table.js';
import { useShownReport } from './report-period.js';
import { useReceivablesText } from './receivables-messages.js';

const today = () => new Date().toLocaleDateString('en-CA');
/** The date the address names (?asOf=YYYY-MM-DD: the Overview's ageing links here), else today. */
const asOfInAddress = () => {
  const date = new URLSearchParams(window.location.search).get('asOf');
  return date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : today();
};

export function Receivables() {
  const api = useInboxApi();
  const { t, language } = useReceivablesText();
  const id = useId();
  const [asOf, setAsOf] = useState(asOfInAddress);
  const load = useCallback(
    (date: string) =>
      Promise.all([api.aged(date), api.deferred(date)]).then(([aged, deferred]) => ({ aged, deferred })),
    [api],
  );
  const { result: shown, refusal, show } = useShownReport(load, asOfInAddress);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    show(asOf);
  };
  const error = refusal ? refusal.messageIn(language) : '';
  const money = (cents: number) => formatCents(cents, language);
  const aged = shown?.aged;
  const deferred = shown?.deferred;
  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t.agedHeading}</h2>
      <form onSubmit={submit} noValidate>
        <div className="report-period">
          <DateField id={`${id}-asof`} label={t.asOf} value={asOf} onChange={setAsOf} error={error} />
          <button type="submit" className="button button-primary">
            {t.show}
          </button>
        </div>
      </form>
      {aged && (
        <>
          <p className="muted small">{t.agedIntro}</p>
          {aged.customers.length === 0 ? (
            <p>{t.noOpen}</p>
          ) : (
            <ReportTable
              empty={false}
              columns={[
                t.customer,
                ...AGEING_BUCKETS.map((b) => numColumn(AGEING_LABELS[b][language])),
                numColumn(t.total),
              ]}
            >
              <tbody>
                {aged.customers.map((c) => (
                  <tr key={c.customer}>
                    <th scope="row">{c.customer}</th>
                    {AGEING_BUCKETS.map((b) => (
                      <td key={b} className="num">
                        {money(c.buckets[b])}
                      </td>
                    ))}
                    <td className="num">{money(c.totalCents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t.allCustomers}</th>
                  {AGEING_BUCKETS.map((b) => (
                    <td key={b} className="num">
                      {money(aged.buckets[b])}
                    </td>
                  ))}
                  <td className="num">{money(aged.totalCents)}</td>
                </tr>
              </tfoot>
            </ReportTable>
          )}
          <p>
            <a href={inboxLinks.atDate('aged', aged.asOf)} download>
              {t.agedCsv}
            </a>
          </p>
        </>
      )}
      {deferred && (
        <>
          <h3>{t.deferredHeading}</h3>
          <p className="muted small">{t.deferredIntro}</p>
          {deferred.rows.length === 0 ? (
            <p>{t.noDeferred}</p>
          ) : (
            <ReportTable
              empty={false}
              columns={[
                t.order,
                t.customer,
                t.status,
                t.firstInvoiced,
                numColumn(t.beforeTaxes),
                numColumn(t.withTaxes),
                numColumn(t.received),
              ]}
            >
              <tbody>
                {deferred.rows.map((r) => (
                  <tr key={r.orderReference}>
                    <th scope="row">{r.orderReference}</th>
                    <td>{r.customer}</td>
                    <td>{r.status ? t.statuses[r.status] : t.deletedOrder}</td>
                    <td>{r.firstInvoicedOn}</td>
                    <td className="num">{money(r.subtotalCents)}</td>
                    <td className="num">{money(r.totalCents)}</td>
                    <td className="num">{money(r.receivedCents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={4}>
                    {t.total}
                  </th>
                  <td className="num">{money(deferred.subtotalCents)}</td>
                  <td className="num">{money(deferred.totalCents)}</td>
                  <td className="num">{money(deferred.receivedCents)}</td>
                </tr>
              </tfoot>
            </ReportTable>
          )}
          <p>
            <a href={inboxLinks.atDate('deferred', deferred.asOf)} download>
              {t.deferredCsv}
            </a>
          </p>
        </>
      )}
    </section>
  );
}
