// A customer's statement for a period (docs/accounts.md, "Statements"): the balance brought
// forward, every invoice, credit note, payment and refund of the period with the balance after
// each, a voided payment shown as void (no effect), the closing balance, and the closing balance
// aged. Pure and in integer cents. Each kind of entry is one row of STATEMENT_KINDS: a new kind
// (a write-off) is one more row there and its rows given by the server.
import { z } from 'zod';
import { isCalendarDate } from '../dates.js';
import { ageReceivables, type AgedReceivables, type AgeingOrder } from './ageing.js';
import type { AccountDocument } from './account.js';

/** What each kind of entry does to what the customer owes, and its name on the statement. */
export const STATEMENT_KINDS = {
  invoice: { sign: 1, label: { en: 'Invoice', fr: 'Facture' } },
  credit_note: { sign: -1, label: { en: 'Credit note', fr: 'Note de crédit' } },
  payment: { sign: -1, label: { en: 'Payment', fr: 'Paiement' } },
  refund: { sign: 1, label: { en: 'Refund', fr: 'Remboursement' } },
} as const satisfies Record<string, { sign: 1 | -1; label: { en: string; fr: string } }>;
export type StatementKind = keyof typeof STATEMENT_KINDS;

export interface StatementEntry {
  kind: StatementKind;
  /** YYYY-MM-DD in the shop's calendar: an invoice's issue date, a payment's day received. */
  date: string;
  /** When it was recorded (ISO), to order a day's entries. */
  at: string;
  number: string;
  orderReference: string;
  /** The document's amount as printed, positive (a refund's amount given back, a credit note's total). */
  amountCents: number;
  /** A payment voided in error: shown, marked void, counted nowhere. */
  voided?: { on: string; reason: string };
}

export interface StatementOrder {
  orderReference: string;
  customer: string;
  /** The order's invoices and credit notes for ageing (shared/invoices/account.ts). */
  documents: readonly AccountDocument[];
  entries: readonly StatementEntry[];
}

export interface StatementLine extends StatementEntry {
  /** The entry's effect on the balance: + what the customer owes more, − less; 0 when voided. */
  effectCents: number;
  balanceCents: number;
}

export interface Statement {
  from: string;
  to: string;
  openingCents: number;
  lines: StatementLine[];
  closingCents: number;
  /** The closing balance aged on `to` (its total is the closing balance). */
  aged: AgedReceivables;
}

const effectOf = (e: StatementEntry) => (e.voided ? 0 : STATEMENT_KINDS[e.kind].sign * e.amountCents);

export function statementOf(orders: readonly StatementOrder[], from: string, to: string): Statement {
  const entries = orders
    .flatMap((o) => o.entries)
    .filter((e) => e.date <= to)
    .sort((a, b) => a.date.localeCompare(b.date) || a.at.localeCompare(b.at) || a.number.localeCompare(b.number));
  const openingCents = entries.filter((e) => e.date < from).reduce((t, e) => t + effectOf(e), 0);
  let balance = openingCents;
  const lines: StatementLine[] = [];
  for (const e of entries.filter((x) => x.date >= from)) {
    const effectCents = effectOf(e);
    balance += effectCents;
    lines.push({ ...e, effectCents, balanceCents: balance });
  }
  const ageing: AgeingOrder[] = orders.map((o) => ({
    orderReference: o.orderReference,
    customer: o.customer,
    documents: o.documents,
    payments: o.entries
      .filter((e) => (e.kind === 'payment' || e.kind === 'refund') && !e.voided)
      .map((e) => ({ receivedOn: e.date, cents: -STATEMENT_KINDS[e.kind].sign * e.amountCents })),
  }));
  return { from, to, openingCents, lines, closingCents: balance, aged: ageReceivables(ageing, to) };
}

/** A statement's period, asked by staff and by the customer in My orders. */
export const statementQuerySchema = z.object({
  from: z.string().refine(isCalendarDate, 'A real date, written YYYY-MM-DD.'),
  to: z.string().refine(isCalendarDate, 'A real date, written YYYY-MM-DD.'),
});
