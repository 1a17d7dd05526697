// Aged receivables as of a date (docs/accounts.md, "Aged receivables"): each order's balance from
// the one account (accountOf) over the documents issued and the payments received by that date,
// in the bucket of how many days past its due date it is. Pure and in integer cents.
import { addDays } from '../dates.js';
import { accountOf, type AccountDocument } from './account.js';

export const AGEING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export const AGEING_LABELS: Readonly<Record<AgeingBucket, { en: string; fr: string }>> = {
  current: { en: 'Current', fr: 'Courant' },
  days1to30: { en: '1–30 days', fr: '1 à 30 jours' },
  days31to60: { en: '31–60 days', fr: '31 à 60 jours' },
  days61to90: { en: '61–90 days', fr: '61 à 90 jours' },
  over90: { en: 'Over 90 days', fr: 'Plus de 90 jours' },
};

export interface AgeingOrder {
  orderReference: string;
  customer: string;
  /** The day the order is expected ready (its production due date), for pickup and shipping terms. */
  expectedOn?: string;
  /** Invoices and credit notes in the order issued (any date: those after `asOf` are left out). */
  documents: readonly AccountDocument[];
  /** Payments (refunds negative) with the day they were received; voided ones are not given. */
  payments: readonly { receivedOn: string; cents: number }[];
}

export type Buckets = Record<AgeingBucket, number>;

export interface AgedOrder {
  orderReference: string;
  customer: string;
  dueOn: string;
  daysPastDue: number;
  bucket: AgeingBucket;
  balanceCents: number;
}

export interface AgedReceivables {
  asOf: string;
  orders: AgedOrder[];
  customers: { customer: string; buckets: Buckets; totalCents: number }[];
  buckets: Buckets;
  totalCents: number;
}

const empty = (): Buckets => ({ current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 });

const dayNumber = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 86_400_000;

export function bucketOf(daysPastDue: number): AgeingBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'days1to30';
  if (daysPastDue <= 60) return 'days31to60';
  if (daysPastDue <= 90) return 'days61to90';
  return 'over90';
}

/**
 * The day an invoice's balance is due, the one rule the aged receivables, the Overview and the
 * import files read (docs/accounting-exports.md): its terms' days after it (Net N); with the balance
 * due at pickup or before shipping, the day the order is expected ready (`expectedOn`), never before
 * the invoice; the invoice's own day when nothing is expected.
 */
export function balanceDueOn(
  issueDate: string,
  terms: AccountDocument['terms'] | undefined,
  expectedOn?: string,
): string {
  if (terms?.balanceDue === 'days') return addDays(issueDate, terms.balanceDays);
  return expectedOn && expectedOn > issueDate ? expectedOn : issueDate;
}

/**
 * The open accounts on `asOf`, aged. An order's due date comes from its latest invoice's terms
 * (`balanceDueOn`): N days after it, or the day the order is expected ready when the balance is due
 * at pickup or shipping. A balance the shop owes (an overpayment) is a credit in Current. The buckets
 * add up to the sum of the open balances, to the cent.
 */
export function ageReceivables(orders: readonly AgeingOrder[], asOf: string): AgedReceivables {
  const aged: AgedOrder[] = [];
  for (const o of orders) {
    const documents = o.documents.filter((d) => d.issueDate <= asOf);
    const latest = documents.filter((d) => d.kind === 'invoice').at(-1);
    if (!latest) continue;
    const account = accountOf({
      documents,
      paymentsCents: o.payments.filter((p) => p.receivedOn <= asOf).map((p) => p.cents),
      status: 'approved',
      today: asOf,
    });
    if (account.balanceCents === 0) continue;
    const dueOn = balanceDueOn(latest.issueDate, latest.terms, o.expectedOn);
    const daysPastDue = dayNumber(asOf) - dayNumber(dueOn);
    aged.push({
      orderReference: o.orderReference,
      customer: o.customer,
      dueOn,
      daysPastDue,
      bucket: account.balanceCents < 0 ? 'current' : bucketOf(daysPastDue),
      balanceCents: account.balanceCents,
    });
  }
  const byCustomer = new Map<string, Buckets>();
  const buckets = empty();
  for (const a of aged) {
    const mine = byCustomer.get(a.customer) ?? empty();
    mine[a.bucket] += a.balanceCents;
    byCustomer.set(a.customer, mine);
    buckets[a.bucket] += a.balanceCents;
  }
  const total = (b: Buckets) => AGEING_BUCKETS.reduce((sum, k) => sum + b[k], 0);
  return {
    asOf,
    orders: aged.sort((a, b) => a.customer.localeCompare(b.customer) || a.dueOn.localeCompare(b.dueOn)),
    customers: [...byCustomer.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([customer, b]) => ({ customer, buckets: b, totalCents: total(b) })),
    buckets,
    totalCents: total(buckets),
  };
}
