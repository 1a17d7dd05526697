// The Overview's panels (docs/overview.md), each from indexed columns: invoices by issue date,
// payments by the day received, quotes by the day sent, answers and Ready moves by when they came,
// jobs by due date and approval. No JSON document is read except the invoices of the few orders
// that still owe or are owed (their terms and customer, as the aged receivables read them), so
// every money figure is the books' own: sales are the invoices' subtotals less credit notes' (the
// sales journal's column), taxes the rest of their totals, the ageing the one pure function.
import { sql, type Kysely } from 'kysely';
import { DECORATION_METHODS, ORDER_STATUSES, type DecorationMethod } from '../../shared/constants.js';
import { addDays, zoneOffsets } from '../../shared/dates.js';
import { accountOf, type AccountDocument } from '../../shared/invoices/account.js';
import { ageReceivables, type AgeingOrder } from '../../shared/invoices/ageing.js';
import {
  emptyGroups,
  medianOfCounts,
  mondayOf,
  monthsOf,
  percentOf,
  salesGroupOf,
  type FloorPanel,
  type MarginsPanel,
  type OwedPanel,
  type QuotesPanel,
  type SalesMonth,
  type SalesPanel,
} from '../../shared/overview/overview.js';
import { readProductionSettings } from '../production/index.js';
import { expectedOn, invoiceDocument, INVOICE_COLUMNS } from '../invoices/index.js';
import type { Dialect } from '../storage/db.js';
import type { Database, InvoiceAgeingTable, OrdersTable } from '../storage/schema.js';
import { localDate, sqlDaysBetween } from './local-dates.js';

type Db = Kysely<Database>;

const SLICE = 500;

/** Rows for ids in slices: every database's limit on bound parameters stays far away. */
async function inSlices<T>(ids: readonly string[], load: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += SLICE) out.push(...(await load(ids.slice(i, i + SLICE))));
  return out;
}

const sign = (kind: string) => (kind === 'credit_note' ? -1 : 1);

/**
 * Sales by month: invoices less credit notes before taxes, taxes apart, by method and by new or
 * returning customer. The database adds them up (a few rows a month come back, not one a
 * document), each order's documents of a month first: its group of methods from its imprints
 * (several when they differ), and whether it is its customer's first invoiced order (the same
 * email, trimmed and in lower case; an order deleted since, or without an email, is its own
 * customer; the earlier first invoice wins, then the smaller id; not yet invoiced: new).
 */
export async function salesPanel(db: Db, from: string, to: string): Promise<SalesPanel> {
  const { rows } = await sql<{
    month: string;
    grp: string | null;
    is_new: number | string;
    sales: number | string;
    taxes: number | string;
    documents: number | string;
  }>`
    with period as (
      select order_id, substr(issue_date, 1, 7) as month,
        sum(case when kind = 'credit_note' then -subtotal_cents else subtotal_cents end) as sales,
        sum(case when kind = 'credit_note' then subtotal_cents - total_cents else total_cents - subtotal_cents end) as taxes,
        count(*) as documents
      from invoices where issue_date >= ${from} and issue_date <= ${to}
      group by order_id, substr(issue_date, 1, 7)
    ), firsts as (
      select order_id, min(issue_date) as first_on
      from invoices where kind = 'invoice' and issue_date <= ${to} group by order_id
    ), customers as (
      select f.order_id, f.first_on,
        coalesce(nullif(lower(trim(o.customer_email)), ''), 'order:' || f.order_id) as customer
      from firsts f left join orders o on o.id = f.order_id
    ), later as (
      select order_id from (
        select order_id, row_number() over (partition by customer order by first_on, order_id) as n from customers
      ) ranked where n > 1
    )
    select month, grp, is_new, sum(sales) as sales, sum(taxes) as taxes, sum(documents) as documents
    from (
      select p.month, p.sales, p.taxes, p.documents,
        (select case when min(i.method) <> max(i.method) then 'several' else min(i.method) end
          from imprints i where i.order_id = p.order_id) as grp,
        case when p.order_id in (select order_id from later) then 0 else 1 end as is_new
      from period p
    ) x
    group by month, grp, is_new
  `.execute(db);
  const months = new Map<string, SalesMonth>(
    monthsOf(from, to).map((month) => [
      month,
      { month, salesCents: 0, taxesCents: 0, documents: 0, byGroup: emptyGroups(), newCents: 0, returningCents: 0 },
    ]),
  );
  for (const r of rows) {
    const m = months.get(r.month)!;
    const sales = Number(r.sales);
    m.salesCents += sales;
    m.taxesCents += Number(r.taxes);
    m.documents += Number(r.documents);
    const group = r.grp === null ? 'none' : r.grp === 'several' ? 'several' : salesGroupOf(new Set([r.grp]));
    m.byGroup[group] += sales;
    if (Number(r.is_new) === 1) m.newCents += sales;
    else m.returningCents += sales;
  }
  const list = [...months.values()];
  const salesCents = list.reduce((t, m) => t + m.salesCents, 0);
  const taxesCents = list.reduce((t, m) => t + m.taxesCents, 0);
  return { months: list, totals: { salesCents, taxesCents, totalCents: salesCents + taxesCents } };
}

/**
 * What is owed on `asOf`: the aged receivables (shared/invoices/ageing.ts, the same function as
 * the Accounts page's report), what is due now and the deposits still waiting (shared/invoices/
 * account.ts). The database sums each order's invoices less credit notes and its payments and
 * answers only the orders whose balance is not nil; their documents' reference, customer and
 * terms come from the columns beside them (invoice_ageing, migration 068), not from the JSON.
 */
export async function owedPanel(db: Db, asOf: string): Promise<OwedPanel> {
  // One query: the orders whose balance is not nil, each with its documents to `asOf`, their
  // columns beside them, its status and what says when it is expected ready.
  const { rows } = await sql<{
    order_id: string;
    paid: number | string;
    status: OrdersTable['status'] | null;
    has_critical_deadline: number | null;
    deadline_date: string | null;
    due_on: string | null;
    id: string;
    number: string;
    kind: 'invoice' | 'credit_note';
    issue_date: string;
    issued_at: string;
    total_cents: number | string;
    deposit_cents: number | string;
    order_reference: string | null;
    customer: string | null;
    balance_due: InvoiceAgeingTable['balance_due'] | null;
    balance_days: number | string | null;
  }>`
    with invoiced as (
      select order_id, sum(case when kind = 'credit_note' then -total_cents else total_cents end) as cents
      from invoices where issue_date <= ${asOf} group by order_id
    ), paid as (
      select order_id, sum(amount_cents) as cents from payments
      where received_on <= ${asOf}
        and not exists (select payment_voids.payment_id from payment_voids where payment_voids.payment_id = payments.id)
      group by order_id
    ), owing as materialized (
      select i.order_id, coalesce(p.cents, 0) as paid
      from invoiced i left join paid p on p.order_id = i.order_id
      where i.cents <> coalesce(p.cents, 0)
    )
    select owing.order_id, owing.paid, orders.status, orders.has_critical_deadline, orders.deadline_date, jobs.due_on,
      invoices.id, invoices.number, invoices.kind, invoices.issue_date, invoices.issued_at, invoices.total_cents,
      invoices.deposit_cents, invoice_ageing.order_reference, invoice_ageing.customer, invoice_ageing.balance_due,
      invoice_ageing.balance_days
    from owing
    inner join invoices on invoices.order_id = owing.order_id and invoices.issue_date <= ${asOf}
    left join invoice_ageing on invoice_ageing.invoice_id = invoices.id
    left join orders on orders.id = owing.order_id
    left join jobs on jobs.order_id = owing.order_id
  `.execute(db);
  // A document stored without its columns (written straight to the table) is read as the report reads it.
  const unread = rows.filter((r) => r.order_reference === null).map((r) => r.id);
  const documents = new Map(
    (
      await inSlices(unread, (slice) =>
        db.selectFrom('invoices').select(INVOICE_COLUMNS).where('id', 'in', slice).execute(),
      )
    ).map((r) => [r.id, invoiceDocument(r)]),
  );
  // Issued together (a changed order): the credit note before the invoice that replaces it, as the report sorts them.
  rows.sort(
    (a, b) =>
      a.issued_at.localeCompare(b.issued_at) || a.kind.localeCompare(b.kind) || a.number.localeCompare(b.number),
  );
  const byOrder = new Map<
    string,
    {
      orderReference: string;
      customer: string;
      documents: AccountDocument[];
      paidCents: number;
      status: OrdersTable['status'] | null;
      expectedOn: string | undefined;
    }
  >();
  for (const r of rows) {
    const doc = documents.get(r.id);
    const facts = doc
      ? {
          orderReference: doc.orderReference,
          customer: doc.customer.company || doc.customer.name,
          terms: { balanceDue: doc.terms.balanceDue, balanceDays: doc.terms.balanceDays },
        }
      : {
          orderReference: r.order_reference!,
          customer: r.customer!,
          terms: { balanceDue: r.balance_due!, balanceDays: Number(r.balance_days) },
        };
    let order = byOrder.get(r.order_id);
    if (!order) {
      order = {
        orderReference: facts.orderReference,
        customer: facts.customer,
        documents: [],
        paidCents: Number(r.paid),
        status: r.status,
        // Pickup and shipping terms fall due the day the order is expected ready, as in the report.
        expectedOn: expectedOn(
          r.due_on,
          r.has_critical_deadline === null
            ? null
            : { hasCriticalDeadline: Number(r.has_critical_deadline) === 1, deadlineDate: r.deadline_date },
        ),
      };
      byOrder.set(r.order_id, order);
    }
    order.documents.push({
      kind: r.kind,
      totalCents: Number(r.total_cents),
      depositCents: Number(r.deposit_cents),
      issueDate: r.issue_date,
      terms: facts.terms,
    });
  }
  const ageing: AgeingOrder[] = [];
  const idOf = new Map<string, string>();
  let dueNowCents = 0;
  const depositsWaiting = { orders: 0, cents: 0 };
  for (const [orderId, { orderReference, customer, documents, paidCents, status, expectedOn }] of byOrder) {
    idOf.set(orderReference, orderId);
    ageing.push({
      orderReference,
      customer,
      documents,
      payments: [{ receivedOn: asOf, cents: paidCents }],
      ...(expectedOn ? { expectedOn } : {}),
    });
    const account = accountOf({ documents, paymentsCents: [paidCents], status, today: asOf });
    dueNowCents += account.dueNowCents;
    if (account.state === 'deposit_due') {
      depositsWaiting.orders += 1;
      depositsWaiting.cents += account.depositOutstandingCents;
    }
  }
  const aged = ageReceivables(ageing, asOf);
  const largest = [...aged.orders]
    .sort((a, b) => b.balanceCents - a.balanceCents || a.orderReference.localeCompare(b.orderReference))
    .slice(0, 10)
    .map((o) => ({
      orderId: idOf.get(o.orderReference) ?? null,
      orderReference: o.orderReference,
      customer: o.customer,
      balanceCents: o.balanceCents,
    }));
  return { asOf, dueNowCents, buckets: aged.buckets, totalCents: aged.totalCents, largest, depositsWaiting };
}

/** A sent version nobody answered in this many days counts as lapsed (docs/overview.md). */
const LAPSE_DAYS = 30;

/** The instants that can fall on the period's days in any time zone (a day either side), then told apart by day. */
const instantBounds = (from: string, to: string) => [`${addDays(from, -1)}`, `${addDays(to, 2)}`] as const;

/** The zone's offsets over the period's instants and any others given (ISO timestamps; unreadable ones are left out). */
function offsetsOver(timeZone: string, lo: string, hi: string, ...others: (string | null | undefined)[]) {
  const instants = [lo, hi, ...others].map((t) => (t ? Date.parse(t) : NaN)).filter((t) => !Number.isNaN(t));
  return zoneOffsets(timeZone, Math.min(...instants), Math.max(...instants));
}

export async function quotesPanel(
  db: Db,
  dialect: Dialect,
  timeZone: string,
  from: string,
  to: string,
  today: string,
): Promise<QuotesPanel> {
  const [lo, hi] = instantBounds(from, to);
  // An answer in the period may answer a version sent long before: the offsets span every sending.
  const { rows: span } = await sql<{ first: string | null; last: string | null }>`
    select (select min(sent_at) from quotes) as first, (select max(sent_at) from quotes) as last
  `.execute(db);
  const zone = offsetsOver(timeZone, lo, hi, span[0]?.first, span[0]?.last);
  const day = (column: string) => localDate(dialect, column, zone);
  // Versions sent each month of the period, and those still unanswered LAPSE_DAYS after sending.
  // Materialized: each instant dated once, not once for each use of its date (docs/overview.md).
  const { rows: sent } = await sql<{ month: string; sent: number | string; lapsed: number | string }>`
    with s as materialized (
      select status, ${day('sent_at')} as d from quotes where sent_at >= ${lo} and sent_at < ${hi}
    )
    select substr(d, 1, 7) as month, count(*) as sent,
      sum(case when status = 'sent' and d < ${addDays(today, -LAPSE_DAYS)} then 1 else 0 end) as lapsed
    from s where d >= ${from} and d <= ${to}
    group by substr(d, 1, 7)
  `.execute(db);
  // Answers each month by kind, approvals by their days from sending (the median's counts). Each
  // version's sending is read from an index (migration 073): SQLite would otherwise pick the
  // primary key and read each quote's row past its JSON documents to its sent_at.
  const { rows: answers } = await sql<{
    month: string;
    kind: string;
    days: number | string | null;
    n: number | string;
  }>`
    with a as materialized (
      select quote_responses.kind, ${day('quotes.sent_at')} as sent_on, ${day('quote_responses.created_at')} as d
      from quote_responses inner join quotes ${dialect === 'sqlite' ? sql`indexed by quotes_id_sent_at` : sql``} on quotes.id = quote_responses.quote_id
      where quote_responses.created_at >= ${lo} and quote_responses.created_at < ${hi}
    )
    select substr(d, 1, 7) as month, kind,
      case when kind = 'approved' and sent_on is not null then ${sqlDaysBetween(dialect, sql.ref('sent_on'), sql.ref('d'))} end as days,
      count(*) as n
    from a where d >= ${from} and d <= ${to}
    group by 1, 2, 3
  `.execute(db);
  const months = new Map(
    monthsOf(from, to).map((month) => [month, { month, sent: 0, approved: 0, changesAsked: 0, lapsed: 0 }]),
  );
  let sentCount = 0;
  for (const r of sent) {
    const m = months.get(r.month)!;
    m.sent += Number(r.sent);
    m.lapsed += Number(r.lapsed);
    sentCount += Number(r.sent);
  }
  const days: [number, number][] = [];
  let approvedCount = 0;
  for (const a of answers) {
    const m = months.get(a.month)!;
    const n = Number(a.n);
    if (a.kind === 'approved') {
      m.approved += n;
      approvedCount += n;
      if (a.days !== null) days.push([Number(a.days), n]);
    } else m.changesAsked += n;
  }
  return {
    months: [...months.values()],
    approvedPercent: percentOf(approvedCount, sentCount),
    medianDaysToApproval: medianOfCounts(days),
    lapseDays: LAPSE_DAYS,
  };
}

const NOT_OPEN: readonly string[] = ['ready', 'completed', 'cancelled'];
/** Open orders, named one by one: the database reads them from the (status, id, reference) index. */
const OPEN = ORDER_STATUSES.map((s) => s.value).filter((v) => !NOT_OPEN.includes(v));
const zeroMethods = () => Object.fromEntries(DECORATION_METHODS.map((m) => [m, 0])) as Record<DecorationMethod, number>;

export async function floorPanel(
  db: Db,
  dialect: Dialect,
  timeZone: string,
  from: string,
  to: string,
  today: string,
): Promise<FloorPanel> {
  const settings = await readProductionSettings(db);
  const monday = mondayOf(today);
  const weekEnds = [addDays(monday, 6), addDays(monday, 13)] as const;
  // Pieces of open jobs due this week and next, by week and method: an imprint's own count, else its job's.
  const due = await db
    .selectFrom('jobs')
    .innerJoin('orders', 'orders.id', 'jobs.order_id')
    .innerJoin('imprints', 'imprints.order_id', 'jobs.order_id')
    .select([
      sql<number | string>`case when jobs.due_on <= ${weekEnds[0]} then 0 else 1 end`.as('week'),
      'imprints.method',
      sql<number | string>`sum(coalesce(imprints.pieces, jobs.pieces, 0))`.as('pieces'),
    ])
    .where('jobs.due_on', '>=', monday)
    .where('jobs.due_on', '<=', weekEnds[1])
    .where('orders.status', 'in', OPEN)
    .groupBy(['week', 'imprints.method'])
    .execute();
  const weeks = [0, 1].map((w) => ({
    from: addDays(monday, 7 * w),
    to: weekEnds[w]!,
    pieces: zeroMethods(),
    capacity: Object.fromEntries(DECORATION_METHODS.map((m) => [m, (settings.capacity[m] ?? 0) * 5])) as Record<
      DecorationMethod,
      number
    >,
  }));
  for (const d of due)
    if ((DECORATION_METHODS as readonly string[]).includes(d.method))
      weeks[Number(d.week)]!.pieces[d.method as DecorationMethod] += Number(d.pieces);
  // Each job's first move to Ready in the period's instants, dated in the shop's zone: counted by
  // month, on time when on or before its due date, and by the days from its approval (the median's counts).
  const [lo, hi] = instantBounds(from, to);
  const day = localDate(dialect, 'f.changed_at', offsetsOver(timeZone, lo, hi));
  const { rows: ready } = await sql<{
    month: string;
    on_time: number | string;
    days: number | string;
    n: number | string;
  }>`
    with f as (
      select order_id, min(changed_at) as changed_at from status_history
      where to_status = 'ready' and changed_at >= ${lo} and changed_at < ${hi}
      group by order_id
    )
    , r as materialized (
      select ${day} as d, jobs.due_on, jobs.approved_on from f inner join jobs on jobs.order_id = f.order_id
    )
    select substr(d, 1, 7) as month, case when d <= due_on then 1 else 0 end as on_time,
      ${sqlDaysBetween(dialect, sql.ref('approved_on'), sql.ref('d'))} as days, count(*) as n
    from r where d >= ${from} and d <= ${to}
    group by 1, 2, 3
  `.execute(db);
  const onTime = new Map(monthsOf(from, to).map((month) => [month, { month, ready: 0, onTime: 0 }]));
  const cycle: [number, number][] = [];
  for (const r of ready) {
    const m = onTime.get(r.month)!;
    const n = Number(r.n);
    m.ready += n;
    if (Number(r.on_time) === 1) m.onTime += n;
    cycle.push([Number(r.days), n]);
  }
  const late = await db
    .selectFrom('jobs')
    .innerJoin('orders', 'orders.id', 'jobs.order_id')
    .select(['jobs.order_id', 'orders.reference', 'jobs.due_on'])
    .where('jobs.due_on', '<', today)
    .where('orders.status', 'in', OPEN)
    .orderBy('jobs.due_on')
    .orderBy('orders.reference')
    .execute();
  return {
    today,
    weeks,
    onTime: [...onTime.values()],
    medianDaysApprovalToReady: medianOfCounts(cycle),
    lateNow: late.map((l) => ({ orderId: l.order_id, reference: l.reference, dueOn: l.due_on })),
  };
}

/**
 * Margins of the jobs approved in the period whose blanks came through purchase orders: the
 * order's sales (invoices less credit notes, before taxes) less what its share of each line cost.
 * A line without a supplier cost makes the job's margin unknown, shown as such, never guessed.
 */
export async function marginsPanel(db: Db, from: string, to: string): Promise<MarginsPanel> {
  const needs = await db
    .selectFrom('purchase_order_needs')
    .innerJoin('purchase_order_lines', 'purchase_order_lines.id', 'purchase_order_needs.line_id')
    .innerJoin('jobs', 'jobs.order_id', 'purchase_order_needs.order_id')
    .innerJoin('orders', 'orders.id', 'jobs.order_id')
    .select([
      'purchase_order_needs.order_id',
      'purchase_order_needs.qty',
      'purchase_order_lines.unit_cost_cents',
      'jobs.approved_on',
      'orders.reference',
    ])
    .where('jobs.approved_on', '>=', from)
    .where('jobs.approved_on', '<=', to)
    .execute();
  const jobs = new Map<string, { reference: string; month: string; cost: number | null }>();
  for (const n of needs) {
    const job = jobs.get(n.order_id) ?? { reference: n.reference, month: n.approved_on.slice(0, 7), cost: 0 };
    job.cost = job.cost === null || n.unit_cost_cents == null ? null : job.cost + n.qty * Number(n.unit_cost_cents);
    jobs.set(n.order_id, job);
  }
  const ids = [...jobs.keys()];
  const sales = await inSlices(ids, (slice) =>
    db.selectFrom('invoices').select(['order_id', 'kind', 'subtotal_cents']).where('order_id', 'in', slice).execute(),
  );
  const revenue = new Map<string, number>();
  for (const s of sales)
    revenue.set(s.order_id, (revenue.get(s.order_id) ?? 0) + sign(s.kind) * Number(s.subtotal_cents));
  const list = [...jobs.entries()]
    .map(([orderId, j]) => {
      const revenueCents = revenue.get(orderId) ?? 0;
      return {
        orderId,
        reference: j.reference,
        month: j.month,
        revenueCents,
        blanksCents: j.cost,
        marginCents: j.cost === null ? null : revenueCents - j.cost,
      };
    })
    .sort((a, b) => a.month.localeCompare(b.month) || a.reference.localeCompare(b.reference));
  const months = monthsOf(from, to).map((month) => {
    const known = list.filter((j) => j.month === month && j.blanksCents !== null);
    const revenueCents = known.reduce((t, j) => t + j.revenueCents, 0);
    const blanksCents = known.reduce((t, j) => t + j.blanksCents!, 0);
    return { month, revenueCents, blanksCents, marginCents: revenueCents - blanksCents, jobs: known.length };
  });
  return { jobs: list, months, unknownJobs: list.filter((j) => j.blanksCents === null).length };
}
