// The messages on an order (docs/portal.md): rows that hang off the order, so they are exported
// and deleted with its data. Each side marks the other's messages read when it opens the thread.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { OrderMessage } from '../../shared/portal-api.js';
import type { Database } from '../storage/schema.js';

type Db = Kysely<Database>;
type Author = OrderMessage['author'];

export async function addMessage(
  db: Db,
  message: { orderId: string; author: Author; staffEmail: string | null; body: string },
  now = new Date(),
): Promise<OrderMessage> {
  const row = {
    id: randomUUID(),
    order_id: message.orderId,
    author: message.author,
    staff_email: message.staffEmail,
    body: message.body,
    created_at: now.toISOString(),
    read_at: null,
  };
  await db.insertInto('order_messages').values(row).execute();
  return { id: row.id, author: row.author, staffEmail: row.staff_email, body: row.body, createdAt: row.created_at };
}

/** The thread, oldest first; `reader`'s side has now read the other side's messages. */
export async function readThread(db: Db, orderId: string, reader: Author, now = new Date()): Promise<OrderMessage[]> {
  await db
    .updateTable('order_messages')
    .set({ read_at: now.toISOString() })
    .where('order_id', '=', orderId)
    .where('author', '!=', reader)
    .where('read_at', 'is', null)
    .execute();
  const rows = await db
    .selectFrom('order_messages')
    .select(['id', 'author', 'staff_email', 'body', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    author: r.author,
    staffEmail: r.staff_email,
    body: r.body,
    createdAt: r.created_at,
  }));
}

/** The customers' messages the shop has not read yet, counted by order. */
export async function unreadByShop(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('order_messages')
    .select(['order_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('author', '=', 'customer')
    .where('read_at', 'is', null)
    .groupBy('order_id')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.order_id, Number(r.n)]));
}
