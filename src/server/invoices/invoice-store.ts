// The invoices capability's tables: gapless numbers, the frozen invoices, credit notes and
// payments (inserted, never updated: a trigger refuses it), and the shop's payment terms.
import type { ExpressionBuilder, Insertable, Kysely, Selectable, Transaction } from 'kysely';
import { defaultTerms, paymentTermsSchema, type PaymentTerms } from '../../shared/invoices/terms.js';
import { refuse } from './refusals.js';
import type { Database, InvoicesTable, OrderEvidence, PaymentsTable, PaymentVoidsTable } from '../storage/schema.js';
import { z } from 'zod';
import { fromJson, readJson, toJson } from '../storage/json.js';
import { recordsKeptUntil } from '../../shared/dates.js';
import { normalisedReference } from '../../shared/invoices/payment-methods.js';

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

/**
 * A test order (the owner's checklist; docs/settings.md) takes no number of any series: the
 * invoice, credit note and receipt sequences stay gapless for the real books.
 */
export async function refuseTestOrder(trx: Transaction<Database>, orderId: string): Promise<void> {
  const row = await trx.selectFrom('orders').select('is_test').where('id', '=', orderId).executeTakeFirst();
  if (row?.is_test !== 1) return;
  throw refuse(
    'test_order',
    'order',
    'This is a test order: it takes no invoice, credit note or receipt number. Delete it when you are done with it.',
    'Ceci est une commande test\u00a0: elle ne prend aucun numéro de facture, de note de crédit ni de reçu. Supprimez-la quand vous aurez terminé.',
    'conflict',
  );
}

/** The columns of an InvoiceRow, for every query that reads whole invoices. */
export const INVOICE_COLUMNS = [
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

/**
 * Stores an issued invoice or credit note, and beside it what the aged receivables read of its
 * document (migration 068), in the same transaction: the Overview ages accounts without JSON.
 */
export async function insertInvoice(trx: Db, row: Insertable<InvoicesTable>): Promise<void> {
  await trx.insertInto('invoices').values(row).execute();
  const doc = fromJson(row.document);
  await trx
    .insertInto('invoice_ageing')
    .values({
      invoice_id: row.id,
      order_id: row.order_id,
      order_reference: doc.orderReference,
      customer: doc.customer.company || doc.customer.name,
      balance_due: doc.terms.balanceDue,
      balance_days: doc.terms.balanceDays,
    })
    .execute();
}

export async function insertPayment(trx: Db, row: Insertable<PaymentsTable>): Promise<void> {
  await trx.insertInto('payments').values(row).execute();
}

export interface EarlierPayment {
  receiptNumber: string;
  amountCents: number;
  receivedOn: string;
  recordedBy: string;
  orderReference: string;
}

/**
 * The payment (not a refund, not voided) recorded with this method and the same reference once
 * normalised (case, spaces, dashes), on any order; undefined without a reference.
 */
export async function sameReference(db: Db, method: string, reference: string): Promise<EarlierPayment | undefined> {
  const key = normalisedReference(reference);
  if (key === '') return undefined;
  const rows = await db
    .selectFrom('payments')
    .select(['receipt_number', 'amount_cents', 'received_on', 'recorded_by', 'reference', 'document'])
    .where('method', '=', method as PaymentsTable['method'])
    .where('reference', '!=', '')
    .where('amount_cents', '>', 0)
    .where(notVoided)
    .orderBy('recorded_at')
    .execute();
  const hit = rows.find((r) => normalisedReference(r.reference) === key);
  if (!hit) return undefined;
  return {
    receiptNumber: hit.receipt_number,
    amountCents: Number(hit.amount_cents),
    receivedOn: hit.received_on,
    recordedBy: hit.recorded_by,
    orderReference: receiptDocument(hit).orderReference,
  };
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

/** Leaves out voided payments: they count nowhere (docs/accounts.md, "Voids"). */
const notVoided = (eb: ExpressionBuilder<Database, 'payments'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('payment_voids')
        .select('payment_voids.payment_id')
        .whereRef('payment_voids.payment_id', '=', 'payments.id'),
    ),
  );

/** An order's payments and refunds that count (not voided), oldest first. */
export async function paymentsOfOrder(db: Db, orderId: string): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('order_id', '=', orderId)
    .where(notVoided)
    .orderBy('recorded_at')
    .execute();
}

/**
 * The invoices (as invoicesOfOrder orders them) and payments not voided of several orders, by
 * order id, in two queries: the inbox's list reads a page's accounts at once.
 */
export async function accountsRecordsOf(
  db: Db,
  orderIds: readonly string[],
): Promise<Map<string, { invoices: InvoiceRow[]; payments: PaymentRow[] }>> {
  const out = new Map<string, { invoices: InvoiceRow[]; payments: PaymentRow[] }>();
  if (orderIds.length === 0) return out;
  const ids = [...orderIds];
  const [invoices, payments] = await Promise.all([
    db
      .selectFrom('invoices')
      .select(INVOICE_COLUMNS)
      .where('order_id', 'in', ids)
      .orderBy('issued_at')
      .orderBy('kind')
      .orderBy('number')
      .execute(),
    db.selectFrom('payments').select(PAYMENT_COLUMNS).where('order_id', 'in', ids).where(notVoided).execute(),
  ]);
  const entry = (id: string) => {
    let found = out.get(id);
    if (!found) out.set(id, (found = { invoices: [], payments: [] }));
    return found;
  };
  for (const r of invoices) entry(r.order_id).invoices.push(r);
  for (const r of payments) entry(r.order_id).payments.push(r);
  return out;
}

export type PaymentVoidRow = Omit<Selectable<PaymentVoidsTable>, 'pdf'>;

/** Every payment of an order, voided ones with their void, oldest first: the inbox's list. */
export async function allPaymentsOfOrder(
  db: Db,
  orderId: string,
): Promise<{ payment: PaymentRow; voided: PaymentVoidRow | undefined }[]> {
  const [payments, voids] = await Promise.all([
    db.selectFrom('payments').select(PAYMENT_COLUMNS).where('order_id', '=', orderId).orderBy('recorded_at').execute(),
    db
      .selectFrom('payment_voids')
      .select(['payment_id', 'order_id', 'reason', 'voided_on', 'voided_by', 'voided_at', 'sha256'])
      .where('order_id', '=', orderId)
      .execute(),
  ]);
  const byPayment = new Map(voids.map((v) => [v.payment_id, v]));
  return payments.map((payment) => ({ payment, voided: byPayment.get(payment.id) }));
}

export async function insertPaymentVoid(trx: Db, row: Insertable<PaymentVoidsTable>): Promise<void> {
  await trx.insertInto('payment_voids').values(row).execute();
}

/** A stored PDF with its name, or undefined (an id of another order finds nothing). */
export async function storedPdf(
  db: Db,
  kind: 'invoice' | 'receipt' | 'statement',
  id: string,
  orderId?: string,
): Promise<{ name: string; pdf: Buffer; sha256: string } | undefined> {
  if (kind === 'statement') {
    let q = db.selectFrom('statements').select(['from_date', 'to_date', 'pdf', 'sha256']).where('id', '=', id);
    if (orderId) q = q.where('order_id', '=', orderId);
    const row = await q.executeTakeFirst();
    return (
      row && { name: `statement-${row.from_date}-${row.to_date}.pdf`, pdf: Buffer.from(row.pdf), sha256: row.sha256 }
    );
  }
  if (kind === 'invoice') {
    let q = db.selectFrom('invoices').select(['number', 'pdf', 'sha256']).where('id', '=', id);
    if (orderId) q = q.where('order_id', '=', orderId);
    const row = await q.executeTakeFirst();
    return row && { name: `${row.number}.pdf`, pdf: Buffer.from(row.pdf), sha256: row.sha256 };
  }
  let q = db.selectFrom('payments').select(['receipt_number', 'pdf', 'sha256']).where('id', '=', id);
  if (orderId) q = q.where('order_id', '=', orderId);
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  // A voided payment's receipt is the copy marked VOID.
  const voided = await db
    .selectFrom('payment_voids')
    .select(['pdf', 'sha256'])
    .where('payment_id', '=', id)
    .executeTakeFirst();
  const file = voided ?? row;
  return { name: `${row.receipt_number}.pdf`, pdf: Buffer.from(file.pdf), sha256: file.sha256 };
}

/** The credit notes issued against one invoice, among an order's documents. */
export const creditNotesOf = (rows: readonly InvoiceRow[], invoiceId: string) =>
  rows.filter((r) => r.kind === 'credit_note' && r.credits_invoice_id === invoiceId);

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
    .where(notVoided)
    .orderBy('received_on')
    .orderBy('receipt_number')
    .execute();
}

const TERMS_KEY = 'terms';

/** The shop's terms, or the defaults until an owner saves some. */
export async function readTerms(db: Db, shopEmail: string): Promise<PaymentTerms> {
  const row = await db.selectFrom('shop_settings').select('value').where('key', '=', TERMS_KEY).executeTakeFirst();
  if (!row) return defaultTerms(shopEmail);
  const parsed = paymentTermsSchema.safeParse({
    ...defaultTerms(shopEmail),
    ...readJson(z.record(z.string(), z.unknown()), row.value),
  });
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
 * Before an order with invoices or payments is deleted, in the deletion's transaction: what its
 * invoices need to stand (docs/accounts.md, "Records"). The billing and delivery addresses (the
 * place of supply), each approved version's exact text and the approval of it (name, time,
 * hash, address). Kept until the invoices themselves are past retention.
 */
export async function keepEvidence(trx: Db, orderId: string, now = new Date()): Promise<boolean> {
  const [invoice, payment] = await Promise.all([
    trx.selectFrom('invoices').select('id').where('order_id', '=', orderId).limit(1).executeTakeFirst(),
    trx.selectFrom('payments').select('id').where('order_id', '=', orderId).limit(1).executeTakeFirst(),
  ]);
  if (!invoice && !payment) return false;
  const order = await trx
    .selectFrom('orders')
    .select(['reference', 'document'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return false;
  const doc = fromJson(order.document);
  const approvals = await trx
    .selectFrom('quote_responses')
    .innerJoin('quotes', 'quotes.id', 'quote_responses.quote_id')
    .select([
      'quote_responses.version',
      'quote_responses.quote_sha256',
      'quote_responses.full_name',
      'quote_responses.created_at',
      'quote_responses.client_address',
      'quotes.document',
    ])
    .where('quote_responses.order_id', '=', orderId)
    .where('quote_responses.kind', '=', 'approved')
    .orderBy('quote_responses.created_at')
    .execute();
  // Names and addresses only: the email and phone were for reaching the customer, not for the invoice.
  const place = (p: object | undefined) => {
    if (!p) return null;
    const { email: _email, phone: _phone, ...kept } = p as { email?: string; phone?: string };
    return kept;
  };
  const evidence: OrderEvidence = {
    format: 'order-evidence/1',
    billing: place(doc.layouts['1']?.billing),
    shipping: place(doc.layouts['1']?.shipping),
    approvals: approvals.map((a) => ({
      version: a.version,
      quoteSha256: a.quote_sha256,
      versionText: a.document ?? '',
      fullName: a.full_name,
      at: a.created_at,
      clientAddress: a.client_address,
    })),
  };
  await trx
    .insertInto('order_evidence')
    .values({ order_id: orderId, reference: order.reference, kept_at: now.toISOString(), document: toJson(evidence) })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
  return true;
}

const HOLD_KEY = 'records_hold';

/** An owner's hold: while on, no record is destroyed, whatever its age (a CRA request, an audit). */
export async function readRecordsHold(db: Db): Promise<{ hold: boolean; reason: string; by: string; at: string }> {
  const row = await db.selectFrom('shop_settings').selectAll().where('key', '=', HOLD_KEY).executeTakeFirst();
  if (!row) return { hold: false, reason: '', by: '', at: '' };
  const value = readJson(z.object({ hold: z.boolean().optional(), reason: z.string().optional() }), row.value) ?? {};
  return { hold: value.hold === true, reason: value.reason ?? '', by: row.updated_by, at: row.updated_at };
}

export async function saveRecordsHold(db: Db, hold: boolean, reason: string, by: string): Promise<void> {
  const now = new Date().toISOString();
  const text = JSON.stringify({ hold, reason });
  await db
    .insertInto('shop_settings')
    .values({ key: HOLD_KEY, value: text, updated_at: now, updated_by: by })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updated_at: now, updated_by: by }))
    .execute();
}

/**
 * Destroys the records that are past retention (docs/accounts.md, "Records"): an order's
 * invoices, credit notes, payments and evidence go together, once the latest of them is six
 * years past the end of the fiscal year it belongs to: never one record of an order while another
 * of its records is in a period still kept, and never while an owner holds the records.
 */
export async function dropExpiredRecords(
  db: Kysely<Database>,
  today: string,
  fiscalYearEnd: string,
): Promise<{ invoices: number; payments: number }> {
  if ((await readRecordsHold(db)).hold) return { invoices: 0, payments: 0 };
  // The last fiscal year-end whose records may go today: every date up to it is past retention.
  let expiredThrough = '';
  for (let year = Number(today.slice(0, 4)) - 8; year <= Number(today.slice(0, 4)); year++) {
    const end = `${year}-${fiscalYearEnd}`;
    if (recordsKeptUntil(end, fiscalYearEnd) <= today) expiredThrough = end;
  }
  if (!expiredThrough) return { invoices: 0, payments: 0 };
  const latest = new Map<string, string>();
  const note = (id: string, date: string) => {
    if ((latest.get(id) ?? '') < date) latest.set(id, date);
  };
  for (const r of await db
    .selectFrom('invoices')
    .select(['order_id', 'issue_date'])
    .where('issue_date', '<=', expiredThrough)
    .execute())
    note(r.order_id, r.issue_date);
  for (const r of await db
    .selectFrom('payments')
    .select(['order_id', 'received_on'])
    .where('received_on', '<=', expiredThrough)
    .execute())
    note(r.order_id, r.received_on);
  let invoices = 0;
  let payments = 0;
  for (const orderId of latest.keys()) {
    await db.transaction().execute(async (trx) => {
      const [docs, paid] = await Promise.all([invoicesOfOrder(trx, orderId), paymentsOfOrder(trx, orderId)]);
      const newest = [...docs.map((d) => d.issue_date), ...paid.map((p) => p.received_on)].sort().at(-1) ?? '';
      if (newest > expiredThrough) return;
      // The columns the aged receivables read of each document (migration 068) go before it.
      await trx.deleteFrom('invoice_ageing').where('order_id', '=', orderId).execute();
      invoices += Number(
        (await trx.deleteFrom('invoices').where('order_id', '=', orderId).executeTakeFirst()).numDeletedRows,
      );
      payments += Number(
        (await trx.deleteFrom('payments').where('order_id', '=', orderId).executeTakeFirst()).numDeletedRows,
      );
      await trx.deleteFrom('payment_voids').where('order_id', '=', orderId).execute();
      // Refunds asked of the card provider (payments/): their ledger entries are gone with the payments.
      await trx.deleteFrom('card_refunds').where('order_id', '=', orderId).execute();
      await trx.deleteFrom('order_evidence').where('order_id', '=', orderId).execute();
    });
  }
  return { invoices, payments };
}
