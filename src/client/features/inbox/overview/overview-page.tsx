// The owner's Overview at /inbox/overview (docs/overview.md): sales, what is owed, quotes, the
// floor and margins for the period the address names (?from=&to=, so a link shares the view).
// Its own lazy chunk, with the charting library: nothing of it is in the inbox's first load.
// Every amount is the server's (from the books' pure functions); this page only formats it.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { DECORATION_METHODS } from '../../../../shared/constants.js';
import { isCalendarDate } from '../../../../shared/dates.js';
import { AGEING_BUCKETS, AGEING_LABELS } from '../../../../shared/invoices/ageing.js';
import { formatCents } from '../../../../shared/money.js';
import { DECORATION_LABELS } from '../../../../shared/order-presentation.js';
import {
  monthRange,
  percentOf,
  SALES_GROUPS,
  type Overview,
  type OverviewPanel,
  type SalesGroup,
} from '../../../../shared/overview/overview.js';
import { ColumnHeads, numColumn } from '../../../components/column-heads.js';
import { DateField } from '../../../components/date-field.js';
import { ApiError } from '../../../shared/api-error.js';
import { formatDay } from '../../../shared/format.js';
import { localeOf, type Language } from '../../../shared/language.js';
import { navigate, navigateOnClick, usePath } from '../navigation.js';
import { useInboxApi } from '../session.js';
import { BarChart } from './bar-chart.js';
import { useOverviewText } from './overview-messages.js';

type Text = ReturnType<typeof useOverviewText>['t'];

function periodOf(path: string): { from?: string; to?: string } {
  const query = new URLSearchParams(path.split('?')[1] ?? '');
  const from = query.get('from');
  const to = query.get('to');
  return {
    ...(from && isCalendarDate(from) ? { from } : {}),
    ...(to && isCalendarDate(to) ? { to } : {}),
  };
}

const monthName = (month: string, language: Language, style: 'long' | 'short') =>
  new Intl.DateTimeFormat(localeOf(language), {
    month: style,
    ...(style === 'long' ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${month}-15T12:00:00Z`));

export default function OverviewPage() {
  const api = useInboxApi();
  const { t, language } = useOverviewText();
  const path = usePath();
  const asked = periodOf(path);
  const key = `${asked.from ?? ''}|${asked.to ?? ''}`;
  const [overview, setOverview] = useState<Overview | null>(null);
  const [failed, setFailed] = useState<ApiError | null>(null);
  useEffect(() => {
    let live = true;
    const [from, to] = key.split('|');
    const query = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
    void api.call(`/api/overview?${query}`).then(
      (body) => {
        if (!live) return;
        setOverview(body as Overview);
        setFailed(null);
      },
      (err: unknown) => {
        if (live && err instanceof ApiError) setFailed(err);
      },
    );
    return () => {
      live = false;
    };
  }, [api, key]);
  useEffect(() => {
    document.title = t.heading;
  }, [t]);
  // Once its panels are drawn (the browser journey reads it: docs/overview.md, "Agreement and speed").
  useEffect(() => {
    if (overview && performance.getEntriesByName('overview:drawn').length === 0) performance.mark('overview:drawn');
  }, [overview]);
  return (
    <div className="overview-page">
      <h1>{t.heading}</h1>
      {overview && (
        <PeriodForm key={`${overview.from}|${overview.to}`} from={overview.from} to={overview.to} error={failed} />
      )}
      {failed && !overview && (
        <p role="alert" className="form-error">
          {failed.fields.length ? failed.messageIn(language) : t.failed}
        </p>
      )}
      {!overview && !failed && <p role="status">{t.loading}</p>}
      {overview && (
        <>
          {overview.sales && <SalesSection o={overview} t={t} language={language} />}
          {overview.owed && <OwedSection o={overview} t={t} language={language} />}
          {overview.quotes && <QuotesSection o={overview} t={t} language={language} />}
          {overview.floor && <FloorSection o={overview} t={t} language={language} />}
          {overview.margins && <MarginsSection o={overview} t={t} language={language} />}
        </>
      )}
    </div>
  );
}

function PeriodForm({ from, to, error }: { from: string; to: string; error: ApiError | null }) {
  const { t, language } = useOverviewText();
  const id = useId();
  const [start, setStart] = useState(from);
  const [end, setEnd] = useState(to);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(`/inbox/overview?${new URLSearchParams({ from: start, to: end })}`);
  };
  const periodError = error?.fields.includes('to') ? error.messageIn(language) : '';
  return (
    <form className="card overview-period" onSubmit={submit}>
      <fieldset>
        <legend>{t.period}</legend>
        <DateField id={`${id}-from`} label={t.from} value={start} onChange={setStart} required />
        <DateField id={`${id}-to`} label={t.to} value={end} onChange={setEnd} error={periodError} required />
        <button type="submit" className="button">
          {t.show}
        </button>
      </fieldset>
    </form>
  );
}

interface SectionProps {
  o: Overview;
  t: Text;
  language: Language;
}

function Panel({
  panel,
  heading,
  o,
  t,
  children,
}: {
  panel: OverviewPanel;
  heading: string;
  o: Overview;
  t: Text;
  children: React.ReactNode;
}) {
  const id = useId();
  const csv = `/api/overview/csv?${new URLSearchParams({ panel, from: o.from, to: o.to })}`;
  return (
    <section className="card overview-panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{heading}</h2>
      {children}
      <p>
        <a href={csv} download>
          {t.downloadCsv(heading)}
        </a>
      </p>
    </section>
  );
}

const groupName = (g: SalesGroup, t: Text, language: Language) =>
  g === 'several' ? t.sales.several : g === 'none' ? t.sales.none : DECORATION_LABELS[language][g];

function SalesSection({ o, t, language }: SectionProps) {
  const sales = o.sales!;
  const money = (c: number) => formatCents(c, language);
  const groups = SALES_GROUPS.filter((g) => sales.months.some((m) => m.byGroup[g] !== 0));
  return (
    <Panel panel="sales" heading={t.sales.heading} o={o} t={t}>
      <p className="muted small">{t.sales.intro}</p>
      <BarChart
        title={t.sales.chartTitle}
        description={t.sales.chartDescription(money(sales.totals.salesCents), sales.months.length)}
        series={[{ name: t.sales.sales, style: 'solid' }]}
        groups={sales.months.map((m) => {
          const range = monthRange(m.month);
          const from = range.from < o.from ? o.from : range.from;
          const to = range.to > o.to ? o.to : range.to;
          const href = `/inbox/accounts?${new URLSearchParams({ from, to })}`;
          const long = monthName(m.month, language, 'long');
          return {
            key: m.month,
            label: monthName(m.month, language, 'short'),
            values: [
              {
                value: m.salesCents,
                text: compact(m.salesCents, language),
                href,
                label: t.sales.barLabel(long, money(m.salesCents)),
              },
            ],
          };
        })}
      />
      <ScrollArea>
        <table className="overview-table">
          <caption>{t.numbers}</caption>
          <ColumnHeads
            columns={[
              t.month,
              numColumn(t.sales.sales),
              numColumn(t.sales.taxes),
              ...groups.map((g) => numColumn(groupName(g, t, language))),
              numColumn(t.sales.newCustomers),
              numColumn(t.sales.returning),
            ]}
          />
          <tbody>
            {sales.months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthName(m.month, language, 'long')}</th>
                <td className="num">{money(m.salesCents)}</td>
                <td className="num">{money(m.taxesCents)}</td>
                {groups.map((g) => (
                  <td key={g} className="num">
                    {money(m.byGroup[g])}
                  </td>
                ))}
                <td className="num">{money(m.newCents)}</td>
                <td className="num">{money(m.returningCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t.sales.total}</th>
              <td className="num">{money(sales.totals.salesCents)}</td>
              <td className="num">{money(sales.totals.taxesCents)}</td>
              {groups.map((g) => (
                <td key={g} className="num">
                  {money(sales.months.reduce((s, m) => s + m.byGroup[g], 0))}
                </td>
              ))}
              <td className="num">{money(sales.months.reduce((s, m) => s + m.newCents, 0))}</td>
              <td className="num">{money(sales.months.reduce((s, m) => s + m.returningCents, 0))}</td>
            </tr>
          </tfoot>
        </table>
      </ScrollArea>
    </Panel>
  );
}

/** "$12.3k" over a bar: the table beside it has the amount to the cent. */
function compact(cents: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency: 'CAD',
    currencyDisplay: 'narrowSymbol',
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(cents / 100);
}

function OwedSection({ o, t, language }: SectionProps) {
  const owed = o.owed!;
  const money = (c: number) => formatCents(c, language);
  // The aged receivables on the same day: the Accounts page's buckets are these, to the cent.
  const agedHref = `/inbox/accounts?${new URLSearchParams({ asOf: owed.asOf })}`;
  return (
    <Panel panel="owed" heading={t.owed.heading} o={o} t={t}>
      <p>{t.owed.asOf(owed.asOf)}</p>
      <dl className="overview-figures">
        <div>
          <dt>{t.owed.dueNow}</dt>
          <dd>{money(owed.dueNowCents)}</dd>
        </div>
        <div>
          <dt>{t.owed.total}</dt>
          <dd>{money(owed.totalCents)}</dd>
        </div>
      </dl>
      <p>{t.owed.depositsWaiting(owed.depositsWaiting.orders, money(owed.depositsWaiting.cents))}</p>
      <BarChart
        title={t.owed.chartTitle}
        description={t.owed.chartDescription(money(owed.totalCents))}
        series={[{ name: t.owed.amount, style: 'solid' }]}
        groups={AGEING_BUCKETS.map((b) => ({
          key: b,
          label: AGEING_LABELS[b][language],
          values: [{ value: owed.buckets[b], text: compact(owed.buckets[b], language) }],
        }))}
      />
      <ScrollArea>
        <table className="overview-table">
          <caption>{t.numbers}</caption>
          <ColumnHeads columns={[t.owed.bucket, numColumn(t.owed.amount)]} />
          <tbody>
            {AGEING_BUCKETS.map((b) => (
              <tr key={b}>
                <th scope="row">
                  <a href={agedHref} onClick={navigateOnClick(agedHref)}>
                    {AGEING_LABELS[b][language]}
                  </a>
                </th>
                <td className="num">{money(owed.buckets[b])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
      <h3>{t.owed.largest}</h3>
      {owed.largest.length === 0 ? (
        <p>{t.owed.none}</p>
      ) : (
        <ScrollArea>
          <table className="overview-table">
            <ColumnHeads columns={[t.owed.order, t.owed.customer, numColumn(t.owed.balance)]} />
            <tbody>
              {owed.largest.map((l) => (
                <tr key={l.orderReference}>
                  <th scope="row">
                    {l.orderId ? (
                      <a href={`/inbox/orders/${l.orderId}`} onClick={navigateOnClick(`/inbox/orders/${l.orderId}`)}>
                        {l.orderReference}
                      </a>
                    ) : (
                      l.orderReference
                    )}
                  </th>
                  <td>{l.customer}</td>
                  <td className="num">{money(l.balanceCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      <p>
        <a href={agedHref} onClick={navigateOnClick(agedHref)}>
          {t.owed.seeAged}
        </a>
      </p>
    </Panel>
  );
}

function QuotesSection({ o, t, language }: SectionProps) {
  const q = o.quotes!;
  const sent = q.months.reduce((s, m) => s + m.sent, 0);
  const approved = q.months.reduce((s, m) => s + m.approved, 0);
  const days = (n: number | null) => (n === null ? t.notYet : t.days(n));
  return (
    <Panel panel="quotes" heading={t.quotes.heading} o={o} t={t}>
      {q.approvedPercent === null ? <p>{t.quotes.noneSent}</p> : <p>{t.quotes.share(`${q.approvedPercent}\u00a0%`)}</p>}
      <p>{t.quotes.median(days(q.medianDaysToApproval))}</p>
      <BarChart
        title={t.quotes.chartTitle}
        description={t.quotes.chartDescription(sent, approved)}
        series={[
          { name: t.quotes.sent, style: 'solid' },
          { name: t.quotes.approved, style: 'hatched' },
        ]}
        groups={q.months.map((m) => ({
          key: m.month,
          label: monthName(m.month, language, 'short'),
          values: [
            { value: m.sent, text: String(m.sent) },
            { value: m.approved, text: String(m.approved) },
          ],
        }))}
      />
      <ScrollArea>
        <table className="overview-table">
          <caption>{t.numbers}</caption>
          <ColumnHeads
            columns={[
              t.month,
              numColumn(t.quotes.sent),
              numColumn(t.quotes.approved),
              numColumn(t.quotes.changesAsked),
              numColumn(t.quotes.lapsed),
            ]}
          />
          <tbody>
            {q.months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthName(m.month, language, 'long')}</th>
                <td className="num">{m.sent}</td>
                <td className="num">{m.approved}</td>
                <td className="num">{m.changesAsked}</td>
                <td className="num">{m.lapsed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
      <p className="muted small">{t.quotes.lapsedHint(q.lapseDays)}</p>
    </Panel>
  );
}

function FloorSection({ o, t, language }: SectionProps) {
  const f = o.floor!;
  const ready = f.onTime.reduce((s, m) => s + m.ready, 0);
  const onTime = f.onTime.reduce((s, m) => s + m.onTime, 0);
  const share = percentOf(onTime, ready);
  const pct = (p: number | null) => (p === null ? '—' : `${p}\u00a0%`);
  const methods = DECORATION_METHODS.filter((m) => f.weeks.some((w) => w.capacity[m] > 0 || w.pieces[m] > 0));
  const weekName = (i: number) => (i === 0 ? t.floor.thisWeek : t.floor.nextWeek);
  return (
    <Panel panel="floor" heading={t.floor.heading} o={o} t={t}>
      <BarChart
        title={t.floor.chartTitle}
        description={t.floor.chartDescription}
        series={[
          { name: `${t.floor.pieces}, ${t.floor.thisWeek.toLowerCase()}`, style: 'solid' },
          { name: `${t.floor.pieces}, ${t.floor.nextWeek.toLowerCase()}`, style: 'hatched' },
        ]}
        limitLabel={t.floor.capacity}
        groups={methods.map((m) => ({
          key: m,
          label: DECORATION_LABELS[language][m],
          limit: f.weeks[0]!.capacity[m],
          values: f.weeks.map((w) => ({ value: w.pieces[m], text: String(w.pieces[m]) })),
        }))}
      />
      <ScrollArea>
        <table className="overview-table">
          <caption>{t.numbers}</caption>
          <ColumnHeads
            columns={[
              t.floor.method,
              ...f.weeks.flatMap((_, i) => [numColumn(`${t.floor.pieces}, ${weekName(i).toLowerCase()}`)]),
              numColumn(t.floor.capacity),
            ]}
          />
          <tbody>
            {methods.map((m) => (
              <tr key={m}>
                <th scope="row">{DECORATION_LABELS[language][m]}</th>
                {f.weeks.map((w, i) => (
                  <td key={i} className="num">
                    {w.pieces[m]}
                    {w.pieces[m] > w.capacity[m] && w.capacity[m] > 0 && <> ({t.floor.over})</>}
                  </td>
                ))}
                <td className="num">{f.weeks[0]!.capacity[m]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
      <BarChart
        title={t.floor.onTimeTitle}
        description={t.floor.onTimeDescription(pct(share))}
        series={[{ name: t.floor.onTimeShare, style: 'solid' }]}
        groups={f.onTime.map((m) => {
          const p = percentOf(m.onTime, m.ready);
          return {
            key: m.month,
            label: monthName(m.month, language, 'short'),
            values: [{ value: p ?? 0, text: pct(p) }],
          };
        })}
      />
      <ScrollArea>
        <table className="overview-table">
          <caption>{t.numbers}</caption>
          <ColumnHeads
            columns={[t.month, numColumn(t.floor.ready), numColumn(t.floor.onTime), numColumn(t.floor.onTimeShare)]}
          />
          <tbody>
            {f.onTime.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthName(m.month, language, 'long')}</th>
                <td className="num">{m.ready}</td>
                <td className="num">{m.onTime}</td>
                <td className="num">{pct(percentOf(m.onTime, m.ready))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
      <p>{t.floor.median(f.medianDaysApprovalToReady === null ? t.notYet : t.days(f.medianDaysApprovalToReady))}</p>
      <h3>{f.lateNow.length ? t.floor.lateNow(f.lateNow.length) : t.floor.noneLate}</h3>
      {f.lateNow.length > 0 && (
        <ul className="overview-late">
          {f.lateNow.slice(0, 20).map((j) => (
            <li key={j.orderId}>
              <a href={`/inbox/orders/${j.orderId}`} onClick={navigateOnClick(`/inbox/orders/${j.orderId}`)}>
                {j.reference}
              </a>{' '}
              ({t.floor.due} {formatDay(j.dueOn, language)})
            </li>
          ))}
        </ul>
      )}
      <p>
        <a href="/inbox/production" onClick={navigateOnClick('/inbox/production')}>
          {t.floor.board}
        </a>
      </p>
    </Panel>
  );
}

function MarginsSection({ o, t, language }: SectionProps) {
  const m = o.margins!;
  const money = (c: number | null) => (c === null ? t.margins.costsUnknown : formatCents(c, language));
  return (
    <Panel panel="margins" heading={t.margins.heading} o={o} t={t}>
      <p className="muted small">{t.margins.intro}</p>
      {m.unknownJobs > 0 && <p>{t.margins.unknownJobs(m.unknownJobs)}</p>}
      {m.jobs.length === 0 ? (
        <p>{t.margins.none}</p>
      ) : (
        <ScrollArea>
          <table className="overview-table">
            <caption>{t.numbers}</caption>
            <ColumnHeads
              columns={[
                t.margins.job,
                t.margins.month,
                numColumn(t.margins.revenue),
                numColumn(t.margins.blanks),
                numColumn(t.margins.margin),
              ]}
            />
            <tbody>
              {m.jobs.map((j) => (
                <tr key={j.orderId}>
                  <th scope="row">
                    <a href={`/inbox/orders/${j.orderId}`} onClick={navigateOnClick(`/inbox/orders/${j.orderId}`)}>
                      {j.reference}
                    </a>
                  </th>
                  <td>{monthName(j.month, language, 'long')}</td>
                  <td className="num">{formatCents(j.revenueCents, language)}</td>
                  <td className="num">{money(j.blanksCents)}</td>
                  <td className="num">{money(j.marginCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
    </Panel>
  );
}

/**
 * A table wider than a phone scrolls inside its panel; the keyboard reaches it to scroll it
 * (WCAG 2.1.1, axe's scrollable-region-focusable), so it is focusable though not interactive.
 */
function ScrollArea({ children }: { children: React.ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take keyboard focus
    <div className="table-scroll" tabIndex={0}>
      {children}
    </div>
  );
}
