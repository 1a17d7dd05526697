// An order's versions (docs/architecture.md, "Order versions"; docs/decisions/020-order-versions-and-what-is-made.md).
// Version 1 is what the customer sent, kept as sent; each change is the next number, frozen, with
// who, when and why. `orders.document`, `orders.estimate` and `orders.version` are the current
// version's copy, written in the same transaction as the version: every reader that wants the
// order as it stands now (the inbox, mails, the quote editor) keeps reading the row; what is
// made and bought reads the approved version through quotes/ (`ordersToMake`).
import type { Kysely, Transaction } from 'kysely';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import type { SeenEstimate } from '../../shared/price-list-api.js';
import { fromJson, toJson } from './json.js';
import type { Database, NewOrderRow, OrderRow, OrderVersionAuthor } from './schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** One version as readers see it. */
export interface OrderVersion {
  number: number;
  document: ValidOrderBody;
  estimate: SeenEstimate | null;
  createdAt: string;
  authorKind: OrderVersionAuthor;
  author: string | null;
  reason: string;
}

/** Version 1 of a new order: exactly what its row holds, in the order's own transaction. */
export async function insertFirstVersion(trx: Db, order: NewOrderRow): Promise<void> {
  await trx
    .insertInto('order_versions')
    .values({
      order_id: order.id,
      number: 1,
      document: order.document,
      estimate: order.estimate ?? null,
      created_at: order.created_at,
      author_kind: 'customer',
      author: null,
      reason: '',
    })
    .execute();
}

/**
 * The order's next version, in the caller's transaction with the order locked (`lockOrder`):
 * the version written, and the order's row made its copy. Returns the new number.
 */
export async function saveOrderVersion(
  trx: Transaction<Database>,
  locked: Pick<OrderRow, 'id' | 'version'>,
  change: {
    document: ValidOrderBody;
    estimate: SeenEstimate | null;
    authorKind: OrderVersionAuthor;
    author: string | null;
    reason: string;
  },
  now = new Date(),
): Promise<number> {
  const number = locked.version + 1;
  const document = toJson(change.document);
  const estimate = change.estimate ? toJson(change.estimate) : null;
  await trx
    .insertInto('order_versions')
    .values({
      order_id: locked.id,
      number,
      document,
      estimate,
      created_at: now.toISOString(),
      author_kind: change.authorKind,
      author: change.author,
      reason: change.reason,
    })
    .execute();
  await trx.updateTable('orders').set({ document, estimate, version: number }).where('id', '=', locked.id).execute();
  return number;
}

function versionOf(row: Database['order_versions']): OrderVersion {
  return {
    number: row.number,
    document: fromJson(row.document),
    estimate: row.estimate ? fromJson(row.estimate) : null,
    createdAt: row.created_at,
    authorKind: row.author_kind,
    author: row.author,
    reason: row.reason,
  };
}

/** Every version of an order, oldest first. */
export async function orderVersions(db: Db, orderId: string): Promise<OrderVersion[]> {
  const rows = await db
    .selectFrom('order_versions')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('number')
    .execute();
  return rows.map(versionOf);
}

/** The documents of these (order, number) pairs, keyed by order id. */
export async function versionDocuments(
  db: Db,
  wanted: readonly { orderId: string; number: number }[],
): Promise<Map<string, ValidOrderBody>> {
  const out = new Map<string, ValidOrderBody>();
  for (let i = 0; i < wanted.length; i += 200) {
    const chunk = wanted.slice(i, i + 200);
    const rows = await db
      .selectFrom('order_versions')
      .select(['order_id', 'document'])
      .where((eb) => eb.or(chunk.map((w) => eb.and([eb('order_id', '=', w.orderId), eb('number', '=', w.number)]))))
      .execute();
    for (const r of rows) out.set(r.order_id, fromJson(r.document));
  }
  return out;
}
