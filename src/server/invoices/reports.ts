// The accountant's reports for a period: the sales taxes charged, each tax on its own, with the
// figures each return asks for; and the payments received. From the frozen documents (an
// invoice's taxes exactly as it printed them; credit notes subtracted in the period they are
// issued), so a report never changes after the fact. No figure adds different taxes together,
// except where a return itself does (line 103 of the GST/HST return adds the GST and the HST).
import type { Kysely } from 'kysely';
import type {
  InvoiceDocument,
  PaymentsReport,
  Seller,
  TaxReport,
  TaxReportRow,
  TaxReturn,
} from '../../shared/invoices/invoice-api.js';
import { taxKeyOf } from '../../shared/tax-treatment.js';
import type { Database } from '../storage/schema.js';
import { invoiceDocument, invoicesIssuedBetween, paymentsReceivedBetween, receiptDocument } from './invoice-store.js';
import { RETURN_FORMS } from './tax-returns.js';
import { accountDocuments } from './accounts.js';
import type { AccountDocument } from '../../shared/invoices/account.js';
import { ageReceivables, type AgedReceivables, type AgeingOrder } from '../../shared/invoices/ageing.js';

const signOf = (doc: Pick<InvoiceDocument, 'kind'>) => (doc.kind === 'credit_note' ? -1 : 1);

/** The rows by tax, province and rate (a rebated HST on its own row), invoices less credit notes. */
function taxRows(docs: readonly InvoiceDocument[]): TaxReportRow[] {
  const rows = new Map<string, TaxReportRow>();
  for (const doc of docs) {
    for (const tax of doc.taxes) {
      const key = taxKeyOf(tax);
      const id = `${key}|${doc.province}`;
      const row = rows.get(id) ?? {
        code: tax.code,
        key,
        province: doc.province,
        name: tax.name,
        rateLabel: tax.rateLabel,
        ...(tax.note ? { note: tax.note } : {}),
        taxableCents: 0,
        amountCents: 0,
        documents: 0,
      };
      row.taxableCents += signOf(doc) * tax.taxableCents;
      row.amountCents += signOf(doc) * tax.amountCents;
      row.documents += 1;
      rows.set(id, row);
    }
  }
  return [...rows.values()].sort(
    (a, b) => a.code.localeCompare(b.code) || a.province.localeCompare(b.province) || a.key.localeCompare(b.key),
  );
}

const sum = (rows: readonly TaxReportRow[], pick: (r: TaxReportRow) => boolean) =>
  rows.filter(pick).reduce((total, r) => total + r.amountCents, 0);

/**
 * The figures of each return the shop files: the GST/HST return when it has a GST/HST number,
 * Quebec's QST return when it has a QST number, and a PST or RST return for each province whose
 * tax it charged in the period.
 */
export function taxReturns(
  docs: readonly InvoiceDocument[],
  rows: readonly TaxReportRow[],
  seller: Pick<Seller, 'gstHst' | 'qst'>,
): TaxReturn[] {
  const out: TaxReturn[] = [];
  const sales = docs.reduce((total, d) => total + signOf(d) * d.subtotalCents, 0);
  if (seller.gstHst) {
    const gst = sum(rows, (r) => r.code === 'GST');
    const hst = sum(rows, (r) => r.code === 'HST');
    const form = RETURN_FORMS.gstHst;
    out.push({
      id: 'gst_hst',
      title: form.title,
      form: form.form,
      source: form.source,
      lines: [
        { ...form.lines.sales, amountCents: sales },
        { ...form.lines.collected, amountCents: gst + hst },
        { ...form.lines.gstPart, amountCents: gst },
        { ...form.lines.hstPart, amountCents: hst },
      ],
    });
  }
  if (seller.qst) {
    const form = RETURN_FORMS.qst;
    out.push({
      id: 'qst',
      title: form.title,
      form: form.form,
      source: form.source,
      lines: [
        { ...form.lines.supplies, amountCents: sales },
        { ...form.lines.collected, amountCents: sum(rows, (r) => r.code === 'QST') },
      ],
    });
  }
  const provincial = [...new Set(rows.filter((r) => r.code === 'PST' || r.code === 'RST').map((r) => r.province))];
  for (const province of provincial.sort()) {
    const form = RETURN_FORMS.pst[province as keyof typeof RETURN_FORMS.pst];
    if (!form) continue;
    const mine = rows.filter((r) => r.province === province && (r.code === 'PST' || r.code === 'RST'));
    out.push({
      id: `pst_${province}`,
      title: form.title,
      form: form.form,
      source: form.source,
      lines: [
        { ...form.lines.taxable, amountCents: mine.reduce((t, r) => t + r.taxableCents, 0) },
        { ...form.lines.collected, amountCents: mine.reduce((t, r) => t + r.amountCents, 0) },
      ],
    });
  }
  return out;
}

export async function taxReport(
  db: Kysely<Database>,
  seller: Pick<Seller, 'gstHst' | 'qst'>,
  from: string,
  to: string,
): Promise<TaxReport> {
  const docs = (await invoicesIssuedBetween(db, from, to)).map(invoiceDocument);
  const rows = taxRows(docs);
  return { from, to, rows, returns: taxReturns(docs, rows, seller) };
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

/**
 * Aged receivables on `asOf` (docs/accounts.md, "Aged receivables"): every order's documents
 * issued and payments received (not voided) by that date, aged by shared/invoices/ageing.ts.
 * A deleted order's invoices count too: its records outlive it.
 */
export async function agedReceivables(db: Kysely<Database>, asOf: string): Promise<AgedReceivables> {
  const [invoices, payments] = await Promise.all([
    invoicesIssuedBetween(db, '0000-01-01', asOf),
    paymentsReceivedBetween(db, '0000-01-01', asOf),
  ]);
  const orders = new Map<
    string,
    AgeingOrder & { documents: AccountDocument[]; payments: AgeingOrder['payments'][number][] }
  >();
  // Issued together (a changed order): the credit note before the invoice that replaces it.
  const sorted = [...invoices].sort(
    (a, b) =>
      a.issued_at.localeCompare(b.issued_at) || a.kind.localeCompare(b.kind) || a.number.localeCompare(b.number),
  );
  for (const row of sorted) {
    const doc = invoiceDocument(row);
    const order = orders.get(row.order_id) ?? {
      orderReference: doc.orderReference,
      customer: doc.customer.company || doc.customer.name,
      documents: [],
      payments: [],
    };
    order.documents.push(...accountDocuments([row]));
    orders.set(row.order_id, order);
  }
  for (const p of payments)
    orders.get(p.order_id)?.payments.push({ receivedOn: p.received_on, cents: Number(p.amount_cents) });
  return ageReceivables([...orders.values()], asOf);
}
