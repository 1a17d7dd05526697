// The purchasing capability's tables: purchase orders, their lines and each line's part per job,
// the deliveries received; and the two columns of a job it keeps (its blanks flag and shortages).
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { BlankLine, Shortage } from '../../shared/purchasing/blanks.js';
import type { Dialect } from '../storage/db.js';
import { toJson } from '../storage/json.js';
import type { Database, PurchaseOrderLinesTable, PurchaseOrdersTable } from '../storage/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export type PurchaseOrderRow = Selectable<PurchaseOrdersTable>;
export type PurchaseOrderLineRow = Selectable<PurchaseOrderLinesTable>;

/**
 * The next purchase order number of a year, PO-2026-0001, taken in the caller's transaction
 * from document_counters (as invoices number theirs): the counter's row stays locked until the
 * transaction ends, a rollback gives the number back. No number is skipped or used twice.
 */
export async function nextPoNumber(trx: Transaction<Database>, year: number): Promise<string> {
  await trx
    .insertInto('document_counters')
    .values({ series: 'purchase_order', year, last: 0 })
    .onConflict((oc) => oc.columns(['series', 'year']).doNothing())
    .execute();
  const row = await trx
    .updateTable('document_counters')
    .set((eb) => ({ last: eb('last', '+', 1) }))
    .where('series', '=', 'purchase_order')
    .where('year', '=', year)
    .returning('last')
    .executeTakeFirstOrThrow();
  return `PO-${year}-${String(row.last).padStart(4, '0')}`;
}

/** The jobs whose blanks the shop may have to order: open orders, not all the customer's goods. */
export async function jobsNeedingBlanks(db: Db) {
  return db
    .selectFrom('jobs')
    .innerJoin('orders', 'orders.id', 'jobs.order_id')
    .select(['jobs.order_id', 'jobs.due_on', 'jobs.blanks', 'jobs.blanks_short', 'orders.reference'])
    .where('jobs.blanks', '!=', 'customer')
    .where('orders.status', 'not in', ['completed', 'cancelled'])
    .orderBy('jobs.due_on')
    .orderBy('orders.reference')
    .execute();
}

/** Each (order, supplier) already on a purchase order: its needs are ordered, not to order. */
export async function orderedPairs(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('purchase_order_jobs').select(['order_id', 'supplier']).execute();
  return new Set(rows.map((r) => pairKey(r.order_id, r.supplier)));
}

export const pairKey = (orderId: string, supplier: string) => JSON.stringify([orderId, supplier]);

/** A new purchase order with its lines and each line's part per job, in the caller's transaction. */
export async function insertPurchaseOrder(
  trx: Transaction<Database>,
  po: Omit<PurchaseOrderRow, 'sent_at' | 'sent_by' | 'revision' | 'amends' | 'superseded_by'> &
    Partial<Pick<PurchaseOrderRow, 'revision' | 'amends'>>,
  lines: readonly (BlankLine & { received?: number; damaged?: number; note?: string })[],
  /** False for an amended PO: its orders' (order, supplier) rows move to it instead. */
  claimJobs = true,
): Promise<void> {
  await trx
    .insertInto('purchase_orders')
    .values({ ...po, sent_at: null, sent_by: null })
    .execute();
  const orders = new Set<string>();
  for (const [position, line] of lines.entries()) {
    const id = randomUUID();
    await trx
      .insertInto('purchase_order_lines')
      .values({
        id,
        po_id: po.id,
        position,
        style: line.style,
        sku: line.sku,
        name: line.name,
        colour: line.colour,
        size: line.size,
        needed: line.needed,
        quantity: line.quantity,
        received: line.received ?? 0,
        damaged: line.damaged ?? 0,
        note: line.note ?? '',
      })
      .execute();
    await trx
      .insertInto('purchase_order_needs')
      .values(line.orders.map((o) => ({ line_id: id, order_id: o.orderId, qty: o.qty })))
      .execute();
    for (const o of line.orders) orders.add(o.orderId);
  }
  if (!claimJobs) return;
  // The unique (order, supplier) key: a second clerk making the same PO at once fails here.
  await trx
    .insertInto('purchase_order_jobs')
    .values([...orders].map((order_id) => ({ po_id: po.id, order_id, supplier: po.supplier })))
    .execute();
}

export async function listPurchaseOrders(db: Db): Promise<PurchaseOrderRow[]> {
  return db.selectFrom('purchase_orders').selectAll().orderBy('made_at', 'desc').orderBy('number', 'desc').execute();
}

export async function findPurchaseOrder(db: Db, id: string): Promise<PurchaseOrderRow | undefined> {
  return db.selectFrom('purchase_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Locks a purchase order's row until the transaction ends (PostgreSQL; SQLite's writer is alone). */
export async function lockPurchaseOrder(
  trx: Transaction<Database>,
  dialect: Dialect,
  id: string,
): Promise<PurchaseOrderRow | undefined> {
  const q = trx.selectFrom('purchase_orders').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}

export async function linesOf(db: Db, poIds: readonly string[]): Promise<PurchaseOrderLineRow[]> {
  if (poIds.length === 0) return [];
  return db
    .selectFrom('purchase_order_lines')
    .selectAll()
    .where('po_id', 'in', [...poIds])
    .orderBy('po_id')
    .orderBy('position')
    .execute();
}

/** The orders each purchase order carries blanks for, with their references. */
export async function ordersOfPurchaseOrders(db: Db, poIds: readonly string[]) {
  if (poIds.length === 0) return [];
  return db
    .selectFrom('purchase_order_jobs')
    .innerJoin('orders', 'orders.id', 'purchase_order_jobs.order_id')
    .select(['purchase_order_jobs.po_id', 'purchase_order_jobs.order_id', 'orders.reference'])
    .where('purchase_order_jobs.po_id', 'in', [...poIds])
    .orderBy('orders.reference')
    .execute();
}

export async function markSent(trx: Db, id: string, by: string, now = new Date()): Promise<boolean> {
  const result = await trx
    .updateTable('purchase_orders')
    .set({ sent_at: now.toISOString(), sent_by: by })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Adds a delivery to a line: counts add up, a note joins the line's notes. */
export async function receiveLine(
  trx: Db,
  lineId: string,
  received: number,
  damaged: number,
  note: string,
): Promise<void> {
  await trx
    .updateTable('purchase_order_lines')
    .set((eb) => ({
      received: eb('received', '+', received),
      damaged: eb('damaged', '+', damaged),
      ...(note
        ? {
            note: sql<string>`case when note = '' then ${note} else note || ${`\n${note}`} end`,
          }
        : {}),
    }))
    .where('id', '=', lineId)
    .execute();
}

/** How many deliveries a purchase order has had. */
export async function receiptsOf(db: Db, poId: string): Promise<number> {
  const row = await db
    .selectFrom('purchase_order_receipts')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('po_id', '=', poId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertReceipt(
  trx: Db,
  poId: string,
  by: string,
  lines: unknown,
  now = new Date(),
): Promise<void> {
  await trx
    .insertInto('purchase_order_receipts')
    .values({
      id: randomUUID(),
      po_id: poId,
      received_at: now.toISOString(),
      received_by: by,
      lines: JSON.stringify(lines),
    })
    .execute();
}

/** Every PO line that carries blanks of these orders, with each order's part and due date. */
export async function needsOfOrders(db: Db, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return (
    db
      .selectFrom('purchase_order_needs')
      .innerJoin('purchase_order_lines', 'purchase_order_lines.id', 'purchase_order_needs.line_id')
      .innerJoin('jobs', 'jobs.order_id', 'purchase_order_needs.order_id')
      .innerJoin('purchase_orders', 'purchase_orders.id', 'purchase_order_lines.po_id')
      // An amended PO's lines are its revision's; the one it replaced stays as sent, out of the count.
      .where('purchase_orders.superseded_by', 'is', null)
      .select([
        'purchase_order_needs.line_id',
        'purchase_order_needs.order_id',
        'purchase_order_needs.qty',
        'jobs.due_on',
        'purchase_order_lines.style',
        'purchase_order_lines.colour',
        'purchase_order_lines.size',
        'purchase_order_lines.received',
        'purchase_order_lines.damaged',
      ])
      .where(
        'purchase_order_needs.line_id',
        'in',
        db
          .selectFrom('purchase_order_needs')
          .select('line_id')
          .where('order_id', 'in', [...orderIds]),
      )
      .execute()
  );
}

/** The orders with blanks on a purchase order's lines. */
export async function ordersOfPurchaseOrder(db: Db, poId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('purchase_order_jobs')
    .select('order_id')
    .where('po_id', '=', poId)
    .orderBy('order_id')
    .execute();
  return rows.map((r) => r.order_id);
}

export async function setJobBlanks(trx: Db, orderId: string, blanks: string, short: Shortage[]): Promise<void> {
  await trx
    .updateTable('jobs')
    .set({ blanks, blanks_short: short.length > 0 ? toJson(short) : null })
    .where('order_id', '=', orderId)
    .where('blanks', '!=', 'customer')
    .execute();
}

/** The shop's account number with each supplier (a setting, migration 062). */
export async function supplierAccounts(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('supplier_accounts').select(['supplier', 'account_number']).execute();
  return new Map(rows.map((r) => [r.supplier, r.account_number]));
}

/** Sets (or, empty, forgets) the shop's account number with a supplier. */
export async function saveSupplierAccount(db: Db, supplier: string, accountNumber: string, by: string): Promise<void> {
  if (accountNumber === '') {
    await db.deleteFrom('supplier_accounts').where('supplier', '=', supplier).execute();
    return;
  }
  const row = { supplier, account_number: accountNumber, saved_by: by, saved_at: new Date().toISOString() };
  await db
    .insertInto('supplier_accounts')
    .values(row)
    .onConflict((oc) =>
      oc.column('supplier').doUpdateSet({ account_number: accountNumber, saved_by: by, saved_at: row.saved_at }),
    )
    .execute();
}

/** The soonest due date among these orders' jobs. */
export async function soonestDue(db: Db, orderIds: readonly string[]): Promise<string | null> {
  if (orderIds.length === 0) return null;
  const row = await db
    .selectFrom('jobs')
    .select('due_on')
    .where('order_id', 'in', [...orderIds])
    .orderBy('due_on')
    .executeTakeFirst();
  return row?.due_on ?? null;
}

/** Each part of a purchase order in force (not superseded) for these orders, with its supplier. */
export async function orderedPartsOf(db: Db, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('purchase_order_needs')
    .innerJoin('purchase_order_lines', 'purchase_order_lines.id', 'purchase_order_needs.line_id')
    .innerJoin('purchase_orders', 'purchase_orders.id', 'purchase_order_lines.po_id')
    .select([
      'purchase_order_needs.order_id',
      'purchase_order_needs.qty',
      'purchase_orders.id as po_id',
      'purchase_orders.number',
      'purchase_orders.supplier',
      'purchase_order_lines.style',
      'purchase_order_lines.colour',
      'purchase_order_lines.size',
    ])
    .where('purchase_orders.superseded_by', 'is', null)
    .where('purchase_order_needs.order_id', 'in', [...orderIds])
    .execute();
}

/** An amended PO takes over its orders' (order, supplier) rows; the one it replaces is marked superseded. */
export async function supersede(trx: Transaction<Database>, oldId: string, newId: string): Promise<void> {
  await trx.updateTable('purchase_order_jobs').set({ po_id: newId }).where('po_id', '=', oldId).execute();
  await trx.updateTable('purchase_orders').set({ superseded_by: newId }).where('id', '=', oldId).execute();
}
