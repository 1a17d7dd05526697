// The period's invoices as the files QuickBooks Online and Xero import: one row per line of an
// invoice (or credit note), its tax code named by the shop for the taxes charged on that line
// in its place of supply (shared/invoices/tax-codes.ts), its tax the line's exact share of the
// document's taxes (so the lines add up to the invoice to the cent).
//
// Credit notes:
// - QuickBooks Online: its invoice import takes invoices only (an invoice cannot total below
//   zero), and it has a separate "Import credit notes" tool. So credit notes go into a second
//   file, as credit notes with positive amounts, in the invoice file's columns with the credit
//   note's number and date in place of the invoice's; the tool maps the columns at its "Map
//   column headings" step.
// - Xero: its sales invoice import takes credit notes in the same file, their amounts negative
//   (a negative UnitAmount): a document whose total is negative comes in as a credit note. So
//   each credit note is in the one file, its number and lines with their amounts negative.
//
// Headers: QuickBooks Online Canada's invoice import recognises its own column names without
// mapping, a per-line tax code among them (Intuit, "Import invoices in batches":
// https://quickbooks.intuit.com/learn-support/en-ca/help-articles/import-invoices-in-batches/01/338729);
// these are the names of its sample file as widely reproduced, and any other name is mapped by
// hand at the wizard's mapping step. Xero's are the 29 columns of the SalesInvoiceTemplate.csv
// its import screen offers, starred columns mandatory, in its order. Both wizards read dates as
// DD/MM/YYYY (chosen at QuickBooks' mapping step; by region in Xero), and ask whether amounts
// include the taxes: they do not. QuickBooks takes 100 invoices a file and Xero 500: export a
// month, or less, at a time.
import { addDays } from '../../shared/dates.js';
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

/** DD/MM/YYYY, as both import wizards read it. */
const dmy = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** An invoice's due date: its terms' days after it, else the day it was issued (due on receipt, at pickup or before shipping). */
function dueDateOf(doc: InvoiceDocument): string {
  return doc.kind === 'invoice' && doc.terms.balanceDue === 'days'
    ? addDays(doc.issueDate, doc.terms.balanceDays)
    : doc.issueDate;
}

/** The name the customer is filed under: the company when there is one. */
const contactOf = (doc: InvoiceDocument) => doc.customer.company.trim() || doc.customer.name;

/**
 * Each line's share of the document's taxes, to the cent: each tax spread over the lines it was
 * charged on in proportion to their amounts, rounding the running total so the shares add up to
 * the tax exactly (discount lines, negative, take their share back).
 */
export function lineTaxes(doc: InvoiceDocument): number[] {
  const out = doc.lines.map(() => 0);
  const keysOf = doc.lines.map((line) => lineTaxKeys(doc, line));
  for (const tax of doc.taxes) {
    const key = taxKeyOf(tax);
    const base = doc.lines.reduce((s, l, i) => s + (keysOf[i]!.includes(key) ? l.lineTotalCents : 0), 0);
    if (base === 0) continue;
    let running = 0;
    let given = 0;
    doc.lines.forEach((line, i) => {
      if (!keysOf[i]!.includes(key)) return;
      running += line.lineTotalCents;
      const upTo = Math.round((tax.amountCents * running) / base);
      out[i]! += upTo - given;
      given = upTo;
    });
  }
  return out;
}

interface LineOut {
  entry: JournalEntry;
  index: number;
  taxCode: string;
  taxCents: number;
}

function linesOf(entries: readonly JournalEntry[], codes: TaxCodes): LineOut[] {
  return entries.flatMap((entry) => {
    const taxes = lineTaxes(entry.doc);
    return entry.doc.lines.map((line, index) => ({
      entry,
      index,
      taxCode: taxCodeOf(codes, entry.doc.province, lineTaxKeys(entry.doc, line)),
      taxCents: taxes[index]!,
    }));
  });
}

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
    ).map(({ entry: { doc }, index, taxCode, taxCents }) => {
      const line = doc.lines[index]!;
      return [
        doc.number,
        contactOf(doc),
        dmy(doc.issueDate),
        ...(invoices ? [dmy(dueDateOf(doc)), ''] : []),
        '',
        invoices
          ? `Order ${doc.orderReference}`
          : `Order ${doc.orderReference}, credits invoice ${doc.credits?.number ?? ''}`,
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

export function xeroRows(entries: readonly JournalEntry[], codes: TaxCodes, accountCode: string): Cell[][] {
  return [
    [...XERO_HEADERS],
    ...linesOf(entries, codes).map(({ entry: { doc }, index, taxCode, taxCents }) => {
      const line = doc.lines[index]!;
      const sign = doc.kind === 'credit_note' ? -1 : 1;
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
        doc.kind === 'credit_note'
          ? `${doc.orderReference} (credits ${doc.credits?.number ?? ''})`
          : doc.orderReference,
        dmy(doc.issueDate),
        dmy(dueDateOf(doc)),
        '',
        '',
        line.description,
        line.quantity,
        money(sign * line.unitPriceCents),
        '',
        accountCode,
        taxCode,
        money(sign * taxCents),
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
