// The shop's price list in the database: one row per published version, frozen once written
// (docs/prices.md). Every process reads the same rows; each keeps the current version it last
// read, checked, so a publish in one process is seen by the next request in any other.
import type { Kysely } from 'kysely';
import type { PriceListVersionInfo } from '../../shared/price-list-api.js';
import { readPriceList, type PriceList, type PriceListError } from '../../shared/prices/price-list.js';
import { isUniqueViolation } from '../storage/orders.js';
import type { Database } from '../storage/schema.js';

type Db = Kysely<Database>;

export interface PublishedPriceList extends PriceListVersionInfo {
  priceList: PriceList;
}

/** A document refused whole: every reason, each naming its place. Nothing was stored. */
export class PriceListRefused extends Error {
  constructor(readonly errors: PriceListError[]) {
    super(errors.map((e) => e.message.en).join('; '));
  }
}

const infoOf = (row: { version: number; effective_at: string; published_by: string }): PriceListVersionInfo => ({
  version: Number(row.version),
  effectiveAt: row.effective_at,
  publishedBy: row.published_by,
});

/** Every published version, newest first, without their documents. */
export async function listPriceLists(db: Db): Promise<PriceListVersionInfo[]> {
  const rows = await db
    .selectFrom('price_lists')
    .select(['version', 'effective_at', 'published_by'])
    .orderBy('version', 'desc')
    .execute();
  return rows.map(infoOf);
}

/** One version, read again through the same checks as when it was published. */
export async function findPriceList(db: Db, version: number): Promise<PublishedPriceList | null> {
  const row = await db.selectFrom('price_lists').selectAll().where('version', '=', version).executeTakeFirst();
  if (!row) return null;
  const reading = readPriceList(JSON.parse(row.document));
  // Only documents that passed readPriceList are ever stored; a row edited by hand is not served.
  if (!reading.ok)
    throw new Error(`Price list v${row.version} in the database does not read: ${reading.errors[0]?.message.en}`);
  return { ...infoOf(row), priceList: reading.priceList };
}

/**
 * Checks `document` and stores it as the next version, effective now. A document with any fault
 * is refused whole (PriceListRefused) and the current version stays as it was. Two publishes at
 * once get consecutive versions: the version is the table's key, and the loser tries the next.
 */
export async function publishPriceList(db: Db, document: unknown, publishedBy: string): Promise<PublishedPriceList> {
  const reading = readPriceList(document);
  if (!reading.ok) throw new PriceListRefused(reading.errors);
  const text = JSON.stringify(reading.priceList);
  for (let attempt = 1; ; attempt++) {
    const latest = await db
      .selectFrom('price_lists')
      .select((eb) => eb.fn.max('version').as('version'))
      .executeTakeFirst();
    const version = Number(latest?.version ?? 0) + 1;
    const effectiveAt = new Date().toISOString();
    try {
      await db
        .insertInto('price_lists')
        .values({ version, document: text, effective_at: effectiveAt, published_by: publishedBy })
        .execute();
      return { version, effectiveAt, publishedBy, priceList: reading.priceList };
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 5) throw err;
    }
  }
}

/**
 * The current version, read once per version: the latest version number is looked up on every
 * call (one indexed row), the document only when it changed.
 */
export function currentPriceListReader(db: Db): () => Promise<PublishedPriceList | null> {
  let cached: PublishedPriceList | null = null;
  return async () => {
    const latest = await db
      .selectFrom('price_lists')
      .select((eb) => eb.fn.max('version').as('version'))
      .executeTakeFirst();
    const version = latest?.version == null ? null : Number(latest.version);
    if (version === null) return null;
    if (cached?.version !== version) cached = await findPriceList(db, version);
    return cached;
  };
}
