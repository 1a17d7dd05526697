// What the server measured in each stored file (artwork/artwork-queue.ts does the measuring).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ArtworkRow, ArtworkTable, Database } from '../storage/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface ArtworkJob {
  attachmentId: string;
  orderId: string;
  storageKey: string;
  /** The order's submitting address as an HMAC; null for orders from before it was kept. */
  clientKey: string | null;
}

/** The window over which an address's checking time is counted. */
export const CLIENT_WINDOW_MS = 60 * 60 * 1000;

/**
 * Claims the next stored file nobody has measured yet (or whose claim ran out: a process died
 * on it), for `leaseMs`. Null when there is nothing to do. Safe with several processes: the
 * claim is an insert on the attachment's id, or an update that compares the old lease.
 *
 * Which file: the address whose files used the least checking time in the last hour goes
 * first, then the order that has used the least, and among equals the one that arrived first
 * (then its files in order). A new order's files have used nothing, so they come before the
 * rest of an order of many slow files, and before the next order of an address that sent many:
 * one heavy order, or many from one address, delay another customer's thumbnails by at most
 * the file being read (ARTWORK_TIMEOUT_MS).
 */
export async function claimNextArtwork(db: Kysely<Database>, leaseMs: number): Promise<ArtworkJob | null> {
  const now = new Date();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const windowStart = new Date(now.getTime() - CLIENT_WINDOW_MS).toISOString();
  const fresh = await db
    .selectFrom('attachments')
    .innerJoin('orders', 'orders.id', 'attachments.order_id')
    .leftJoin('artwork', 'artwork.attachment_id', 'attachments.id')
    .select(['attachments.id', 'attachments.order_id', 'attachments.storage_key', 'orders.client_key'])
    .where('artwork.attachment_id', 'is', null)
    .orderBy(
      sql`coalesce((select sum(recent.spent_ms) from artwork recent where recent.client_key = orders.client_key and recent.analysed_at > ${windowStart}), 0)`,
    )
    .orderBy(
      sql`coalesce((select sum(spent.spent_ms) from artwork spent where spent.order_id = attachments.order_id), 0)`,
    )
    .orderBy('orders.created_at')
    .orderBy('attachments.order_id')
    .orderBy('attachments.position')
    .limit(1)
    .executeTakeFirst();
  if (fresh) {
    const inserted = await db
      .insertInto('artwork')
      .values({
        attachment_id: fresh.id,
        order_id: fresh.order_id,
        status: 'working',
        claimed_until: until,
        thumbnail: 0,
        client_key: fresh.client_key,
      })
      .onConflict((oc) => oc.column('attachment_id').doNothing())
      .executeTakeFirst();
    // Another process claimed it first: look again.
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return claimNextArtwork(db, leaseMs);
    return {
      attachmentId: fresh.id,
      orderId: fresh.order_id,
      storageKey: fresh.storage_key,
      clientKey: fresh.client_key,
    };
  }
  const stale = await db
    .selectFrom('artwork')
    .innerJoin('attachments', 'attachments.id', 'artwork.attachment_id')
    .select([
      'artwork.attachment_id',
      'artwork.order_id',
      'artwork.claimed_until',
      'artwork.client_key',
      'attachments.storage_key',
    ])
    .where('artwork.status', '=', 'working')
    .where('artwork.claimed_until', '<', now.toISOString())
    .limit(1)
    .executeTakeFirst();
  if (!stale) return null;
  const taken = await db
    .updateTable('artwork')
    .set({ claimed_until: until })
    .where('attachment_id', '=', stale.attachment_id)
    .where('claimed_until', '=', stale.claimed_until)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return claimNextArtwork(db, leaseMs);
  return {
    attachmentId: stale.attachment_id,
    orderId: stale.order_id,
    storageKey: stale.storage_key,
    clientKey: stale.client_key,
  };
}

export type ArtworkResult = Omit<
  ArtworkTable,
  'attachment_id' | 'order_id' | 'claimed_until' | 'analysed_at' | 'spent_ms' | 'client_key'
> & { spent_ms?: number | null };

/** Records how long measuring a file took (after its result is saved). */
export async function recordArtworkTime(db: Db, attachmentId: string, ms: number): Promise<void> {
  await db
    .updateTable('artwork')
    .set({ spent_ms: Math.max(0, Math.round(ms)) })
    .where('attachment_id', '=', attachmentId)
    .execute();
}

/** The checking time an order's files have used so far. */
export async function artworkTimeSpent(db: Db, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('artwork')
    .select((eb) => eb.fn.sum<number | string | null>('spent_ms').as('spent'))
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return Number(row?.spent ?? 0);
}

/** The checking time files from one submitting address used in the last hour. */
export async function clientTimeSpent(db: Db, clientKey: string, now = Date.now()): Promise<number> {
  const row = await db
    .selectFrom('artwork')
    .select((eb) => eb.fn.sum<number | string | null>('spent_ms').as('spent'))
    .where('client_key', '=', clientKey)
    .where('analysed_at', '>', new Date(now - CLIENT_WINDOW_MS).toISOString())
    .executeTakeFirst();
  return Number(row?.spent ?? 0);
}

export async function saveArtwork(db: Db, attachmentId: string, result: ArtworkResult): Promise<void> {
  await db
    .updateTable('artwork')
    .set({ ...result, claimed_until: null, analysed_at: new Date().toISOString() })
    .where('attachment_id', '=', attachmentId)
    .execute();
}

export async function artworkOfOrders(db: Db, orderIds: string[]): Promise<ArtworkRow[]> {
  if (orderIds.length === 0) return [];
  return db.selectFrom('artwork').selectAll().where('order_id', 'in', orderIds).execute();
}

/** True while any file of the order waits to be measured. */
export async function artworkPending(db: Db, orderId: string): Promise<boolean> {
  const [{ total }, { measured }] = await Promise.all([
    db
      .selectFrom('attachments')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('artwork')
      .select((eb) => eb.fn.countAll<number>().as('measured'))
      .where('order_id', '=', orderId)
      .where('status', '!=', 'working')
      .executeTakeFirstOrThrow(),
  ]);
  return Number(measured) < Number(total);
}
