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
import { expectedDates } from './payment-exports.js';
import { accountDocuments } from './accounts.js';
import { cardSidesOf } from './report-store.js';
import type { AccountDocument } from '../../shared/invoices/account.js';
import { ageReceivables, type AgedReceivables, type AgeingOrder } from '../../shared/invoices/ageing.js';

const signOf = (doc: Pick<InvoiceDocument, 'kind'>) => (doc.kind === 'credit_note' ? -1 : 1);

/**
 * An adjustment of the period rather than one of its own supplies (docs/accounts.md, "Reports
 * and exports"): a credit note issued in it against an invoice of an earlier period (Excise Tax
 * Act s. 232(3): deducted in the period the note is issued), and a bad debt written off (s. 231).
 */
export const isAdjustment = (doc: Pick<InvoiceDocument, 'kind' | 'credits' | 'writeOff'>, from: string) =>
  doc.kind === 'credit_note' && (doc.writeOff === true || (doc.credits !== null && doc.credits.issueDate < from));

/**
 * The rows by tax, province and rate (a rebated HST on its own row): the period's own supplies
 * (its invoices less the credit notes of them), and apart from them the adjustments.
 */
export function taxRows(docs: readonly InvoiceDocument[], from: string): TaxReportRow[] {
  const rows = new Map<string, TaxReportRow>();
  for (const doc of docs) {
    const adjustment = isAdjustment(doc, from);
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
        adjustmentTaxableCents: 0,
        adjustmentCents: 0,
        documents: 0,
      };
      if (adjustment) {
        row.adjustmentTaxableCents += tax.taxableCents;
        row.adjustmentCents += tax.amountCents;
      } else {
        row.taxableCents += signOf(doc) * tax.taxableCents;
        row.amountCents += signOf(doc) * tax.amountCents;
      }
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
const sumAdjusted = (rows: readonly TaxReportRow[], pick: (r: TaxReportRow) => boolean) =>
  rows.filter(pick).reduce((total, r) => total + r.adjustmentCents, 0);

/**
 * The figures of each return the shop files, named by the shop's province: outside Quebec the
 * CRA's GST/HST return (GST34), and Revenu Québec's QST return when it has a QST number; a
 * Quebec registrant's one return for both (FPZ-500). A PST or RST return for each province whose
 * tax it charged in the period. Lines 101 and 103 are the period's own supplies; what credit
 * notes of earlier periods' invoices and bad debts took back goes on line 107 (and the QST's 207).
 */
export function taxReturns(
  docs: readonly InvoiceDocument[],
  rows: readonly TaxReportRow[],
  seller: Pick<Seller, 'gstHst' | 'qst'>,
  from: string,
  shopProvince: string,
): TaxReturn[] {
  const out: TaxReturn[] = [];
  const sales = docs.filter((d) => !isAdjustment(d, from)).reduce((total, d) => total + signOf(d) * d.subtotalCents, 0);
  const qstLines = () => {
    const form = RETURN_FORMS.qst;
    const collected = sum(rows, (r) => r.code === 'QST');
    return [
      { ...form.lines.collected, amountCents: collected },
      { ...form.lines.total, amountCents: collected },
      { ...form.lines.adjustments, amountCents: sumAdjusted(rows, (r) => r.code === 'QST') },
    ];
  };
  const quebec = shopProvince === 'QC';
  if (seller.gstHst) {
    const gst = sum(rows, (r) => r.code === 'GST');
    const hst = sum(rows, (r) => r.code === 'HST');
    const form = quebec ? RETURN_FORMS.quebec : RETURN_FORMS.gstHst;
    const lines = RETURN_FORMS.gstHst.lines;
    out.push({
      id: 'gst_hst',
      title: form.title,
      form: form.form,
      source: form.source,
      lines: [
        { ...lines.sales, amountCents: sales },
        { ...lines.collected, amountCents: gst + hst },
        { ...lines.gstPart, amountCents: gst },
        { ...lines.hstPart, amountCents: hst },
        { ...lines.total, amountCents: gst + hst },
        { ...lines.adjustments, amountCents: sumAdjusted(rows, (r) => r.code === 'GST' || r.code === 'HST') },
        ...(quebec && seller.qst ? qstLines() : []),
      ],
    });
  }
  if (seller.qst && !(quebec && seller.gstHst)) {
    const form = RETURN_FORMS.qst;
    out.push({
      id: 'qst',
      title: form.title,
      form: form.form,
      source: form.source,
      lines: [{ ...form.lines.supplies, amountCents: sales }, ...qstLines()],
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
        { ...form.lines.adjustments, amountCents: mine.reduce((t, r) => t + r.adjustmentCents, 0) },
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
  shopProvince: string,
): Promise<TaxReport> {
  const docs = (await invoicesIssuedBetween(db, from, to)).map(invoiceDocument);
  const rows = taxRows(docs, from);
  return { from, to, rows, returns: taxReturns(docs, rows, seller, from, shopProvince) };
}

export async function paymentsReport(db: Kysely<Database>, from: string, to: string): Promise<PaymentsReport> {
  const received = await paymentsReceivedBetween(db, from, to);
  // The card provider's fee and the card surcharge kept beside a payment (payments/, docs/payments.md).
  const cards = await cardSidesOf(
    db,
    received.map((p) => p.id),
  );
  const rows = received.map((p) => {
    const card = cards.get(p.id);
    const amountCents = Number(p.amount_cents);
    return {
      receivedOn: p.received_on,
      receiptNumber: p.receipt_number,
      orderReference: receiptDocument(p).orderReference,
      method: p.method,
      reference: p.reference,
      amountCents,
      recordedBy: p.recorded_by,
      feeCents: card?.feeCents ?? null,
      surchargeCents: card ? card.surchargeCents : null,
      chargedCents: card ? amountCents + card.surchargeCents : null,
    };
  });
  const byMethod: PaymentsReport['byMethod'] = {};
  for (const r of rows) byMethod[r.method] = (byMethod[r.method] ?? 0) + r.amountCents;
  return {
    from,
    to,
    rows,
    totalCents: rows.reduce((sum, r) => sum + r.amountCents, 0),
    feesCents: rows.reduce((sum, r) => sum + (r.feeCents ?? 0), 0),
    surchargesCents: rows.reduce((sum, r) => sum + (r.surchargeCents ?? 0), 0),
    byMethod,
  };
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
  // Pickup and shipping terms fall due the day the order is expected ready, as the import files say.
  const expected = await expectedDates(db, [...orders.keys()]);
  for (const [orderId, order] of orders) {
    const day = expected.get(orderId);
    if (day) order.expectedOn = day;
  }
  return ageReceivables([...orders.values()], asOf);
}
