// The sales journal of a period: one row per invoice and credit note issued in it, from the
// frozen documents, each tax in its own column and a credit note's amounts negative, so each
// column adds up to what the period's books hold. Each invoice also says what is left to
// credit of it today (the Accounts page credits from here, its order deleted or not).
import type { Kysely } from 'kysely';
import { creditRoom } from '../../shared/invoices/credit-notes.js';
import {
  JOURNAL_TAXES,
  type InvoiceDocument,
  type JournalRow,
  type JournalTax,
  type SalesJournal,
} from '../../shared/invoices/invoice-api.js';
import type { Database } from '../storage/schema.js';
import type { Cell } from './csv.js';
import { money } from './csv.js';
import { invoiceDocument, invoicesIssuedBetween, type InvoiceRow } from './invoice-store.js';
import { creditNotesAgainst } from './report-store.js';

const noTaxes = (): Record<JournalTax, number> => ({ GST: 0, HST: 0, QST: 0, PST: 0, RST: 0 });

/** A document and its row of the period, for the journal and the import files. */
export interface JournalEntry {
  row: JournalRow;
  doc: InvoiceDocument;
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
      row: {
        id: r.id,
        issueDate: r.issue_date,
        number: r.number,
        kind: r.kind,
        credits: doc.credits?.number ?? null,
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

export function journalOf(from: string, to: string, entries: readonly JournalEntry[]): SalesJournal {
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
      KIND[r.kind],
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
  ];
}
