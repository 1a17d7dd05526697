// The period's payments and refunds as the files QuickBooks Online and Xero import
// (docs/accounting-exports.md), voided payments left out, each naming the invoice it settles; and the day each
// invoiced order is expected ready, the due date of "balance at pickup / before shipping" terms.
//
// - QuickBooks Online: its Import data tool imports invoices, not received payments, so each
//   payment is a journal entry (its "Journal entries" import: Journal No, Journal Date, Account
//   Name, Description, Debits, Credits, Name; Intuit, "Import journal entries"): the money into
//   Undeposited Funds, out of Accounts Receivable (A/R) under the customer, the invoice it settles
//   in the description; a refund the other way round. The journal numbered by the receipt.
// - Xero: its sales import takes no payments, and a manual journal cannot be coded to Accounts
//   Receivable; a payment is a line of a bank statement (its statement import: Date, Amount,
//   Payee, Description, Reference, Cheque Number), the invoice's number as Reference so
//   reconciliation's "Find & match" proposes that invoice; a refund is a negative amount.
import type { Kysely } from 'kysely';
import type { InvoiceDocument, ReceiptDocument } from '../../shared/invoices/invoice-api.js';
import { PAYMENT_METHODS } from '../../shared/invoices/payment-methods.js';
import type { Database } from '../storage/schema.js';
import { money, type Cell } from './csv.js';
import { dmy } from './exports.js';
import { invoiceDocument, paymentsReceivedBetween, receiptDocument, INVOICE_COLUMNS } from './invoice-store.js';
import type { JournalEntry } from './journal.js';
import { cardSidesOf } from './report-store.js';

const QUICKBOOKS_JOURNAL_HEADERS = [
  'Journal No',
  'Journal Date',
  'Account Name',
  'Description',
  'Debits',
  'Credits',
  'Name',
] as const;

const XERO_STATEMENT_HEADERS = ['*Date', '*Amount', 'Payee', 'Description', 'Reference', 'Cheque Number'] as const;

/** QuickBooks Online's own accounts (a new company's chart of accounts names them so). */
const QUICKBOOKS_RECEIVABLE_ACCOUNT = 'Accounts Receivable (A/R)';
const QUICKBOOKS_DEPOSIT_ACCOUNT = 'Undeposited Funds';
/** The income account a card surcharge is credited to: the owner creates it (docs/accounting-exports.md). */
const QUICKBOOKS_SURCHARGE_ACCOUNT = 'Card Surcharge Income';

/** A payment (a refund negative) of the period, with the invoice it settles. */
interface ExportedPayment {
  receipt: ReceiptDocument;
  receiptNumber: string;
  receivedOn: string;
  amountCents: number;
  /** A card surcharge charged with it (a refund's given back negative), apart from amountCents; 0 when none. */
  surchargeCents: number;
  /** The order's invoice the payment settles (the receipt's latest invoice, never a credit note), or null. */
  invoice: InvoiceDocument | null;
}

/** The payments and refunds received in the period, voided ones left out, each with its invoice. */
export async function exportedPayments(db: Kysely<Database>, from: string, to: string): Promise<ExportedPayment[]> {
  const payments = await paymentsReceivedBetween(db, from, to);
  const numbers = [...new Set(payments.flatMap((p) => receiptDocument(p).invoiceNumbers))];
  const invoices =
    numbers.length === 0
      ? []
      : await db.selectFrom('invoices').select(INVOICE_COLUMNS).where('number', 'in', numbers).execute();
  const byNumber = new Map(invoices.map((r) => [r.number, invoiceDocument(r)]));
  const cards = await cardSidesOf(
    db,
    payments.map((p) => p.id),
  );
  return payments.map((p) => {
    const receipt = receiptDocument(p);
    // The latest invoice of the order's documents: a credit note issued since is not what it settles.
    const settles = receipt.invoiceNumbers.findLast((n) => byNumber.get(n)?.kind === 'invoice');
    return {
      receipt,
      receiptNumber: p.receipt_number,
      receivedOn: p.received_on,
      amountCents: Number(p.amount_cents),
      surchargeCents: cards.get(p.id)?.surchargeCents ?? 0,
      invoice: (settles && byNumber.get(settles)) || null,
    };
  });
}

/** The customer as the invoice files name them: the company when there is one. */
const payerOf = (p: ExportedPayment) =>
  (p.invoice ? p.invoice.customer.company.trim() || p.invoice.customer.name : '') || p.receipt.customerName;

function describe(p: ExportedPayment): string {
  const method = PAYMENT_METHODS[p.receipt.method].label.en;
  const what = p.amountCents < 0 ? 'Refund' : 'Payment';
  const ref = p.receipt.reference.trim() ? ` ${p.receipt.reference.trim()}` : '';
  const settles = p.invoice ? `, invoice ${p.invoice.number}` : '';
  return `${what} ${p.receiptNumber} (${method}${ref})${settles}, order ${p.receipt.orderReference}`;
}

/**
 * QuickBooks Online's journal entry import: two balanced lines a payment, A/R under the customer;
 * a card payment with a surcharge, three: the deposit account debited what the card was charged,
 * A/R credited the payment and the surcharge income account the surcharge (a refund the other way round).
 */
export function quickBooksPaymentRows(payments: readonly ExportedPayment[]): Cell[][] {
  return [
    [...QUICKBOOKS_JOURNAL_HEADERS],
    ...payments.flatMap((p) => {
      const refund = p.amountCents < 0;
      const head = [p.receiptNumber, dmy(p.receivedOn)];
      const name = payerOf(p);
      // [account, cents]: the deposit on the money's side (debit for a payment), the others opposite.
      const deposit: [string, number] = [QUICKBOOKS_DEPOSIT_ACCOUNT, Math.abs(p.amountCents + p.surchargeCents)];
      const others: [string, number][] = [
        [QUICKBOOKS_RECEIVABLE_ACCOUNT, Math.abs(p.amountCents)],
        ...(p.surchargeCents === 0
          ? []
          : [[QUICKBOOKS_SURCHARGE_ACCOUNT, Math.abs(p.surchargeCents)] as [string, number]]),
      ];
      const line = ([account, cents]: [string, number], debit: boolean): Cell[] => [
        ...head,
        account,
        describe(p),
        debit ? money(cents) : '',
        debit ? '' : money(cents),
        name,
      ];
      return refund
        ? [...others.map((o) => line(o, true)), line(deposit, false)]
        : [line(deposit, true), ...others.map((o) => line(o, false))];
    }),
  ];
}

/**
 * Xero's bank statement import: one line a payment, the invoice's number as its reference; a card
 * surcharge a second line (its receipt's number as the reference, coded to surcharge income), so
 * the two add up to what the card was charged.
 */
export function xeroPaymentRows(payments: readonly ExportedPayment[]): Cell[][] {
  return [
    [...XERO_STATEMENT_HEADERS],
    ...payments.flatMap((p) => [
      [
        dmy(p.receivedOn),
        money(p.amountCents),
        payerOf(p),
        describe(p),
        p.invoice?.number ?? p.receipt.orderReference,
        p.receipt.method === 'cheque' ? p.receipt.reference.trim() : '',
      ],
      ...(p.surchargeCents === 0
        ? []
        : [
            [
              dmy(p.receivedOn),
              money(p.surchargeCents),
              payerOf(p),
              `Card surcharge${p.surchargeCents < 0 ? ' refunded' : ''}: ${describe(p)}`,
              p.receiptNumber,
              '',
            ],
          ]),
    ]),
  ];
}

/**
 * The entries with the day each one's order is expected ready: its production job's due date (the
 * customer's critical deadline, or the approval plus the turnaround); before the order is on the
 * production board (no job yet), its critical deadline when it gave one. Else none: a deleted
 * order's job and deadline are gone with it.
 */
export async function withExpectedDates(db: Kysely<Database>, entries: JournalEntry[]): Promise<JournalEntry[]> {
  const due = await expectedDates(
    db,
    entries.map((e) => e.orderId),
  );
  return entries.map((e) => (due.has(e.orderId) ? { ...e, expectedOn: due.get(e.orderId)! } : e));
}

/** The day each of these orders is expected ready (as `withExpectedDates` says), read 500 orders at a time. */
export async function expectedDates(db: Kysely<Database>, orderIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(orderIds)];
  const due = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const slice = ids.slice(i, i + 500);
    const [jobs, orders] = await Promise.all([
      db.selectFrom('jobs').select(['order_id', 'due_on']).where('order_id', 'in', slice).execute(),
      db
        .selectFrom('orders')
        .select(['id', 'deadline_date'])
        .where('id', 'in', slice)
        .where('has_critical_deadline', '=', 1)
        .execute(),
    ]);
    for (const o of orders) {
      const day = expectedOn(undefined, { hasCriticalDeadline: true, deadlineDate: o.deadline_date });
      if (day) due.set(o.id, day);
    }
    for (const j of jobs) due.set(j.order_id, j.due_on);
  }
  return due;
}

/** The day one order is expected ready (as `withExpectedDates` says) from its job's due date and its deadline. */
export function expectedOn(
  jobDueOn: string | null | undefined,
  order: { hasCriticalDeadline: boolean; deadlineDate: string | null } | null,
): string | undefined {
  if (jobDueOn !== null && jobDueOn !== undefined) return jobDueOn;
  if (!order?.hasCriticalDeadline) return undefined;
  const day = (order.deadlineDate ?? '').trim().slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : undefined;
}
