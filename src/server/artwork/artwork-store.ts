// What the server measured in each stored file (artwork/artwork-queue.ts does the measuring).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ArtworkRow, ArtworkTable, Database } from '../storage/schema.js';
import type { ArtworkLane } from './detect-format.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface ArtworkJob {
  attachmentId: string;
  orderId: string;
  storageKey: string;
  /** The order's submitting address as an HMAC; null for orders from before it was kept. */
  clientKey: string | null;
  /** When its order was saved: the file has waited since (a claim's metrics). */
  queuedAt?: string;
}

/** The window over which an address's checking time is counted. */
export const CLIENT_WINDOW_MS = 60 * 60 * 1000;

/** Stored files not yet in a lane (nor measured), oldest orders first: what queueArtwork sorts. */
export async function unqueuedArtwork(db: Kysely<Database>, limit: number): Promise<ArtworkJob[]> {
  const rows = await db
    .selectFrom('attachments')
    .innerJoin('orders', 'orders.id', 'attachments.order_id')
    .leftJoin('artwork', 'artwork.attachment_id', 'attachments.id')
    .select(['attachments.id', 'attachments.order_id', 'attachments.storage_key', 'orders.client_key'])
    .where('artwork.attachment_id', 'is', null)
    .orderBy('orders.created_at')
    .orderBy('attachments.order_id')
    .orderBy('attachments.position')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    attachmentId: r.id,
    orderId: r.order_id,
    storageKey: r.storage_key,
    clientKey: r.client_key,
  }));
}

/**
 * Puts a stored file in its lane, where claimNextArtwork finds it; given a result instead, records
 * it at once (a file that is not artwork is never read). When another process did either first,
 * nothing changes.
 */
export async function queueArtwork(db: Db, job: ArtworkJob, entry: ArtworkLane | ArtworkResult): Promise<void> {
  const row =
    typeof entry === 'string'
      ? { status: 'working' as const, lane: entry, thumbnail: 0 }
      : { ...entry, analysed_at: new Date().toISOString() };
  await db
    .insertInto('artwork')
    .values({
      ...row,
      attachment_id: job.attachmentId,
      order_id: job.orderId,
      client_key: job.clientKey,
      claimed_until: null,
    })
    .onConflict((oc) => oc.column('attachment_id').doNothing())
    .execute();
}

/**
 * Claims the next file of `lane` nobody is reading (waiting in the lane, or whose claim ran out:
 * a process died on it), for `leaseMs`. Null when there is nothing to do. Safe with several
 * processes: the claim is an update that compares the old claim.
 *
 * Which file: the address whose files used the least checking time in the last hour goes
 * first, then the order that has used the least, and among equals the one that arrived first
 * (then its files in order). A new order's files have used nothing, so they come before the
 * rest of an order of many slow files, and before the next order of an address that sent many.
 * Pictures and drawings have lanes of their own (docs/decisions/017-artwork-lanes-and-cpu-budget.md):
 * a picture never waits behind a drawing however many addresses send drawings, and within a
 * lane one heavy order, or many from one address, delay another customer's files by at most
 * the file being read (ARTWORK_RENDER_CPU_MS of processor time).
 */
export async function claimNextArtwork(
  db: Kysely<Database>,
  leaseMs: number,
  lane: ArtworkLane,
): Promise<ArtworkJob | null> {
  const now = new Date();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const windowStart = new Date(now.getTime() - CLIENT_WINDOW_MS).toISOString();
  const next = await db
    .selectFrom('artwork')
    .innerJoin('attachments', 'attachments.id', 'artwork.attachment_id')
    .innerJoin('orders', 'orders.id', 'artwork.order_id')
    .select([
      'artwork.attachment_id',
      'artwork.order_id',
      'artwork.claimed_until',
      'artwork.client_key',
      'attachments.storage_key',
      'orders.created_at',
    ])
    .where('artwork.status', '=', 'working')
    .where('artwork.lane', '=', lane)
    .where((eb) =>
      eb.or([eb('artwork.claimed_until', 'is', null), eb('artwork.claimed_until', '<', now.toISOString())]),
    )
    .orderBy(
      sql`coalesce((select sum(recent.spent_ms) from artwork recent where recent.client_key = artwork.client_key and recent.analysed_at > ${windowStart}), 0)`,
    )
    .orderBy(sql`coalesce((select sum(spent.spent_ms) from artwork spent where spent.order_id = artwork.order_id), 0)`)
    .orderBy('orders.created_at')
    .orderBy('artwork.order_id')
    .orderBy('attachments.position')
    .limit(1)
    .executeTakeFirst();
  if (!next) return null;
  const taken = await db
    .updateTable('artwork')
    .set({ claimed_until: until })
    .where('attachment_id', '=', next.attachment_id)
    .where('status', '=', 'working')
    .where((eb) =>
      next.claimed_until === null ? eb('claimed_until', 'is', null) : eb('claimed_until', '=', next.claimed_until),
    )
    .executeTakeFirst();
  // Another process claimed it first: look again.
  if (Number(taken.numUpdatedRows) !== 1) return claimNextArtwork(db, leaseMs, lane);
  return {
    attachmentId: next.attachment_id,
    orderId: next.order_id,
    storageKey: next.storage_key,
    clientKey: next.client_key,
    queuedAt: next.created_at,
  };
}

/** Files waiting for their check, by lane (the metrics' queue depth). */
export async function artworkQueueDepth(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('artwork')
    .select(['lane', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'working')
    .groupBy('lane')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.lane ?? 'unsorted', Number(r.n)]));
}

/** Gives a claimed file back to its lane unread (this process is closing): the next claim takes it. */
export async function releaseArtwork(db: Db, attachmentId: string): Promise<void> {
  await db
    .updateTable('artwork')
    .set({ claimed_until: null })
    .where('attachment_id', '=', attachmentId)
    .where('status', '=', 'working')
    .execute();
}

export type ArtworkResult = Omit<
  ArtworkTable,
  'attachment_id' | 'order_id' | 'claimed_until' | 'analysed_at' | 'spent_ms' | 'client_key' | 'lane'
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
