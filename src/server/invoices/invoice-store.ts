// The invoices capability's tables: gapless numbers, the frozen invoices, credit notes and
// payments (inserted, never updated: a trigger refuses it), and the shop's payment terms.
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import { defaultTerms, paymentTermsSchema, type PaymentTerms } from '../../shared/invoices/terms.js';
import type { Database, InvoicesTable, PaymentsTable } from '../storage/schema.js';
import { fromJson } from '../storage/json.js';

type Db = Kysely<Database> | Transaction<Database>;

export type InvoiceRow = Omit<Selectable<InvoicesTable>, 'pdf'>;
export type PaymentRow = Omit<Selectable<PaymentsTable>, 'pdf'>;

export type Series = 'invoice' | 'credit_note' | 'receipt';
const PREFIX: Record<Series, string> = { invoice: '', credit_note: 'CN-', receipt: 'R-' };

/**
 * The next number of a series in a year ("2026-0001", "CN-2026-0001", "R-2026-0001"), taken in
 * the caller's transaction: the counter's row stays locked until it commits, so two processes
 * wait for each other, and a rollback gives the number back. No number is skipped or reused.
 */
export async function nextNumber(trx: Transaction<Database>, series: Series, year: number): Promise<string> {
  await trx
    .insertInto('document_counters')
    .values({ series, year, last: 0 })
    .onConflict((oc) => oc.columns(['series', 'year']).doNothing())
    .execute();
  const row = await trx
    .updateTable('document_counters')
    .set((eb) => ({ last: eb('last', '+', 1) }))
    .where('series', '=', series)
    .where('year', '=', year)
    .returning('last')
    .executeTakeFirstOrThrow();
  return `${PREFIX[series]}${year}-${String(row.last).padStart(4, '0')}`;
}

const INVOICE_COLUMNS = [
  'id',
  'order_id',
  'number',
  'kind',
  'issue_date',
  'issued_at',
  'issued_by',
  'quote_id',
  'credits_invoice_id',
  'subtotal_cents',
  'total_cents',
  'deposit_cents',
  'document',
  'sha256',
] as const;

const PAYMENT_COLUMNS = [
  'id',
  'order_id',
  'receipt_number',
  'amount_cents',
  'method',
  'received_on',
  'reference',
  'reason',
  'recorded_by',
  'recorded_at',
  'document',
  'sha256',
] as const;

export async function insertInvoice(trx: Db, row: Insertable<InvoicesTable>): Promise<void> {
  await trx.insertInto('invoices').values(row).execute();
}

export async function insertPayment(trx: Db, row: Insertable<PaymentsTable>): Promise<void> {
  await trx.insertInto('payments').values(row).execute();
}

/** An order's invoices and credit notes, oldest first. */
export async function invoicesOfOrder(db: Db, orderId: string): Promise<InvoiceRow[]> {
  return (
    db
      .selectFrom('invoices')
      .select(INVOICE_COLUMNS)
      .where('order_id', '=', orderId)
      .orderBy('issued_at')
      // Issued together (a changed order): the credit note before the invoice that replaces it.
      .orderBy('kind')
      .orderBy('number')
      .execute()
  );
}

export async function paymentsOfOrder(db: Db, orderId: string): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('order_id', '=', orderId)
    .orderBy('recorded_at')
    .execute();
}

/** A stored PDF with its name, or undefined (an id of another order finds nothing). */
export async function storedPdf(
  db: Db,
  kind: 'invoice' | 'receipt',
  id: string,
  orderId?: string,
): Promise<{ name: string; pdf: Buffer; sha256: string } | undefined> {
  if (kind === 'invoice') {
    let q = db.selectFrom('invoices').select(['number', 'pdf', 'sha256']).where('id', '=', id);
    if (orderId) q = q.where('order_id', '=', orderId);
    const row = await q.executeTakeFirst();
    return row && { name: `${row.number}.pdf`, pdf: Buffer.from(row.pdf), sha256: row.sha256 };
  }
  let q = db.selectFrom('payments').select(['receipt_number', 'pdf', 'sha256']).where('id', '=', id);
  if (orderId) q = q.where('order_id', '=', orderId);
  const row = await q.executeTakeFirst();
  return row && { name: `${row.receipt_number}.pdf`, pdf: Buffer.from(row.pdf), sha256: row.sha256 };
}

export const invoiceDocument = (row: Pick<InvoiceRow, 'document'>) => fromJson(row.document);
export const receiptDocument = (row: Pick<PaymentRow, 'document'>) => fromJson(row.document);

/** Invoices and credit notes issued in [from, to] (YYYY-MM-DD, both included). */
export async function invoicesIssuedBetween(db: Db, from: string, to: string): Promise<InvoiceRow[]> {
  return db
    .selectFrom('invoices')
    .select(INVOICE_COLUMNS)
    .where('issue_date', '>=', from)
    .where('issue_date', '<=', to)
    .orderBy('issue_date')
    .orderBy('number')
    .execute();
}

export async function paymentsReceivedBetween(db: Db, from: string, to: string): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('received_on', '>=', from)
    .where('received_on', '<=', to)
    .orderBy('received_on')
    .orderBy('receipt_number')
    .execute();
}

const TERMS_KEY = 'terms';

/** The shop's terms, or the defaults until an owner saves some. */
export async function readTerms(db: Db, shopEmail: string): Promise<PaymentTerms> {
  const row = await db.selectFrom('shop_settings').select('value').where('key', '=', TERMS_KEY).executeTakeFirst();
  if (!row) return defaultTerms(shopEmail);
  const parsed = paymentTermsSchema.safeParse({ ...defaultTerms(shopEmail), ...(JSON.parse(row.value) as object) });
  return parsed.success ? parsed.data : defaultTerms(shopEmail);
}

export async function saveTerms(db: Db, terms: PaymentTerms, by: string): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('shop_settings')
    .values({ key: TERMS_KEY, value: JSON.stringify(terms), updated_at: now, updated_by: by })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(terms), updated_at: now, updated_by: by }))
    .execute();
}

/**
 * Records and payments older than the CRA's six years: a document dated in `lastYearToDrop` or
 * before goes (a calendar-year shop keeps 2026's records to the end of 2032).
 */
export async function dropExpiredRecords(
  db: Db,
  lastYearToDrop: number,
): Promise<{ invoices: number; payments: number }> {
  const before = `${lastYearToDrop + 1}-01-01`;
  const invoices = await db.deleteFrom('invoices').where('issue_date', '<', before).executeTakeFirst();
  const payments = await db.deleteFrom('payments').where('received_on', '<', before).executeTakeFirst();
  return { invoices: Number(invoices.numDeletedRows), payments: Number(payments.numDeletedRows) };
}
