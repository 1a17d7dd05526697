// The messages on an order (docs/portal.md): rows that hang off the order, so they are exported
// and deleted with its data, with their files (order_message_files, stored with the order's
// files). Each side marks the other's messages read when it opens the thread.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { shopSignature, type MessageFile, type OrderMessage } from '../../shared/portal-api.js';
import type { Database } from '../storage/schema.js';

type Db = Kysely<Database>;
type Author = OrderMessage['author'];

/** One notification mail per order and side per this long, while the last one mailed is unread. */
export const MESSAGE_MAIL_PAUSE_MS = 10 * 60 * 1000;

export interface NewMessageFile extends MessageFile {
  sha256: string;
  storageKey: string;
}

export async function addMessage(
  db: Db,
  message: { orderId: string; author: Author; staffEmail: string | null; body: string; files?: NewMessageFile[] },
  now = new Date(),
): Promise<{ id: string }> {
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('order_messages')
      .values({
        id,
        order_id: message.orderId,
        author: message.author,
        staff_email: message.staffEmail,
        body: message.body,
        created_at: now.toISOString(),
        read_at: null,
      })
      .execute();
    for (const f of message.files ?? []) {
      await trx
        .insertInto('order_message_files')
        .values({
          id: f.id,
          message_id: id,
          order_id: message.orderId,
          name: f.name,
          media_type: f.mediaType,
          size: f.size,
          sha256: f.sha256,
          storage_key: f.storageKey,
        })
        .execute();
    }
  });
  return { id };
}

/**
 * Whether a new message of `author` on the order is mailed to the other side: not when one of
 * theirs was mailed less than MESSAGE_MAIL_PAUSE_MS ago and is still unread (that mail already
 * brings the reader to the thread). When it is, the message is marked mailed.
 */
export async function claimNotification(db: Db, orderId: string, messageId: string, author: Author, now = new Date()) {
  const recent = await db
    .selectFrom('order_messages')
    .select('id')
    .where('order_id', '=', orderId)
    .where('author', '=', author)
    .where('id', '!=', messageId)
    .where('read_at', 'is', null)
    .where('mailed_at', '>', new Date(now.getTime() - MESSAGE_MAIL_PAUSE_MS).toISOString())
    .executeTakeFirst();
  if (recent) return false;
  await db.updateTable('order_messages').set({ mailed_at: now.toISOString() }).where('id', '=', messageId).execute();
  return true;
}

/** The thread, oldest first; `reader`'s side has now read the other side's messages. */
export async function readThread(
  db: Db,
  orderId: string,
  reader: Author,
  shopName: string,
  now = new Date(),
): Promise<OrderMessage[]> {
  await db
    .updateTable('order_messages')
    .set({ read_at: now.toISOString() })
    .where('order_id', '=', orderId)
    .where('author', '!=', reader)
    .where('read_at', 'is', null)
    .execute();
  return messagesOf(db, orderId, shopName);
}

/** The thread as it stands (or one message of it), oldest first, with each message's files. */
export async function messagesOf(db: Db, orderId: string, shopName: string, onlyId?: string): Promise<OrderMessage[]> {
  let query = db
    .selectFrom('order_messages as m')
    .leftJoin('staff as s', 's.email', 'm.staff_email')
    .select(['m.id', 'm.author', 'm.staff_email', 's.display_name', 'm.body', 'm.created_at'])
    .where('m.order_id', '=', orderId);
  if (onlyId) query = query.where('m.id', '=', onlyId);
  const rows = await query.orderBy('m.created_at').orderBy('m.id').execute();
  const files = await db
    .selectFrom('order_message_files')
    .select(['id', 'message_id', 'name', 'media_type', 'size'])
    .where('order_id', '=', orderId)
    .orderBy('name')
    .execute();
  return rows.map((r) => {
    const staffName = r.author === 'shop' ? (r.display_name ?? null) : null;
    return {
      id: r.id,
      author: r.author,
      staffEmail: r.staff_email,
      staffName,
      signature: r.author === 'shop' ? shopSignature({ staffName, staffEmail: r.staff_email }, shopName) : null,
      body: r.body,
      createdAt: r.created_at,
      files: files
        .filter((f) => f.message_id === r.id)
        .map((f) => ({
          id: f.id,
          name: f.name,
          mediaType: f.media_type as MessageFile['mediaType'],
          size: Number(f.size),
        })),
    };
  });
}

/** A file on one of the order's messages, or undefined (another order's file is unknown here). */
export async function findMessageFile(db: Db, orderId: string, fileId: string) {
  return db
    .selectFrom('order_message_files')
    .select(['id', 'name', 'media_type', 'size', 'storage_key'])
    .where('order_id', '=', orderId)
    .where('id', '=', fileId)
    .executeTakeFirst();
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
