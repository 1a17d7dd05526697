// Repository functions for orders and their attachments (Kysely, either dialect).
import { randomInt, randomUUID } from 'node:crypto';
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { OrderStatus } from '../../shared/constants.js';
import type { PaymentState } from '../../shared/invoices/account.js';
import { noSuchOrder } from '../errors.js';
import type { Dialect } from './db.js';
import { historyEventSchema, type HistoryEvent } from '../../shared/history-events.js';
import { insertFirstVersion } from './order-versions.js';
import { whereFlag } from './order-flags.js';
import type { OrderFlag } from '../../shared/inbox-api.js';
import type { AttachmentRow, Database, NewAttachmentRow, NewOrderRow, OrderRow } from './schema.js';

type Db = Kysely<Database> | Transaction<Database>;

// Crockford's base32: no I, L, O or U, so a reference reads unambiguously over the phone.
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A short reference such as "7KQ4-M2XD": 40 random bits, unique by constraint. */
export function makeReference(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += REFERENCE_ALPHABET[randomInt(32)];
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}

export function searchText(order: {
  reference: string;
  customer_name: string;
  customer_email: string;
  company_name: string;
}): string {
  return [order.reference, order.customer_name, order.customer_email, order.company_name].join(' ').toLowerCase();
}

export async function insertOrder(db: Db, order: NewOrderRow, attachments: NewAttachmentRow[]): Promise<void> {
  await db.insertInto('orders').values(order).execute();
  await insertFirstVersion(db, order);
  // Chunked: SQLite allows at most 32,766 bound parameters per statement.
  for (let i = 0; i < attachments.length; i += 500) {
    await db
      .insertInto('attachments')
      .values(attachments.slice(i, i + 500))
      .execute();
  }
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The order, or the 404 every staff route answers for an id that names none. */
export async function requireOrder(db: Db, id: string): Promise<OrderRow> {
  const order = await findOrder(db, id);
  if (!order) throw noSuchOrder();
  return order;
}

export async function findOrderByReference(db: Db, reference: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('reference', '=', reference).executeTakeFirst();
}

export async function listAttachments(db: Db, orderId: string): Promise<AttachmentRow[]> {
  return db.selectFrom('attachments').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
}

export async function existingOrderIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('orders').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export function isUniqueViolation(err: unknown): boolean {
  const code = String((err as { code?: string })?.code ?? '');
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

type OrderQuery = SelectQueryBuilder<Database, 'orders', object>;

/** What needs the clerk (order-flags.ts): the flag, and the instant a quote sent before it waits too long. */
export interface FlagFilter {
  flag: OrderFlag | '';
  quoteCutoff: string;
}

/** Search by reference, name, email or company (case-insensitive), and filter by status, payment and flag. */
export function filterOrders<Q extends OrderQuery>(
  query: Q,
  q: string,
  status: OrderStatus | '',
  payment: PaymentState | '' = '',
  flag: FlagFilter = { flag: '', quoteCutoff: '' },
): Q {
  let out = whereFlag(query, flag.flag, flag.quoteCutoff);
  if (status) out = out.where('orders.status', '=', status) as Q;
  if (payment) out = out.where('orders.payment_state', '=', payment) as Q;
  const term = q.trim().toLowerCase();
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    out = out.where(sql<boolean>`orders.search_text like ${pattern} escape '\\'`) as Q;
  }
  return out;
}

const SUMMARY_COLUMNS = [
  'id',
  'reference',
  'created_at',
  'status',
  'customer_name',
  'customer_email',
  'company_name',
  'has_critical_deadline',
  'deadline_date',
  'layout_count',
  'attachment_count',
  'total_bytes',
  'payment_state',
  'is_test',
  'reorder_of_reference',
  'version',
] as const;

/** One page of orders, newest first, and how many match in all. */
export async function listOrders(
  db: Db,
  filter: { q: string; status: OrderStatus | ''; payment?: PaymentState | ''; page: number; pageSize: number },
  flag?: FlagFilter,
) {
  const { q, status, page, pageSize } = filter;
  const base = filterOrders(db.selectFrom('orders') as OrderQuery, q, status, filter.payment ?? '', flag);
  // One pass finds the page's ids and counts every match (a window over the matches). With
  // a search term it scans the narrow orders_search index and sorts the matches afterwards:
  // the expression keeps SQLite from walking the date index and testing every wide row
  // (60 ms down to 35 at 100,000 orders, bench/inbox-scale.mjs).
  const searching = q.trim() !== '';
  const countAll = async () =>
    Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const pageIds = await base
    .select(
      searching ? ['orders.id', sql<number>`count(*) over ()`.as('total')] : ['orders.id', sql<number>`0`.as('total')],
    )
    .orderBy(searching ? sql`orders.created_at || ''` : sql.ref('orders.created_at'), 'desc')
    .orderBy('orders.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  // Without a search the date index gives the page at once and the count is cheap on its own.
  const total = !searching
    ? await countAll()
    : pageIds.length > 0
      ? Number(pageIds[0]!.total)
      : page === 1
        ? 0
        : await countAll();
  const ids = pageIds.map((r) => r.id);
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('orders')
          .select(SUMMARY_COLUMNS)
          .where('id', 'in', ids)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute();
  return { rows, total };
}

/** Every matching order, newest first, in keyset pages of 500 (never the whole table at once). */
export async function* ordersForExport(
  db: Db,
  filter: { q: string; status: OrderStatus | ''; payment?: PaymentState | '' },
  flag?: FlagFilter,
): AsyncGenerator<OrderRow[]> {
  let after: { created_at: string; id: string } | null = null;
  for (;;) {
    let query = filterOrders(db.selectFrom('orders') as OrderQuery, filter.q, filter.status, filter.payment ?? '', flag)
      // A test order is no business (docs/settings.md, "A test order"): not in the export.
      .where('is_test', '=', 0)
      .selectAll();
    if (after) {
      const a: { created_at: string; id: string } = after;
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '<', a.created_at),
          eb.and([eb('created_at', '=', a.created_at), eb('id', '<', a.id)]),
        ]),
      );
    }
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < 500) return;
    after = { created_at: rows.at(-1)!.created_at, id: rows.at(-1)!.id };
  }
}

export async function findAttachment(
  db: Db,
  orderId: string,
  attachmentId: string,
): Promise<AttachmentRow | undefined> {
  return db
    .selectFrom('attachments')
    .selectAll()
    .where('id', '=', attachmentId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

/** An order's moves, oldest first, each with its event parsed (a stored event that does not parse is a bug: it throws). */
export async function statusHistory(db: Db, orderId: string) {
  const rows = await db
    .selectFrom('status_history')
    .select(['from_status', 'to_status', 'changed_by', 'changed_at', 'event', 'note'])
    .where('order_id', '=', orderId)
    .orderBy('changed_at')
    .execute();
  return rows.map((row) => ({
    ...row,
    event: row.event === null ? null : historyEventSchema.parse(JSON.parse(row.event)),
  }));
}

/**
 * Moves an order to `status` inside the caller's transaction and records who did it, with an
 * optional event; an event is recorded even when the status stays the same (a second quote sent).
 */
export async function recordStatus(
  trx: Transaction<Database>,
  order: { id: string; status: OrderStatus },
  status: OrderStatus,
  by: string,
  event: HistoryEvent | null = null,
): Promise<void> {
  if (order.status === status && event === null) return;
  if (order.status !== status) await trx.updateTable('orders').set({ status }).where('id', '=', order.id).execute();
  await trx
    .insertInto('status_history')
    .values({
      id: randomUUID(),
      order_id: order.id,
      from_status: order.status,
      to_status: status,
      changed_by: by,
      changed_at: new Date().toISOString(),
      event: event && JSON.stringify(historyEventSchema.parse(event)),
    })
    .execute();
}

/**
 * Records what happened to an order without moving it (a payment, an invoice, a credit note):
 * a history row whose status stays the one the order has, which no timeline reads as a move.
 */
export async function recordEvent(
  trx: Transaction<Database>,
  orderId: string,
  by: string,
  event: HistoryEvent,
): Promise<void> {
  const order = await trx.selectFrom('orders').select(['id', 'status']).where('id', '=', orderId).executeTakeFirst();
  if (order) await recordStatus(trx, order, order.status, by, event);
}

/**
 * Moves an order to `status` and records who did it; false when there is no such order.
 * `onChanged` runs in the same transaction when the status really changed (the customer's
 * "ready" email is queued there, so it exists exactly when the change does).
 */
export async function changeStatus(
  db: Kysely<Database>,
  dialect: Dialect,
  orderId: string,
  status: OrderStatus,
  by: string,
  onChanged?: (trx: Transaction<Database>, order: OrderRow) => Promise<void>,
  /** Runs first, when the status will change: may refuse the move, or give the event recorded with it. */
  before?: (trx: Transaction<Database>, order: OrderRow) => Promise<HistoryEvent | null>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Locked, so an approval arriving at the same moment waits (or is waited for) on PostgreSQL.
    const order = await lockOrder(trx, dialect, orderId);
    if (!order) return false;
    if (order.status !== status) {
      const event = before ? await before(trx, order) : null;
      await recordStatus(trx, order, status, by, event);
      await onChanged?.(trx, order);
    }
    return true;
  });
}

/** The attachments of several orders: what a page of the CSV export needs to name their files. */
export async function attachmentsOfOrders(db: Db, orderIds: string[]): Promise<AttachmentRow[]> {
  if (orderIds.length === 0) return [];
  return db.selectFrom('attachments').selectAll().where('order_id', 'in', orderIds).execute();
}

/** Every stored file, by attachment id, one page after `afterId` (moving files between stores). */
export async function listStoredFiles(
  db: Db,
  afterId: string,
  limit: number,
): Promise<Pick<AttachmentRow, 'id' | 'storage_key' | 'size' | 'sha256'>[]> {
  return db
    .selectFrom('attachments')
    .select(['id', 'storage_key', 'size', 'sha256'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * The order, locked for the rest of the transaction: FOR UPDATE on PostgreSQL (SQLite has one
 * writer anyway). Serialises the changes of one order (quotes, answers, invoices, payments).
 */
export async function lockOrder(
  trx: Transaction<Database>,
  dialect: Dialect,
  orderId: string,
): Promise<OrderRow | undefined> {
  const query = trx.selectFrom('orders').selectAll().where('id', '=', orderId);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}
