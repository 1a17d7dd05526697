// The accountant's reports and exports (JSON for the Accounts page, CSV to download), the tax
// codes the import files use (everyone reads them, owners set them) and the staff list an owner
// grants the money permissions from. Registered inside the inbox: each needs a session.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  agedQuerySchema,
  journalQuerySchema,
  reportQuerySchema,
  type PaymentsReport,
  type TaxReport,
} from '../../shared/invoices/invoice-api.js';
import { PAYMENT_METHODS } from '../../shared/invoices/payment-methods.js';
import { taxCodesSchema } from '../../shared/invoices/tax-codes.js';
import { periodEndsBeforeStart } from '../errors.js';
import { refuseUnknownFields } from '../http/strict-bodies.js';
import { requireOwner } from '../staff/index.js';
import type { InvoiceDeps } from './accounts.js';
import { csvOf, csvReply, money, type Cell } from './csv.js';
import { quickBooksCreditNoteRows, quickBooksInvoiceRows, xeroCreditNoteRows, xeroRows } from './exports.js';
import { exportedPayments, quickBooksPaymentRows, withExpectedDates, xeroPaymentRows } from './payment-exports.js';
import { cardBooksBetween, journalCsvRows, journalEntries, journalOf } from './journal.js';
import { exportFiles, zipOf } from './export-files.js';
import { attachmentDisposition } from '../http/downloads.js';
import { readTaxCodes, saveTaxCodes, staffMembers } from './report-store.js';
import { agedReceivables, paymentsReport, taxReport } from './reports.js';
import { AGEING_BUCKETS, AGEING_LABELS, type AgeingBucket } from '../../shared/invoices/ageing.js';

const checkPeriod = (from: string, to: string) => {
  if (from > to) throw periodEndsBeforeStart();
};

/** The tax report as a spreadsheet: each tax of each province on its row, then each return's lines. No total row. */
function taxCsvRows(report: TaxReport): Cell[][] {
  return [
    [
      'Tax',
      'Province',
      'Rate',
      'Taxable (CAD)',
      'Tax (CAD)',
      'Adjusted taxable (CAD)',
      'Adjusted tax (CAD)',
      'Documents',
      'Note',
    ],
    ...report.rows.map((r) => [
      r.code,
      r.province,
      r.rateLabel.en,
      money(r.taxableCents),
      money(r.amountCents),
      money(r.adjustmentTaxableCents),
      money(r.adjustmentCents),
      r.documents,
      r.note?.en ?? '',
    ]),
    [],
    ['Return', 'Form', 'Line', 'Figure', 'Amount (CAD)', 'Source'],
    ...report.returns.flatMap((ret) =>
      ret.lines.map((l) => [ret.title.en, ret.form, l.line ?? '', l.label.en, money(l.amountCents), ret.source.url]),
    ),
  ];
}

export async function reportRoutes(app: FastifyInstance, deps: InvoiceDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/reports/taxes', { schema: { querystring: reportQuerySchema } }, async (request, reply) => {
    const { from, to, format } = request.query;
    checkPeriod(from, to);
    const report: TaxReport = await taxReport(deps.db, deps.seller, from, to, deps.books.shopProvince);
    if (format === 'json') return report;
    return csvReply(reply, `sales-taxes-${from}-to-${to}.csv`, csvOf(taxCsvRows(report)));
  });

  api.get('/api/reports/payments', { schema: { querystring: reportQuerySchema } }, async (request, reply) => {
    const { from, to, format } = request.query;
    checkPeriod(from, to);
    const report: PaymentsReport = await paymentsReport(deps.db, from, to);
    if (format === 'json') return report;
    const csv = csvOf([
      // The columns before "Card surcharge (CAD)" are as they always were (docs/accounting-exports.md).
      [
        'Received on',
        'Receipt',
        'Order',
        'Method',
        'Reference',
        'Amount (CAD)',
        'Recorded by',
        'Card fee (CAD)',
        'Card surcharge (CAD)',
        'Charged to the card (CAD)',
      ],
      ...report.rows.map((r) => [
        r.receivedOn,
        r.receiptNumber,
        r.orderReference,
        PAYMENT_METHODS[r.method].label.en,
        r.reference,
        money(r.amountCents),
        r.recordedBy,
        r.feeCents === null ? '' : money(r.feeCents),
        r.surchargeCents === null ? '' : money(r.surchargeCents),
        r.chargedCents === null ? '' : money(r.chargedCents),
      ]),
      [
        'Total',
        '',
        '',
        '',
        '',
        money(report.totalCents),
        '',
        money(report.feesCents),
        money(report.surchargesCents),
        money(report.rows.reduce((sum, r) => sum + (r.chargedCents ?? 0), 0)),
      ],
    ]);
    return csvReply(reply, `payments-${from}-to-${to}.csv`, csv);
  });

  // Aged receivables on any date (docs/accounts.md): per order, per customer and in all; CSV too.
  api.get('/api/reports/aged', { schema: { querystring: agedQuerySchema } }, async (request, reply) => {
    const { asOf, format } = request.query;
    const aged = await agedReceivables(deps.db, asOf);
    if (format === 'json') return aged;
    const label = (b: AgeingBucket) => AGEING_LABELS[b].en;
    const csv = csvOf([
      ['Customer', 'Order', 'Due on', 'Days past due', ...AGEING_BUCKETS.map(label), 'Balance (CAD)'],
      ...aged.orders.map((o) => [
        o.customer,
        o.orderReference,
        o.dueOn,
        o.daysPastDue,
        ...AGEING_BUCKETS.map((b) => money(b === o.bucket ? o.balanceCents : 0)),
        money(o.balanceCents),
      ]),
      ...aged.customers.map((c) => [
        c.customer,
        'Customer total',
        '',
        '',
        ...AGEING_BUCKETS.map((b) => money(c.buckets[b])),
        money(c.totalCents),
      ]),
      ['Total', '', '', '', ...AGEING_BUCKETS.map((b) => money(aged.buckets[b])), money(aged.totalCents)],
    ]);
    return csvReply(reply, `aged-receivables-${asOf}.csv`, csv);
  });

  api.get('/api/reports/journal', { schema: { querystring: journalQuerySchema } }, async (request, reply) => {
    const { from, to, format } = request.query;
    checkPeriod(from, to);
    const entries = await journalEntries(deps.db, from, to);
    const period = `${from}-to-${to}`;
    switch (format) {
      case 'json':
        return journalOf(from, to, entries, await cardBooksBetween(deps.db, from, to));
      case 'csv': {
        const journal = journalOf(from, to, entries, await cardBooksBetween(deps.db, from, to));
        return csvReply(reply, `sales-journal-${period}.csv`, csvOf(journalCsvRows(journal)));
      }
      // At most 100 documents a file (export-files.ts): more come as a zip of numbered files.
      case 'quickbooks':
      case 'quickbooks-credit-notes': {
        const codes = await readTaxCodes(deps.db);
        const invoices = format === 'quickbooks';
        const files = exportFiles(
          invoices ? `quickbooks-invoices-${period}` : `quickbooks-credit-notes-${period}`,
          (await withExpectedDates(deps.db, entries)).filter(
            (e) => e.doc.kind === (invoices ? 'invoice' : 'credit_note'),
          ),
          (run) => (invoices ? quickBooksInvoiceRows(run, codes) : quickBooksCreditNoteRows(run, codes)),
        );
        if (files.kind === 'csv') return csvReply(reply, files.name, files.csv);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', attachmentDisposition(files.name))
          .send(zipOf(files.files));
      }
      // Xero: invoices and credit notes each in the file of its own import screen.
      case 'xero': {
        const codes = await readTaxCodes(deps.db);
        const dated = await withExpectedDates(deps.db, entries);
        return csvReply(reply, `xero-invoices-${period}.csv`, csvOf(xeroRows(dated, codes, codes.xeroAccountCode)));
      }
      case 'xero-credit-notes': {
        const codes = await readTaxCodes(deps.db);
        const rows = xeroCreditNoteRows(entries, codes, codes.xeroAccountCode);
        return csvReply(reply, `xero-credit-notes-${period}.csv`, csvOf(rows));
      }
      // Payments and refunds received in the period, voided ones left out (payment-exports.ts).
      case 'quickbooks-payments': {
        const payments = await exportedPayments(deps.db, from, to);
        return csvReply(reply, `quickbooks-payments-${period}.csv`, csvOf(quickBooksPaymentRows(payments)));
      }
      case 'xero-payments': {
        const payments = await exportedPayments(deps.db, from, to);
        return csvReply(reply, `xero-payments-${period}.csv`, csvOf(xeroPaymentRows(payments)));
      }
    }
  });

  api.get('/api/tax-codes', async () => readTaxCodes(deps.db));

  api.put('/api/tax-codes', async (request, reply) => {
    requireOwner(request, { en: 'name the tax codes', fr: 'nommer les codes de taxe' });
    refuseUnknownFields(taxCodesSchema, request.body);
    const parsed = taxCodesSchema.safeParse(request.body);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((i) => i.path.join('.'));
      return reply.code(422).send({
        error: {
          code: 'invalid_tax_codes',
          message: `The tax codes were not saved: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
          message_fr: `Les codes de taxe n’ont pas été enregistrés\u00a0: ${fields.join(', ')}`,
          fields,
        },
      });
    }
    await saveTaxCodes(deps.db, parsed.data, request.staff!.email);
    return readTaxCodes(deps.db);
  });

  // Owners only: whom they can allow to refund, credit and override (the Accounts page).
  api.get('/api/staff-list', async (request) => {
    requireOwner(request, { en: 'list the staff', fr: 'voir la liste du personnel' });
    return { staff: await staffMembers(deps.db) };
  });
}
