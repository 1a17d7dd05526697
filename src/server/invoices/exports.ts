// The period's invoices and credit notes as the files QuickBooks Online and Xero import
// (docs/accounting-exports.md: each column, with the product's page that says what it means): one
// row per line of a document, its tax code named by the shop for the taxes charged on that line
// in its place of supply (shared/invoices/tax-codes.ts), its tax what an importer recomputing the
// line gets, or its exact share of the document's taxes with the file saying so (lineTaxShares).
//
// Credit notes, positive, each in its product's own import:
// - QuickBooks Online: its invoice import takes invoices only (an invoice cannot total below
//   zero); credit notes go into a second file for its credit note import, in the invoice file's
//   columns with the credit note's number and date in place of the invoice's.
// - Xero: its credit note import, the invoice template with CreditNoteNumber and CreditNoteDate.
//
// Both wizards read dates as DD/MM/YYYY and ask whether amounts include the taxes: they do not.
// QuickBooks takes 100 invoices a file: a period with more comes as a zip of numbered files
// (export-files.ts). Xero takes 500: export a month, or less, at a time. Payments and refunds:
// payment-exports.ts.
import { applyRate } from '../../shared/money.js';
import { balanceDueOn } from '../../shared/invoices/ageing.js';
import { lineTaxKeys } from '../../shared/invoices/credit-notes.js';
import type { InvoiceDocument } from '../../shared/invoices/invoice-api.js';
import { taxCodeOf, type TaxCodes } from '../../shared/invoices/tax-codes.js';
import { taxKeyOf } from '../../shared/tax-treatment.js';
import { money, type Cell } from './csv.js';
import type { JournalEntry } from './journal.js';

/** The columns both QuickBooks files end with: the memo, then the line and its tax. */
const QUICKBOOKS_LINE_HEADERS = [
  'Location',
  'Memo',
  'Item(Product/Service)',
  'ItemDescription',
  'ItemQuantity',
  'ItemRate',
  'ItemAmount',
  'ItemTaxCode',
  'ItemTaxAmount',
  'Currency',
  'Service Date',
] as const;

export const QUICKBOOKS_INVOICE_HEADERS = [
  'InvoiceNo',
  'Customer',
  'InvoiceDate',
  'DueDate',
  'Terms',
  ...QUICKBOOKS_LINE_HEADERS,
] as const;

export const QUICKBOOKS_CREDIT_NOTE_HEADERS = [
  'CreditNoteNo',
  'Customer',
  'CreditNoteDate',
  ...QUICKBOOKS_LINE_HEADERS,
] as const;

export const XERO_HEADERS = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'Total',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
] as const;

/** Xero's credit note import: the invoice template's columns, its number and date the credit note's, no due date. */
const XERO_CREDIT_NOTE_HEADERS = XERO_HEADERS.map((h) =>
  h === '*InvoiceNumber'
    ? '*CreditNoteNumber'
    : h === '*InvoiceDate'
      ? '*CreditNoteDate'
      : h === '*DueDate'
        ? 'DueDate'
        : h,
);

/** DD/MM/YYYY, as both import wizards read it. */
export const dmy = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** An invoice's due date as the import files give it: the one rule (shared/invoices/ageing.ts, balanceDueOn). */
const dueDateOf = (doc: InvoiceDocument, expectedOn?: string): string =>
  balanceDueOn(doc.issueDate, doc.kind === 'invoice' ? doc.terms : undefined, expectedOn);

/** The name the customer is filed under: the company when there is one. */
const contactOf = (doc: InvoiceDocument) => doc.customer.company.trim() || doc.customer.name;

/** A line's tax at a rate as an importer recomputes it: rounded half away from zero, on its own. */
const lineTaxAt = (cents: number, rateMilliPercent: number) =>
  Math.sign(cents) * applyRate(Math.abs(cents), rateMilliPercent);

/** Each line's share of the document's taxes, and whether a product recomputing each line's tax gets exactly these. */
export interface LineTaxShares {
  shares: number[];
  /**
   * True when each line's tax recomputed on its own (amount × rate, rounded per line and per tax)
   * adds up to the document's taxes: the shares are those. False when per-line rounding lands off
   * the document's (rounded once on each tax's base): the shares still add up to the document
   * exactly, and the file's tax amount columns are the ones to keep.
   */
  recomputable: boolean;
}

/**
 * Each line's share of the document's taxes, to the cent. Per tax: first what an importer gets
 * recomputing the line (its amount × the rate, rounded on the line); when those add up to the
 * document's tax they are the shares. When they do not (per-line rounding differs from the total's),
 * the cents over or under go one each to the lines whose rounding moved them most, so the shares
 * still add up to the tax exactly (discount lines, negative, take their share back).
 */
export function lineTaxShares(doc: InvoiceDocument): LineTaxShares {
  const out = doc.lines.map(() => 0);
  const keysOf = doc.lines.map((line) => lineTaxKeys(doc, line));
  let recomputable = true;
  for (const tax of doc.taxes) {
    const key = taxKeyOf(tax);
    const on = doc.lines.map((_, i) => keysOf[i]!.includes(key));
    const own = doc.lines.map((l, i) => (on[i] ? lineTaxAt(l.lineTotalCents, tax.rateMilliPercent) : 0));
    let off = tax.amountCents - own.reduce((s, c) => s + c, 0);
    if (off !== 0) recomputable = false;
    // How far each line's own rounding moved it, in hundred-thousandths of a cent: give the cents back where it moved most.
    const exact = doc.lines.map((l, i) => (on[i] ? l.lineTotalCents * tax.rateMilliPercent - own[i]! * 100_000 : 0));
    const order = doc.lines
      .map((_, i) => i)
      .filter((i) => on[i] && doc.lines[i]!.lineTotalCents !== 0)
      .sort((x, y) => (off > 0 ? exact[y]! - exact[x]! : exact[x]! - exact[y]!) || x - y);
    for (let k = 0; off !== 0 && order.length > 0; k = (k + 1) % order.length) {
      const step = Math.sign(off);
      own[order[k]!]! += step;
      off -= step;
    }
    own.forEach((c, i) => (out[i]! += c));
  }
  return { shares: out, recomputable };
}

/** Each line's share of the document's taxes (lineTaxShares), adding up to them exactly. */
export const lineTaxes = (doc: InvoiceDocument): number[] => lineTaxShares(doc).shares;

interface LineOut {
  entry: JournalEntry;
  index: number;
  taxCode: string;
  taxCents: number;
}

function linesOf(entries: readonly JournalEntry[], codes: TaxCodes): LineOut[] {
  return entries.flatMap((entry) => {
    const taxes = lineTaxShares(entry.doc).shares;
    return entry.doc.lines.map((line, index) => ({
      entry,
      index,
      taxCode: taxCodeOf(codes, entry.doc.province, lineTaxKeys(entry.doc, line)),
      taxCents: taxes[index]!,
    }));
  });
}

/** Said in the memo of a document whose lines' tax, recomputed one by one, lands off its own (lineTaxShares). */
export const KEEP_TAX_NOTE = '; tax as invoiced: keep the ItemTaxAmount of each line';
const keepTaxNote = (doc: InvoiceDocument) => (lineTaxShares(doc).recomputable ? '' : KEEP_TAX_NOTE);

/**
 * One of the two QuickBooks files: the invoices, or the credit notes (which have no due date nor
 * terms, and whose memo names the invoice they credit); the line's columns are the same in both.
 */
function quickBooksRows(entries: readonly JournalEntry[], codes: TaxCodes, kind: InvoiceDocument['kind']): Cell[][] {
  const invoices = kind === 'invoice';
  return [
    [...(invoices ? QUICKBOOKS_INVOICE_HEADERS : QUICKBOOKS_CREDIT_NOTE_HEADERS)],
    ...linesOf(
      entries.filter((e) => e.doc.kind === kind),
      codes,
    ).map(({ entry, index, taxCode, taxCents }) => {
      const { doc } = entry;
      const line = doc.lines[index]!;
      return [
        doc.number,
        contactOf(doc),
        dmy(doc.issueDate),
        ...(invoices ? [dmy(dueDateOf(doc, entry.expectedOn)), ''] : []),
        '',
        (invoices
          ? `Order ${doc.orderReference}`
          : `Order ${doc.orderReference}, credits invoice ${doc.credits?.number ?? ''}`) + keepTaxNote(doc),
        '',
        line.description,
        line.quantity,
        money(line.unitPriceCents),
        money(line.lineTotalCents),
        taxCode,
        money(taxCents),
        'CAD',
        '',
      ];
    }),
  ];
}

export const quickBooksInvoiceRows = (entries: readonly JournalEntry[], codes: TaxCodes): Cell[][] =>
  quickBooksRows(entries, codes, 'invoice');

export const quickBooksCreditNoteRows = (entries: readonly JournalEntry[], codes: TaxCodes): Cell[][] =>
  quickBooksRows(entries, codes, 'credit_note');

/**
 * Xero's sales invoice import (invoices), or its credit note import (credit notes, with the same
 * columns, the number and date named for the credit note, amounts positive: Xero credits them).
 */
function xeroDocumentRows(
  entries: readonly JournalEntry[],
  codes: TaxCodes,
  accountCode: string,
  kind: InvoiceDocument['kind'],
): Cell[][] {
  const invoices = kind === 'invoice';
  return [
    [...(invoices ? XERO_HEADERS : XERO_CREDIT_NOTE_HEADERS)],
    ...linesOf(
      entries.filter((e) => e.doc.kind === kind),
      codes,
    ).map(({ entry, index, taxCode, taxCents }) => {
      const { doc } = entry;
      const line = doc.lines[index]!;
      const address = doc.customer.address;
      return [
        contactOf(doc),
        '',
        address[0] ?? '',
        address[1] ?? '',
        address[2] ?? '',
        address.slice(3).join(', '),
        '',
        '',
        '',
        '',
        doc.number,
        invoices ? doc.orderReference : `${doc.orderReference} (credits ${doc.credits?.number ?? ''})`,
        dmy(doc.issueDate),
        invoices ? dmy(dueDateOf(doc, entry.expectedOn)) : '',
        '',
        '',
        line.description,
        line.quantity,
        money(line.unitPriceCents),
        '',
        accountCode,
        taxCode,
        money(taxCents),
        '',
        '',
        '',
        '',
        'CAD',
        '',
      ];
    }),
  ];
}

export const xeroRows = (entries: readonly JournalEntry[], codes: TaxCodes, accountCode: string): Cell[][] =>
  xeroDocumentRows(entries, codes, accountCode, 'invoice');

export const xeroCreditNoteRows = (entries: readonly JournalEntry[], codes: TaxCodes, accountCode: string): Cell[][] =>
  xeroDocumentRows(entries, codes, accountCode, 'credit_note');
