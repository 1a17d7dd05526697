// Deferred revenue at a date (docs/accounts.md, "Deferred revenue"): the orders invoiced by that
// date but not Completed on it, with what was invoiced before taxes (credit notes subtracted),
// taxes included, and received. Pure and in integer cents.
import type { OrderStatus } from '../constants.js';

export interface DeferredInput {
  orderReference: string;
  customer: string;
  /** Invoices and credit notes, any date (those after `asOf` are left out). */
  documents: readonly {
    kind: 'invoice' | 'credit_note';
    issueDate: string;
    subtotalCents: number;
    totalCents: number;
  }[];
  /** The order's status now; null once the order was deleted (its invoices stay). */
  status: OrderStatus | null;
  /** Moves between statuses, each with its day in the shop's calendar, in the order they happened. */
  moves: readonly { on: string; from: OrderStatus; to: OrderStatus }[];
  /** Payments (refunds negative) with the day they were received; voided ones are not given. */
  payments: readonly { receivedOn: string; cents: number }[];
}

export interface DeferredRow {
  orderReference: string;
  customer: string;
  /** The order's status at the end of `asOf`; null when its history is gone with the order. */
  status: OrderStatus | null;
  firstInvoicedOn: string;
  /** Invoices less credit notes, before taxes: the revenue not yet earned. */
  subtotalCents: number;
  totalCents: number;
  receivedCents: number;
}

export interface DeferredRevenue {
  asOf: string;
  rows: DeferredRow[];
  subtotalCents: number;
  totalCents: number;
  receivedCents: number;
}

/** The status at the end of `asOf`: the last move by then, else where the first later move started. */
export function statusOn(o: Pick<DeferredInput, 'status' | 'moves'>, asOf: string): OrderStatus | null {
  if (o.status === null) return null;
  const before = o.moves.filter((m) => m.on <= asOf).at(-1);
  if (before) return before.to;
  return o.moves.find((m) => m.on > asOf)?.from ?? o.status;
}

/**
 * The orders with something invoiced (net of credit notes) by `asOf` whose status at the end of
 * that day is neither Completed nor Cancelled (a cancelled order has nothing left to deliver; what
 * it keeps invoiced is earned).
 */
export function deferredRevenue(orders: readonly DeferredInput[], asOf: string): DeferredRevenue {
  const rows: DeferredRow[] = [];
  for (const o of orders) {
    const docs = o.documents.filter((d) => d.issueDate <= asOf);
    const first = docs.find((d) => d.kind === 'invoice');
    if (!first) continue;
    const sign = (d: (typeof docs)[number]) => (d.kind === 'credit_note' ? -1 : 1);
    const subtotalCents = docs.reduce((t, d) => t + sign(d) * d.subtotalCents, 0);
    if (subtotalCents === 0) continue;
    const status = statusOn(o, asOf);
    if (status === 'completed' || status === 'cancelled') continue;
    rows.push({
      orderReference: o.orderReference,
      customer: o.customer,
      status,
      firstInvoicedOn: first.issueDate,
      subtotalCents,
      totalCents: docs.reduce((t, d) => t + sign(d) * d.totalCents, 0),
      receivedCents: o.payments.filter((p) => p.receivedOn <= asOf).reduce((t, p) => t + p.cents, 0),
    });
  }
  rows.sort(
    (a, b) => a.firstInvoicedOn.localeCompare(b.firstInvoicedOn) || a.orderReference.localeCompare(b.orderReference),
  );
  const add = (pick: (r: DeferredRow) => number) => rows.reduce((t, r) => t + pick(r), 0);
  return {
    asOf,
    rows,
    subtotalCents: add((r) => r.subtotalCents),
    totalCents: add((r) => r.totalCents),
    receivedCents: add((r) => r.receivedCents),
  };
}
