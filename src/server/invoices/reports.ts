// The accountant's two reports for a period: the sales taxes charged, by tax and province (from
// issued invoices less credit notes: GST, HST, QST and PST/RST each on its own line), and the
// payments received. From the frozen documents, so a report never changes after the fact.
import type { Kysely } from 'kysely';
import type { PaymentsReport, TaxReport, TaxReportRow } from '../../shared/invoices/invoice-api.js';
import type { Database } from '../storage/schema.js';
import { invoiceDocument, invoicesIssuedBetween, paymentsReceivedBetween, receiptDocument } from './invoice-store.js';

export async function taxReport(db: Kysely<Database>, from: string, to: string): Promise<TaxReport> {
  const rows = new Map<string, TaxReportRow>();
  let salesCents = 0;
  for (const r of await invoicesIssuedBetween(db, from, to)) {
    const doc = invoiceDocument(r);
    const sign = doc.kind === 'credit_note' ? -1 : 1;
    salesCents += sign * doc.subtotalCents;
    for (const tax of doc.taxes) {
      const key = `${tax.code}|${doc.province}|${tax.rateMilliPercent}`;
      const row = rows.get(key) ?? {
        code: tax.code,
        province: doc.province,
        name: tax.name,
        rateLabel: tax.rateLabel,
        taxableCents: 0,
        amountCents: 0,
        documents: 0,
      };
      row.taxableCents += sign * tax.taxableCents;
      row.amountCents += sign * tax.amountCents;
      row.documents += 1;
      rows.set(key, row);
    }
  }
  const sorted = [...rows.values()].sort(
    (a, b) => a.code.localeCompare(b.code) || a.province.localeCompare(b.province),
  );
  return {
    from,
    to,
    rows: sorted,
    totalTaxCents: sorted.reduce((sum, r) => sum + r.amountCents, 0),
    salesCents,
  };
}

export async function paymentsReport(db: Kysely<Database>, from: string, to: string): Promise<PaymentsReport> {
  const rows = (await paymentsReceivedBetween(db, from, to)).map((p) => ({
    receivedOn: p.received_on,
    receiptNumber: p.receipt_number,
    orderReference: receiptDocument(p).orderReference,
    method: p.method,
    reference: p.reference,
    amountCents: Number(p.amount_cents),
    recordedBy: p.recorded_by,
  }));
  const byMethod: PaymentsReport['byMethod'] = {};
  for (const r of rows) byMethod[r.method] = (byMethod[r.method] ?? 0) + r.amountCents;
  return { from, to, rows, totalCents: rows.reduce((sum, r) => sum + r.amountCents, 0), byMethod };
}
