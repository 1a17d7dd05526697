// The payments capability's own rows (docs/payments.md): checkouts, events already handled, and
// the provider's references beside ledger entries. The ledger itself is invoices/'s.
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { CardPaymentsTable, CardRefundsTable, CheckoutSessionsTable, Database } from '../storage/schema.js';

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

export async function setFee(
  db: Db,
  paymentId: string,
  fee: { feeCents: number; netCents: number; balanceTx: string },
): Promise<void> {
  await db
    .updateTable('card_payments')
    .set({ fee_cents: fee.feeCents, net_cents: fee.netCents, balance_tx: fee.balanceTx || null })
    .where('payment_id', '=', paymentId)
    .execute();
}

/** The provider did not know the fee yet: asked once more. */
export async function feeAsked(db: Db, paymentId: string): Promise<void> {
  await db
    .updateTable('card_payments')
    .set((eb) => ({ fee_tries: eb('fee_tries', '+', 1) }))
    .where('payment_id', '=', paymentId)
    .execute();
}

/** Card payments whose fee (or balance transaction) is not known yet, asked fewer than `maxTries` times, oldest first. */
export async function unsettledFees(db: Db, provider: string, maxTries: number, limit: number) {
  return (
    db
      .selectFrom('card_payments')
      .innerJoin('payments', 'payments.id', 'card_payments.payment_id')
      .select([
        'card_payments.payment_id',
        'card_payments.session_id',
        'card_payments.fee_tries',
        'payments.received_on',
      ])
      .where('card_payments.provider', '=', provider)
      .where('card_payments.kind', '=', 'payment')
      // Or known before balance transactions were kept (migration 069): the payout report matches by it.
      .where((eb) => eb.or([eb('card_payments.fee_cents', 'is', null), eb('card_payments.balance_tx', 'is', null)]))
      .where('card_payments.session_id', 'is not', null)
      .where('card_payments.fee_tries', '<', maxTries)
      .orderBy('card_payments.fee_tries')
      .limit(limit)
      .execute()
  );
}

/** The card payments (and refunds) of these balance transactions or refund ids, with their receipts. */
export async function ledgerOfTransactions(db: Db, provider: string, refs: readonly string[]) {
  if (refs.length === 0) return [];
  return db
    .selectFrom('card_payments')
    .innerJoin('payments', 'payments.id', 'card_payments.payment_id')
    .select([
      'card_payments.balance_tx',
      'card_payments.provider_ref',
      'card_payments.kind',
      'payments.receipt_number',
      'payments.amount_cents',
      'card_payments.surcharge_cents',
    ])
    .where('card_payments.provider', '=', provider)
    .where((eb) =>
      eb.or([eb('card_payments.balance_tx', 'in', [...refs]), eb('card_payments.provider_ref', 'in', [...refs])]),
    )
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
      'card_payments.surcharge_cents',
      'payments.amount_cents',
      'payments.receipt_number',
      'payments.received_on',
    ])
    .where('payments.order_id', '=', orderId)
    .orderBy('payments.recorded_at')
    .execute();
}

export type CardRefundRow = Selectable<CardRefundsTable>;

/** Keeps a refund the provider accepted (a retry with the same idempotency key answers the same refund: kept once). */
export async function saveRefund(db: Db, row: Insertable<CardRefundsTable>): Promise<void> {
  await db
    .insertInto('card_refunds')
    .values(row)
    .onConflict((oc) => oc.columns(['provider', 'refund_ref']).doNothing())
    .execute();
}

export async function findRefund(db: Db, provider: string, refundRef: string): Promise<CardRefundRow | undefined> {
  return db
    .selectFrom('card_refunds')
    .selectAll()
    .where('provider', '=', provider)
    .where('refund_ref', '=', refundRef)
    .executeTakeFirst();
}

export async function setRefundState(
  db: Db,
  provider: string,
  refundRef: string,
  state: { status: CardRefundRow['status']; failure?: string; payment_id?: string },
): Promise<void> {
  await db
    .updateTable('card_refunds')
    .set({
      status: state.status,
      failure: state.failure ?? '',
      ...(state.payment_id ? { payment_id: state.payment_id } : {}),
    })
    .where('provider', '=', provider)
    .where('refund_ref', '=', refundRef)
    .execute();
}

export async function refundsOfOrder(db: Db, orderId: string): Promise<CardRefundRow[]> {
  return db.selectFrom('card_refunds').selectAll().where('order_id', '=', orderId).orderBy('requested_at').execute();
}
