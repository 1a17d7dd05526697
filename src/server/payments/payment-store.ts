// The payments capability's own rows (docs/payments.md): checkouts, events already handled, and
// the provider's references beside ledger entries. The ledger itself is invoices/'s.
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { CardPaymentsTable, CheckoutSessionsTable, Database } from '../storage/schema.js';

type Db = Kysely<Database> | Transaction<Database>;
export type CheckoutRow = Selectable<CheckoutSessionsTable>;
export type CardPaymentRow = Selectable<CardPaymentsTable>;

export async function openCheckoutOf(db: Db, orderId: string, now: Date): Promise<CheckoutRow | undefined> {
  return db
    .selectFrom('checkout_sessions')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'open')
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export async function findCheckout(db: Db, id: string): Promise<CheckoutRow | undefined> {
  return db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Stores a new checkout and marks the order's others replaced: one open checkout per order. */
export async function saveCheckout(trx: Transaction<Database>, row: Insertable<CheckoutSessionsTable>): Promise<void> {
  await trx
    .updateTable('checkout_sessions')
    .set({ status: 'replaced' })
    .where('order_id', '=', row.order_id)
    .where('status', '=', 'open')
    .where('id', '!=', row.id)
    .execute();
  await trx
    .insertInto('checkout_sessions')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function setCheckoutStatus(db: Db, id: string, status: string, paymentId?: string): Promise<void> {
  await db
    .updateTable('checkout_sessions')
    .set({ status, ...(paymentId ? { payment_id: paymentId } : {}) })
    .where('id', '=', id)
    .execute();
}

/** True when the event was already handled (then nothing more is done). */
export async function eventSeen(db: Db, provider: string, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('provider_events')
    .select('event_id')
    .where('provider', '=', provider)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function rememberEvent(db: Db, provider: string, eventId: string, type: string, now: Date) {
  await db
    .insertInto('provider_events')
    .values({ provider, event_id: eventId, type, received_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .execute();
}

export async function cardEntryOf(db: Db, provider: string, providerRef: string): Promise<CardPaymentRow | undefined> {
  return db
    .selectFrom('card_payments')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_ref', '=', providerRef)
    .executeTakeFirst();
}

export async function insertCardEntry(db: Db, row: Insertable<CardPaymentsTable>): Promise<void> {
  await db.insertInto('card_payments').values(row).execute();
}

export async function setFee(db: Db, paymentId: string, feeCents: number, netCents: number): Promise<void> {
  await db
    .updateTable('card_payments')
    .set({ fee_cents: feeCents, net_cents: netCents })
    .where('payment_id', '=', paymentId)
    .execute();
}

/** An order's card payments and refunds beside their ledger entries. */
export async function cardEntriesOfOrder(db: Db, orderId: string) {
  return db
    .selectFrom('card_payments')
    .innerJoin('payments', 'payments.id', 'card_payments.payment_id')
    .select([
      'card_payments.payment_id',
      'card_payments.provider',
      'card_payments.kind',
      'card_payments.provider_ref',
      'card_payments.charge_ref',
      'card_payments.fee_cents',
      'card_payments.net_cents',
      'card_payments.flag',
      'payments.amount_cents',
      'payments.receipt_number',
      'payments.received_on',
    ])
    .where('payments.order_id', '=', orderId)
    .orderBy('payments.recorded_at')
    .execute();
}
