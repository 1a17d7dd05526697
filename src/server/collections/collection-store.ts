// The rows behind size collections (docs/collections.md): a collection is found by the SHA-256
// of its members' link or of its organiser's key, an entry by the SHA-256 of its member's key.
// No secret is stored, so a copy of the database opens no collection and changes no entry.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { addDays } from '../../shared/dates.js';
import { COLLECTION_LIMITS, type CollectionOutcome, type RollUp, type TeamName } from '../../shared/collections-api.js';
import type { Dialect } from '../storage/db.js';
import { fromJson, toJson } from '../storage/json.js';
import type { Database, SizeCollectionsTable } from '../storage/schema.js';

type Db = Kysely<Database>;
export type CollectionRow = Selectable<SizeCollectionsTable>;

/** 32 random bytes (256 bits) as base64url: 43 characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** How long a collection is kept after its closing date: its names are personal data. */
const KEPT_DAYS_AFTER_CLOSING = 60;
/** How long one that no order took is kept after its closing date: long enough to send the order. */
const KEPT_DAYS_WITHOUT_ORDER = 14;

export class CollectionFull extends Error {}
export class CollectionClosed extends Error {}

export interface NewCollection {
  title: string;
  garment: string;
  sizes: readonly string[];
  closesOn: string;
  /** Whether members are asked for a name and number to print (true unless said). */
  asksPrint?: boolean;
  /** The order's garment it fills, when made from My orders for an order already sent. */
  forOrder?: OrderTie;
}

/** The garment of an order a collection fills: the order, the layout's key, the variation's index. */
export interface OrderTie {
  orderId: string;
  layout: string;
  variation: number;
}

/** A new collection; only the hashes of its two secrets are stored, so the caller hands them out now. */
export async function createCollection(db: Db, c: NewCollection, now = new Date()) {
  const id = randomUUID();
  const link = newToken();
  const organiserKey = newToken();
  await db
    .insertInto('size_collections')
    .values({
      id,
      link_hash: hashOf(link),
      organiser_hash: hashOf(organiserKey),
      title: c.title,
      garment: c.garment,
      sizes: toJson([...c.sizes]),
      closes_on: c.closesOn,
      closed_at: null,
      created_at: now.toISOString(),
      order_id: c.forOrder?.orderId ?? null,
      layout_key: c.forOrder?.layout ?? null,
      variation_index: c.forOrder?.variation ?? null,
      outcome: null,
      asks_print: c.asksPrint === false ? 0 : 1,
    })
    .execute();
  return { id, link, organiserKey };
}

/** The collection a members' link opens; undefined for a malformed or unknown one (one answer). */
export async function collectionOfLink(db: Db, link: string): Promise<CollectionRow | undefined> {
  if (!TOKEN_PATTERN.test(link)) return undefined;
  return db.selectFrom('size_collections').selectAll().where('link_hash', '=', hashOf(link)).executeTakeFirst();
}

/** The collection an organiser's key opens; undefined for a malformed or unknown one. */
export async function collectionOfOrganiser(db: Db, key: string | undefined): Promise<CollectionRow | undefined> {
  if (!key || !TOKEN_PATTERN.test(key)) return undefined;
  return db.selectFrom('size_collections').selectAll().where('organiser_hash', '=', hashOf(key)).executeTakeFirst();
}

export const sizesOf = (c: CollectionRow): string[] => fromJson(c.sizes);

/** Open: not closed by its organiser, and its closing date not past in the shop's calendar. */
export const isOpen = (c: CollectionRow, today: string) => c.closed_at === null && today <= c.closes_on;

const asTeamName = (row: { name: string; size: string; print_name: string; print_number: string }): TeamName => ({
  name: row.name,
  size: row.size,
  printName: row.print_name,
  printNumber: row.print_number,
});

/** The entry a member's key holds in this collection, or undefined. */
export async function entryOfMember(db: Db, collectionId: string, key: string | undefined) {
  if (!key || !TOKEN_PATTERN.test(key)) return undefined;
  const row = await db
    .selectFrom('size_collection_entries')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .where('member_hash', '=', hashOf(key))
    .executeTakeFirst();
  return row ? asTeamName(row) : undefined;
}

/**
 * Adds a member's entry (no key: a new key is made and returned) or changes the one their key
 * holds; undefined when the key holds no entry here. Refuses a new entry past the cap, and any
 * save once the collection is closed (`today` in the shop's calendar).
 *
 * The collection's row is locked first (FOR UPDATE on PostgreSQL; SQLite has one writer), and
 * whether it is open and how many entries it has are read under that lock: twenty members at once
 * cannot pass the cap, and an entry cannot land after the organiser's close has committed (the
 * close's UPDATE waits for the lock, or the save reads the closed row).
 */
export async function saveEntry(
  db: Db,
  dialect: Dialect,
  collectionId: string,
  key: string | undefined,
  entry: TeamName,
  today: string,
  now?: Date,
): Promise<{ memberKey: string } | undefined> {
  if (key !== undefined && !TOKEN_PATTERN.test(key)) return undefined;
  return db.transaction().execute(async (trx) => {
    const collection = await lockCollection(trx, dialect, collectionId);
    if (!collection) return undefined;
    if (!isOpen(collection, today)) throw new CollectionClosed();
    // The time once the lock is held: entries' times and the close's follow the order they commit in.
    const at = (now ?? new Date()).toISOString();
    const values = {
      name: entry.name,
      size: entry.size,
      print_name: entry.printName,
      print_number: entry.printNumber,
      updated_at: at,
    };
    if (key !== undefined) {
      const changed = await trx
        .updateTable('size_collection_entries')
        .set(values)
        .where('collection_id', '=', collectionId)
        .where('member_hash', '=', hashOf(key))
        .executeTakeFirst();
      return Number(changed.numUpdatedRows) === 1 ? { memberKey: key } : undefined;
    }
    const { count } = await trx
      .selectFrom('size_collection_entries')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('collection_id', '=', collectionId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= COLLECTION_LIMITS.entries) throw new CollectionFull();
    const memberKey = newToken();
    await trx
      .insertInto('size_collection_entries')
      .values({
        id: randomUUID(),
        collection_id: collectionId,
        member_hash: hashOf(memberKey),
        created_at: at,
        ...values,
      })
      .execute();
    return { memberKey };
  });
}

/** The collection's row, locked until the transaction ends: FOR UPDATE on PostgreSQL (SQLite has one writer). */
async function lockCollection(trx: Transaction<Database>, dialect: Dialect, id: string) {
  const query = trx.selectFrom('size_collections').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** Entries stop now, whatever the closing date: under the row's lock, after any entry being saved. */
export async function closeCollection(db: Db, dialect: Dialect, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const collection = await lockCollection(trx, dialect, id);
    if (!collection || collection.closed_at !== null) return;
    await trx
      .updateTable('size_collections')
      .set({ closed_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  });
}

/** Every entry in the order given, and the count per size in the garment's order. */
export async function rollUpOf(db: Db, c: CollectionRow, today: string): Promise<RollUp> {
  const rows = await db
    .selectFrom('size_collection_entries')
    .select(['id', 'name', 'size', 'print_name', 'print_number'])
    .where('collection_id', '=', c.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const entries = rows.map((row) => ({ id: row.id, ...asTeamName(row) }));
  const sizes = sizesOf(c);
  return {
    title: c.title,
    garment: c.garment,
    sizes,
    closesOn: c.closes_on,
    open: isOpen(c, today),
    asksPrint: c.asks_print === 1,
    entries,
    counts: sizes.map((size) => ({ size, quantity: entries.filter((e) => e.size === size).length })),
  };
}

/**
 * Forgets collections whose closing date is more than KEPT_DAYS_AFTER_CLOSING days before
 * `today`, and those no order took more than KEPT_DAYS_WITHOUT_ORDER days after it: a page anyone
 * may make lives at most daysAheadWithoutOrder + KEPT_DAYS_WITHOUT_ORDER days unless an order takes it.
 */
export async function forgetOldCollections(db: Db, today: string): Promise<void> {
  await db
    .deleteFrom('size_collections')
    .where((eb) =>
      eb.or([
        eb('closes_on', '<', addDays(today, -KEPT_DAYS_AFTER_CLOSING)),
        eb.and([eb('order_id', 'is', null), eb('closes_on', '<', addDays(today, -KEPT_DAYS_WITHOUT_ORDER))]),
      ]),
    )
    .execute();
}

/** The collections made for an order, newest first. */
export async function collectionsOfOrder(db: Db, orderId: string): Promise<CollectionRow[]> {
  return db
    .selectFrom('size_collections')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** A new members' link for a collection: the old one stops opening it (only hashes are kept). */
export async function renewMembersLink(db: Db, id: string): Promise<string> {
  const link = newToken();
  await db
    .updateTable('size_collections')
    .set({ link_hash: hashOf(link) })
    .where('id', '=', id)
    .execute();
  return link;
}

/**
 * Ties a collection to the order sent with its entries: settled at once when they were final,
 * null while they stay open; false when it already belongs to an order (an organiser's key names
 * one order's garment, once).
 */
export async function tieToOrder(
  trx: Transaction<Database>,
  id: string,
  tie: OrderTie,
  outcome: CollectionOutcome,
  extraSizes: string | null = null,
): Promise<boolean> {
  const tied = await trx
    .updateTable('size_collections')
    .set({
      order_id: tie.orderId,
      layout_key: tie.layout,
      variation_index: tie.variation,
      outcome,
      extra_sizes: extraSizes,
    })
    .where('id', '=', id)
    .where('order_id', 'is', null)
    .executeTakeFirst();
  return Number(tied.numUpdatedRows) === 1;
}

/** Records what became of a collection's final entries; false when another process did first. */
export async function settleOutcome(
  trx: Transaction<Database>,
  id: string,
  outcome: Exclude<CollectionOutcome, null>,
): Promise<boolean> {
  const settled = await trx
    .updateTable('size_collections')
    .set({ outcome })
    .where('id', '=', id)
    .where('outcome', 'is', null)
    .executeTakeFirst();
  return Number(settled.numUpdatedRows) === 1;
}

/** Collections of orders whose entries have closed (by the organiser or the date) and are not settled yet. */
export async function collectionsToSettle(db: Db, today: string, limit = 100): Promise<CollectionRow[]> {
  return db
    .selectFrom('size_collections')
    .selectAll()
    .where('order_id', 'is not', null)
    .where('outcome', 'is', null)
    .where((eb) => eb.or([eb('closed_at', 'is not', null), eb('closes_on', '<', today)]))
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Removes an entry of this collection (the organiser's, for a duplicate or a mistake); false when it holds none by that id. */
export async function removeEntry(db: Db, collectionId: string, entryId: string): Promise<boolean> {
  const removed = await db
    .deleteFrom('size_collection_entries')
    .where('collection_id', '=', collectionId)
    .where('id', '=', entryId)
    .executeTakeFirst();
  return Number(removed.numDeletedRows) === 1;
}
