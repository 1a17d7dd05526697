// What is made and bought (docs/architecture.md, "Order versions"): the order version the
// customer's latest approval named, through its quote; the current version while no quote was
// ever approved (an order moved on by hand through the gate). Production and purchasing read an
// order's garments and decorations only through here, never `orders.document`.
import type { Kysely, Transaction } from 'kysely';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import { fromJson } from '../storage/json.js';
import { versionDocuments } from '../storage/order-versions.js';
import type { Database } from '../storage/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface OrderToMake {
  orderId: string;
  /** The order version (1..n). */
  version: number;
  document: ValidOrderBody;
  /** True when a quote approved this version; false while none is approved (the current version). */
  approved: boolean;
}

/** The order version each approved order's latest approval named, by order id (none: never approved). */
export async function approvedOrderVersions(db: Db, orderIds: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let i = 0; i < orderIds.length; i += 500) {
    const rows = await db
      .selectFrom('quotes')
      .innerJoin('quote_responses', 'quote_responses.quote_id', 'quotes.id')
      .select(['quotes.order_id', 'quotes.version', 'quotes.order_version'])
      .where('quotes.order_id', 'in', orderIds.slice(i, i + 500))
      .where('quote_responses.kind', '=', 'approved')
      .orderBy('quotes.version')
      .execute();
    // Oldest first: the latest approval wins. A quote sent before versions existed priced version 1.
    for (const r of rows) out.set(r.order_id, r.order_version ?? 1);
  }
  return out;
}

/** What each of these orders makes, by order id; an order that does not exist is absent. */
export async function ordersToMake(db: Db, orderIds: readonly string[]): Promise<Map<string, OrderToMake>> {
  const out = new Map<string, OrderToMake>();
  if (orderIds.length === 0) return out;
  const approved = await approvedOrderVersions(db, orderIds);
  const current = new Map<string, { version: number; document: Database['orders']['document'] }>();
  const currentIds = [...new Set(orderIds)];
  for (let i = 0; i < currentIds.length; i += 500) {
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'version', 'document'])
      .where('id', 'in', currentIds.slice(i, i + 500))
      .execute();
    for (const r of rows) current.set(r.id, { version: r.version, document: r.document });
  }
  // An approved version that is the current one is read from the order's row, its copy.
  const older = [...approved].filter(([id, n]) => current.get(id)?.version !== n);
  const documents = await versionDocuments(
    db,
    older.map(([orderId, number]) => ({ orderId, number })),
  );
  for (const id of orderIds) {
    const row = current.get(id);
    if (!row) continue;
    const number = approved.get(id);
    if (number === undefined || number === row.version) {
      out.set(id, {
        orderId: id,
        version: row.version,
        document: fromJson(row.document),
        approved: number !== undefined,
      });
    } else {
      const document = documents.get(id);
      // A version row missing (an order written before versions by a test or a restore): its row.
      out.set(id, {
        orderId: id,
        version: document ? number : row.version,
        document: document ?? fromJson(row.document),
        approved: true,
      });
    }
  }
  return out;
}

/** What one order makes; undefined when it does not exist. */
export async function orderToMake(db: Db, orderId: string): Promise<OrderToMake | undefined> {
  return (await ordersToMake(db, [orderId])).get(orderId);
}
