// The sales journal of a period: one row per invoice and credit note issued in it, from the
// frozen documents, each tax in its own column and a credit note's amounts negative, so each
// column adds up to what the period's books hold. Each invoice also says what is left to
// credit of it today (the Accounts page credits from here, its order deleted or not). Apart
// from the sales, the card provider's fee of each card payment received in the period, an
// expense line dated as its payment (docs/payments.md, "Fees"): never taken off a sale; and the
// card surcharge collected with a card payment, an untaxed income line (docs/payments.md, "Surcharges").
import type { Kysely } from 'kysely';
import { creditRoom } from '../../shared/invoices/credit-notes.js';
import { PAYMENT_METHODS } from '../../shared/invoices/payment-methods.js';
import {
  JOURNAL_TAXES,
  type InvoiceDocument,
  type JournalFees,
  type JournalSurcharges,
  type JournalRow,
  type JournalTax,
  type SalesJournal,
} from '../../shared/invoices/invoice-api.js';
import type { Database } from '../storage/schema.js';
import type { Cell } from './csv.js';
import { money } from './csv.js';
import {
  invoiceDocument,
  invoicesIssuedBetween,
  paymentsReceivedBetween,
  receiptDocument,
  type InvoiceRow,
} from './invoice-store.js';
import { cardSidesOf, creditNotesAgainst } from './report-store.js';

const noTaxes = (): Record<JournalTax, number> => ({ GST: 0, HST: 0, QST: 0, PST: 0, RST: 0 });

/** A document and its row of the period, for the journal and the import files. */
export interface JournalEntry {
  row: JournalRow;
  doc: InvoiceDocument;
  orderId: string;
  /** The day its order is expected ready (its production due date), for the import files' due dates. */
  expectedOn?: string;
}

export async function journalEntries(db: Kysely<Database>, from: string, to: string): Promise<JournalEntry[]> {
  const issued = await invoicesIssuedBetween(db, from, to);
  const invoiceIds = issued.filter((r) => r.kind === 'invoice').map((r) => r.id);
  const notes = await creditNotesAgainst(db, invoiceIds);
  const notesOf = new Map<string, InvoiceRow[]>();
  for (const n of notes) notesOf.set(n.credits_invoice_id!, [...(notesOf.get(n.credits_invoice_id!) ?? []), n]);
  return issued.map((r) => {
    const doc = invoiceDocument(r);
    const sign = r.kind === 'credit_note' ? -1 : 1;
    const taxes = noTaxes();
    for (const t of doc.taxes) taxes[t.code] += sign * t.amountCents;
    const room = r.kind === 'invoice' ? creditRoom(doc, (notesOf.get(r.id) ?? []).map(invoiceDocument)) : null;
    return {
      doc,
      orderId: r.order_id,
      row: {
        id: r.id,
        issueDate: r.issue_date,
        number: r.number,
        kind: r.kind,
        credits: doc.credits?.number ?? null,
        ...(doc.writeOff ? { writeOff: true } : {}),
        orderReference: doc.orderReference,
        customerName: doc.customer.name,
        customerCompany: doc.customer.company,
        province: doc.province,
        subtotalCents: sign * doc.subtotalCents,
        taxes,
        totalCents: sign * doc.totalCents,
        creditableTotalCents: Math.max(0, room?.totalCents ?? 0),
        creditableSubtotalCents: Math.max(0, room?.subtotalCents ?? 0),
      },
    };
  });
}

/**
 * The card side of the period's ledger (payments/ keeps it beside each entry): the fee of each
 * card payment received in it, an expense; and each card surcharge collected or given back in it,
 * an untaxed income (docs/payments.md, "Surcharges"), with what the card was charged.
 */
export async function cardBooksBetween(
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<{ fees: JournalFees; surcharges: JournalSurcharges }> {
  const received = await paymentsReceivedBetween(db, from, to);
  const cards = await cardSidesOf(
    db,
    received.map((p) => p.id),
  );
  const line = (p: (typeof received)[number]) => ({
    receivedOn: p.received_on,
    receiptNumber: p.receipt_number,
    orderReference: receiptDocument(p).orderReference,
    method: p.method,
    reference: p.reference,
    amountCents: Number(p.amount_cents),
  });
  const payments = received.filter((p) => cards.get(p.id)?.kind === 'payment');
  const feeRows = payments.flatMap((p) => {
    const fee = cards.get(p.id)!.feeCents;
    return fee === null ? [] : [{ ...line(p), feeCents: fee }];
  });
  const surchargeRows = received.flatMap((p) => {
    const surcharge = cards.get(p.id)?.surchargeCents ?? 0;
    if (surcharge === 0) return [];
    const row = line(p);
    return [{ ...row, surchargeCents: surcharge, chargedCents: row.amountCents + surcharge }];
  });
  return {
    fees: {
      rows: feeRows,
      totalCents: feeRows.reduce((sum, r) => sum + r.feeCents, 0),
      unknown: payments.filter((p) => cards.get(p.id)!.feeCents === null).length,
    },
    surcharges: {
      rows: surchargeRows,
      amountCents: surchargeRows.reduce((sum, r) => sum + r.amountCents, 0),
      totalCents: surchargeRows.reduce((sum, r) => sum + r.surchargeCents, 0),
      chargedCents: surchargeRows.reduce((sum, r) => sum + r.chargedCents, 0),
    },
  };
}

export function journalOf(
  from: string,
  to: string,
  entries: readonly JournalEntry[],
  card: { fees: JournalFees; surcharges: JournalSurcharges },
): SalesJournal {
  const rows = entries.map((e) => e.row);
  const taxes = noTaxes();
  for (const r of rows) for (const code of JOURNAL_TAXES) taxes[code] += r.taxes[code];
  return {
    from,
    to,
    rows,
    totals: {
      subtotalCents: rows.reduce((s, r) => s + r.subtotalCents, 0),
      taxes,
      totalCents: rows.reduce((s, r) => s + r.totalCents, 0),
    },
    fees: card.fees,
    surcharges: card.surcharges,
  };
}

const KIND = { invoice: 'Invoice', credit_note: 'Credit note' } as const;

/** The journal as a spreadsheet: a Total row of each column (each tax its own column, never added to another). */
export function journalCsvRows(journal: SalesJournal): Cell[][] {
  return [
    [
      'Date',
      'Number',
      'Kind',
      'Credits invoice',
      'Order',
      'Customer',
      'Company',
      'Place of supply',
      'Subtotal (CAD)',
      ...JOURNAL_TAXES.map((code) => `${code} (CAD)`),
      'Total (CAD)',
    ],
    ...journal.rows.map((r) => [
      r.issueDate,
      r.number,
      r.writeOff ? 'Write-off' : KIND[r.kind],
      r.credits ?? '',
      r.orderReference,
      r.customerName,
      r.customerCompany,
      r.province,
      money(r.subtotalCents),
      ...JOURNAL_TAXES.map((code) => money(r.taxes[code])),
      money(r.totalCents),
    ]),
    [
      'Total',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      money(journal.totals.subtotalCents),
      ...JOURNAL_TAXES.map((code) => money(journal.totals.taxes[code])),
      money(journal.totals.totalCents),
    ],
    // The expense part, below the sales: each card fee dated as its payment, then their total.
    [],
    ['Date', 'Receipt', 'Kind', 'Order', 'Method', 'Payment reference', 'Payment (CAD)', 'Fee expense (CAD)'],
    ...journal.fees.rows.map((r) => [
      r.receivedOn,
      r.receiptNumber,
      'Card fee',
      r.orderReference,
      PAYMENT_METHODS[r.method].label.en,
      r.reference,
      money(r.amountCents),
      money(r.feeCents),
    ]),
    ['Total card fees', '', '', '', '', '', '', money(journal.fees.totalCents)],
    ...(journal.fees.unknown > 0
      ? [
          [
            `${journal.fees.unknown} card payment${journal.fees.unknown === 1 ? '' : 's'} of the period: fee not settled yet`,
          ],
        ]
      : []),
    // The income part: each card surcharge (a refund's given back negative), untaxed, dated as its
    // payment; the card was charged the payment plus the surcharge (debit the bank or clearing
    // account that, credit receivables the payment and surcharge income the surcharge).
    ...(journal.surcharges.rows.length === 0
      ? []
      : [
          [],
          [
            'Date',
            'Receipt',
            'Kind',
            'Order',
            'Method',
            'Payment reference',
            'Payment (CAD)',
            'Surcharge income (CAD)',
            'Charged to the card (CAD)',
          ],
          ...journal.surcharges.rows.map((r) => [
            r.receivedOn,
            r.receiptNumber,
            r.amountCents < 0 ? 'Card surcharge refunded' : 'Card surcharge',
            r.orderReference,
            PAYMENT_METHODS[r.method].label.en,
            r.reference,
            money(r.amountCents),
            money(r.surchargeCents),
            money(r.chargedCents),
          ]),
          [
            'Total card surcharges',
            '',
            '',
            '',
            '',
            '',
            money(journal.surcharges.amountCents),
            money(journal.surcharges.totalCents),
            money(journal.surcharges.chargedCents),
          ],
        ]),
  ];
}
