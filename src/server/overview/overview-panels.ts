// The Overview's panels (docs/overview.md), each from indexed columns: invoices by issue date,
// payments by the day received, quotes by the day sent, answers and Ready moves by when they came,
// jobs by due date and approval. No JSON document is read except the invoices of the few orders
// that still owe or are owed (their terms and customer, as the aged receivables read them), so
// every money figure is the books' own: sales are the invoices' subtotals less credit notes' (the
// sales journal's column), taxes the rest of their totals, the ageing the one pure function.
import { sql, type Kysely } from 'kysely';
import { DECORATION_METHODS, ORDER_STATUSES, type DecorationMethod } from '../../shared/constants.js';
import { addDays, datesIn } from '../../shared/dates.js';
import { accountOf, type AccountDocument } from '../../shared/invoices/account.js';
import { ageReceivables, type AgeingOrder } from '../../shared/invoices/ageing.js';
import {
  daysBetween,
  emptyGroups,
  median,
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
import { expectedDates, invoiceDocument, INVOICE_COLUMNS } from '../invoices/index.js';
import type { Database } from '../storage/schema.js';

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
 * document): each order's group of methods from its imprints, and whether it is its customer's
 * first invoiced order (the same email, trimmed and in lower case; an order deleted since, or
 * without an email, is its own customer; the earlier first invoice wins, then the smaller id).
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
      select order_id, kind, issue_date, subtotal_cents, total_cents
      from invoices where issue_date >= ${from} and issue_date <= ${to}
    ), firsts as (
      select order_id, min(issue_date) as first_on
      from invoices where kind = 'invoice' and issue_date <= ${to} group by order_id
    ), customers as (
      select f.order_id, f.first_on,
        coalesce(nullif(lower(trim(o.customer_email)), ''), 'order:' || f.order_id) as customer
      from firsts f left join orders o on o.id = f.order_id
    ), ranked as (
      select order_id, row_number() over (partition by customer order by first_on, order_id) as n from customers
    ), methods as (
      select order_id, case when count(distinct method) > 1 then 'several' else min(method) end as grp
      from imprints where order_id in (select order_id from period) group by order_id
    )
    select substr(p.issue_date, 1, 7) as month, m.grp,
      case when r.n is null or r.n = 1 then 1 else 0 end as is_new,
      sum(case when p.kind = 'credit_note' then -p.subtotal_cents else p.subtotal_cents end) as sales,
      sum(case when p.kind = 'credit_note' then p.subtotal_cents - p.total_cents else p.total_cents - p.subtotal_cents end) as taxes,
      count(*) as documents
    from period p left join methods m on m.order_id = p.order_id left join ranked r on r.order_id = p.order_id
    group by substr(p.issue_date, 1, 7), m.grp, case when r.n is null or r.n = 1 then 1 else 0 end
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
  const invoiced = db
    .selectFrom('invoices')
    .select('order_id')
    .select(
      sql<string | number>`sum(case when kind = 'credit_note' then -total_cents else total_cents end)`.as('cents'),
    )
    .where('issue_date', '<=', asOf)
    .groupBy('order_id');
  const paid = db
    .selectFrom('payments')
    .select('order_id')
    .select((eb) => eb.fn.sum<string | number>('amount_cents').as('cents'))
    .where('received_on', '<=', asOf)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('payment_voids')
            .select('payment_voids.payment_id')
            .whereRef('payment_voids.payment_id', '=', 'payments.id'),
        ),
      ),
    )
    .groupBy('order_id');
  const balances = await db
    .selectFrom(invoiced.as('i'))
    .leftJoin(paid.as('p'), 'p.order_id', 'i.order_id')
    .select(['i.order_id', 'p.cents as paid'])
    .where(sql<boolean>`i.cents <> coalesce(p.cents, 0)`)
    .execute();
  const paidOf = new Map(balances.map((b) => [b.order_id, Number(b.paid ?? 0)]));
  const open = [...paidOf.keys()];
  const rows = await inSlices(open, (slice) =>
    db
      .selectFrom('invoices')
      .leftJoin('invoice_ageing', 'invoice_ageing.invoice_id', 'invoices.id')
      .select([
        'invoices.id',
        'invoices.order_id',
        'invoices.number',
        'invoices.kind',
        'invoices.issue_date',
        'invoices.issued_at',
        'invoices.total_cents',
        'invoices.deposit_cents',
        'invoice_ageing.order_reference',
        'invoice_ageing.customer',
        'invoice_ageing.balance_due',
        'invoice_ageing.balance_days',
      ])
      .where('invoices.order_id', 'in', slice)
      .where('invoices.issue_date', '<=', asOf)
      .execute(),
  );
  // A document stored without its columns (written straight to the table) is read as the report reads it.
  const unread = rows.filter((r) => r.order_reference === null).map((r) => r.id);
  const documents = new Map(
    (
      await inSlices(unread, (slice) =>
        db.selectFrom('invoices').select(INVOICE_COLUMNS).where('id', 'in', slice).execute(),
      )
    ).map((r) => [r.id, invoiceDocument(r)]),
  );
  const statuses = await inSlices(open, (slice) =>
    db.selectFrom('orders').select(['id', 'status']).where('id', 'in', slice).execute(),
  );
  const statusOf = new Map(statuses.map((s) => [s.id, s.status]));
  // Issued together (a changed order): the credit note before the invoice that replaces it, as the report sorts them.
  rows.sort(
    (a, b) =>
      a.issued_at.localeCompare(b.issued_at) || a.kind.localeCompare(b.kind) || a.number.localeCompare(b.number),
  );
  const byOrder = new Map<string, { orderReference: string; customer: string; documents: AccountDocument[] }>();
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
    const order = byOrder.get(r.order_id) ?? {
      orderReference: facts.orderReference,
      customer: facts.customer,
      documents: [],
    };
    order.documents.push({
      kind: r.kind,
      totalCents: Number(r.total_cents),
      depositCents: Number(r.deposit_cents),
      issueDate: r.issue_date,
      terms: facts.terms,
    });
    byOrder.set(r.order_id, order);
  }
  const ageing: AgeingOrder[] = [];
  const idOf = new Map<string, string>();
  // Pickup and shipping terms fall due the day the order is expected ready, as in the report.
  const expected = await expectedDates(db, [...byOrder.keys()]);
  let dueNowCents = 0;
  const depositsWaiting = { orders: 0, cents: 0 };
  for (const [orderId, { orderReference, customer, documents }] of byOrder) {
    const paidCents = paidOf.get(orderId) ?? 0;
    idOf.set(orderReference, orderId);
    const expectedOn = expected.get(orderId);
    ageing.push({
      orderReference,
      customer,
      documents,
      payments: [{ receivedOn: asOf, cents: paidCents }],
      ...(expectedOn ? { expectedOn } : {}),
    });
    const account = accountOf({
      documents,
      paymentsCents: [paidCents],
      status: statusOf.get(orderId) ?? null,
      today: asOf,
    });
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

export async function quotesPanel(
  db: Db,
  timeZone: string,
  from: string,
  to: string,
  today: string,
): Promise<QuotesPanel> {
  const [lo, hi] = instantBounds(from, to);
  const dayOf = datesIn(timeZone);
  const sent = await db
    .selectFrom('quotes')
    .select(['id', 'status', 'sent_at'])
    .where('sent_at', '>=', lo)
    .where('sent_at', '<', hi)
    .execute();
  const answers = await db
    .selectFrom('quote_responses')
    .innerJoin('quotes', 'quotes.id', 'quote_responses.quote_id')
    .select(['quote_responses.kind', 'quote_responses.created_at', 'quotes.sent_at'])
    .where('quote_responses.created_at', '>=', lo)
    .where('quote_responses.created_at', '<', hi)
    .execute();
  const months = new Map(
    monthsOf(from, to).map((month) => [month, { month, sent: 0, approved: 0, changesAsked: 0, lapsed: 0 }]),
  );
  const inPeriod = (day: string) => day >= from && day <= to;
  let sentCount = 0;
  for (const q of sent) {
    const day = dayOf(q.sent_at!);
    if (!inPeriod(day)) continue;
    const m = months.get(day.slice(0, 7))!;
    m.sent += 1;
    sentCount += 1;
    if (q.status === 'sent' && daysBetween(day, today) > LAPSE_DAYS) m.lapsed += 1;
  }
  const days: number[] = [];
  let approvedCount = 0;
  for (const a of answers) {
    const day = dayOf(a.created_at);
    if (!inPeriod(day)) continue;
    const m = months.get(day.slice(0, 7))!;
    if (a.kind === 'approved') {
      m.approved += 1;
      approvedCount += 1;
      if (a.sent_at) days.push(daysBetween(dayOf(a.sent_at), day));
    } else m.changesAsked += 1;
  }
  return {
    months: [...months.values()],
    approvedPercent: percentOf(approvedCount, sentCount),
    medianDaysToApproval: median(days),
    lapseDays: LAPSE_DAYS,
  };
}

const NOT_OPEN: readonly string[] = ['ready', 'completed', 'cancelled'];
/** Open orders, named one by one: the database reads them from the (status, id, reference) index. */
const OPEN = ORDER_STATUSES.map((s) => s.value).filter((v) => !NOT_OPEN.includes(v));
const zeroMethods = () => Object.fromEntries(DECORATION_METHODS.map((m) => [m, 0])) as Record<DecorationMethod, number>;

export async function floorPanel(
  db: Db,
  timeZone: string,
  from: string,
  to: string,
  today: string,
): Promise<FloorPanel> {
  const settings = await readProductionSettings(db);
  const monday = mondayOf(today);
  const weekEnds = [addDays(monday, 6), addDays(monday, 13)];
  const due = await db
    .selectFrom('jobs')
    .innerJoin('orders', 'orders.id', 'jobs.order_id')
    .select(['jobs.order_id', 'jobs.due_on', 'jobs.pieces'])
    .where('jobs.due_on', '>=', monday)
    .where('jobs.due_on', '<=', weekEnds[1]!)
    .where('orders.status', 'in', OPEN)
    .execute();
  const imprints = await inSlices(
    due.map((j) => j.order_id),
    (slice) =>
      db.selectFrom('imprints').select(['order_id', 'method', 'pieces']).where('order_id', 'in', slice).execute(),
  );
  const weeks = [0, 1].map((w) => ({
    from: addDays(monday, 7 * w),
    to: weekEnds[w]!,
    pieces: zeroMethods(),
    capacity: Object.fromEntries(DECORATION_METHODS.map((m) => [m, (settings.capacity[m] ?? 0) * 5])) as Record<
      DecorationMethod,
      number
    >,
  }));
  const jobOf = new Map(due.map((j) => [j.order_id, j]));
  for (const i of imprints) {
    const job = jobOf.get(i.order_id)!;
    const week = weeks.find((w) => job.due_on >= w.from && job.due_on <= w.to)!;
    if ((DECORATION_METHODS as readonly string[]).includes(i.method))
      week.pieces[i.method as DecorationMethod] += i.pieces ?? job.pieces ?? 0;
  }
  const [lo, hi] = instantBounds(from, to);
  const readyMoves = await db
    .selectFrom('status_history')
    .innerJoin('jobs', 'jobs.order_id', 'status_history.order_id')
    .select(['status_history.order_id', 'status_history.changed_at', 'jobs.due_on', 'jobs.approved_on'])
    .where('status_history.to_status', '=', 'ready')
    .where('status_history.changed_at', '>=', lo)
    .where('status_history.changed_at', '<', hi)
    .orderBy('status_history.changed_at')
    .execute();
  const onTime = new Map(monthsOf(from, to).map((month) => [month, { month, ready: 0, onTime: 0 }]));
  const dayOf = datesIn(timeZone);
  const seen = new Set<string>();
  const cycle: number[] = [];
  for (const r of readyMoves) {
    if (seen.has(r.order_id)) continue; // The first time it was Ready counts.
    seen.add(r.order_id);
    const day = dayOf(r.changed_at);
    if (day < from || day > to) continue;
    const m = onTime.get(day.slice(0, 7))!;
    m.ready += 1;
    if (day <= r.due_on) m.onTime += 1;
    cycle.push(daysBetween(r.approved_on, day));
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
    medianDaysApprovalToReady: median(cycle),
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
