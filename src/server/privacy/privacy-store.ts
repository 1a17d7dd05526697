// The rows behind access and deletion requests (PIPEDA): everything stored about one order,
// its deletion with an audit line that holds no personal data, and the orders past
// retention. Files and outbox copies are removed by privacy/order-data.ts.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../storage/schema.js';
import { keepEvidence, openBalanceRefusal } from '../invoices/index.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Every row stored about one order, mail bodies left out (they repeat the order). */
export async function orderRecords(db: Db, orderId: string) {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!order) return undefined;
  const [attachments, artwork, history, mails, quotes, quoteAnswers, proofs, messages] = await Promise.all([
    db.selectFrom('attachments').selectAll().where('order_id', '=', orderId).orderBy('position').execute(),
    db.selectFrom('artwork').selectAll().where('order_id', '=', orderId).execute(),
    db
      .selectFrom('status_history')
      .select(['from_status', 'to_status', 'changed_by', 'changed_at'])
      .where('order_id', '=', orderId)
      .orderBy('changed_at')
      .execute(),
    db
      .selectFrom('mail_queue')
      .select(['id', 'kind', 'recipient', 'subject', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'])
      .where('order_id', '=', orderId)
      .orderBy('kind')
      .execute(),
    db
      .selectFrom('quotes')
      .select(['version', 'status', 'document', 'sha256', 'total_cents', 'sent_by', 'sent_at'])
      .where('order_id', '=', orderId)
      .where('status', '!=', 'draft')
      .orderBy('version')
      .execute(),
    // The customer's answers: their typed name, address and browser are theirs to see.
    db
      .selectFrom('quote_responses')
      .select(['version', 'kind', 'full_name', 'comment', 'quote_sha256', 'client_address', 'user_agent', 'created_at'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('quote_proofs')
      .select(['layout_number', 'name', 'media_type', 'size', 'sha256', 'uploaded_at'])
      .where('order_id', '=', orderId)
      .orderBy('uploaded_at')
      .execute(),
    // The messages on the order, both sides' (docs/portal.md).
    db
      .selectFrom('order_messages')
      .select(['id', 'author', 'staff_email', 'body', 'created_at', 'read_at'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  // The messages' files, stored with the order's (exported beside its attachments).
  const messageFiles = await db
    .selectFrom('order_message_files')
    .select(['id', 'message_id', 'name', 'media_type', 'size', 'sha256', 'storage_key'])
    .where('order_id', '=', orderId)
    .orderBy('name')
    .execute();
  // Each version of the order (what the customer sent, each change with who, when and why).
  const versions = await db
    .selectFrom('order_versions')
    .select(['number', 'document', 'estimate', 'created_at', 'author_kind', 'author', 'reason'])
    .where('order_id', '=', orderId)
    .orderBy('number')
    .execute();
  return {
    order,
    attachments,
    artwork,
    history,
    mails,
    quotes,
    quoteAnswers,
    proofs,
    messages,
    messageFiles,
    versions,
  };
}

export const AUDIT_ORDER_DELETED = 'order_deleted' as const;

/**
 * Deletes an order's rows (attachments, status history, mail, the idempotency key answers
 * naming it) and records the deletion, in one transaction. Returns the ids of the mails
 * that were deleted, or undefined when there was no such order (another process deleted it
 * first: then nothing is recorded twice).
 */
export async function deleteOrderRows(
  db: Kysely<Database>,
  orderId: string,
  actor: string,
  now = new Date(),
): Promise<{ reference: string; mailIds: string[] } | undefined> {
  return db.transaction().execute(async (trx) => {
    // A replayed answer would name the order: {"orderId":"…","reference":"…"}. Written first:
    // on SQLite a transaction that starts by writing waits for another writer instead of failing.
    await trx
      .deleteFrom('idempotency_keys')
      .where(sql<boolean>`response like ${`%"${orderId}"%`}`)
      .execute();
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'reference', 'status'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!order) return undefined;
    // An amount still owed either way keeps the order (docs/accounts.md, "Records").
    const refusal = await openBalanceRefusal(trx, order);
    if (refusal) throw refusal;
    // The invoices and payments stay (no foreign key); what they need to stand stays with them.
    await keepEvidence(trx, orderId, now);
    const mails = await trx.selectFrom('mail_queue').select('id').where('order_id', '=', orderId).execute();
    await trx.deleteFrom('mail_queue').where('order_id', '=', orderId).execute();
    await trx.deleteFrom('status_history').where('order_id', '=', orderId).execute();
    await trx.deleteFrom('artwork').where('order_id', '=', orderId).execute();
    await trx.deleteFrom('attachments').where('order_id', '=', orderId).execute();
    await trx.deleteFrom('order_message_files').where('order_id', '=', orderId).execute();
    await trx.deleteFrom('order_messages').where('order_id', '=', orderId).execute();
    // A team's sizes collected for it: the members' names are personal data (entries go with it).
    await trx.deleteFrom('size_collections').where('order_id', '=', orderId).execute();
    // Its versions hold the whole order each time (the foreign key cascades too; said here plainly).
    await trx.deleteFrom('order_versions').where('order_id', '=', orderId).execute();
    const deleted = await trx.deleteFrom('orders').where('id', '=', orderId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) return undefined;
    await trx
      .insertInto('audit_log')
      .values({
        id: randomUUID(),
        at: now.toISOString(),
        action: AUDIT_ORDER_DELETED,
        reference: order.reference,
        actor,
      })
      .execute();
    return { reference: order.reference, mailIds: mails.map((m) => m.id) };
  });
}

/**
 * Completed and cancelled orders whose last change (arrival or latest status change) is
 * older than `before`, oldest first, leaving out `excluding` (those kept for an open balance).
 */
export async function ordersPastRetention(
  db: Db,
  before: Date,
  limit: number,
  excluding: readonly string[] = [],
): Promise<string[]> {
  const cutoff = before.toISOString();
  let query = db.selectFrom('orders').select('id');
  if (excluding.length > 0) query = query.where('id', 'not in', excluding);
  const rows = await query
    .where('status', 'in', ['completed', 'cancelled'])
    .where('created_at', '<', cutoff)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('status_history')
            .select('status_history.id')
            .whereRef('status_history.order_id', '=', 'orders.id')
            .where('status_history.changed_at', '>=', cutoff),
        ),
      ),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
