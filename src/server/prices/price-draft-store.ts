// Price lists drafted by staff who may not publish (docs/prices.md, "Drafts for review"): kept
// as the editor had them, unchecked (a draft may be half done), listed for an owner, who opens
// one, publishes it (the draft is then gone) or discards it.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PriceDraftInfo } from '../../shared/price-list-api.js';
import type { Database } from '../storage/schema.js';

type Db = Kysely<Database>;

const infoOf = (row: { id: string; saved_at: string; saved_by: string }): PriceDraftInfo => ({
  id: row.id,
  savedAt: row.saved_at,
  savedBy: row.saved_by,
});

/** Every draft waiting, newest first. */
export async function listPriceDrafts(db: Db): Promise<PriceDraftInfo[]> {
  const rows = await db
    .selectFrom('price_drafts')
    .select(['id', 'saved_at', 'saved_by'])
    .orderBy('saved_at', 'desc')
    .execute();
  return rows.map(infoOf);
}

export async function savePriceDraft(db: Db, document: object, savedBy: string): Promise<PriceDraftInfo> {
  const row = {
    id: randomUUID(),
    document: JSON.stringify(document),
    saved_at: new Date().toISOString(),
    saved_by: savedBy,
  };
  await db.insertInto('price_drafts').values(row).execute();
  return infoOf(row);
}

export async function findPriceDraft(db: Db, id: string): Promise<(PriceDraftInfo & { document: unknown }) | null> {
  const row = await db.selectFrom('price_drafts').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { ...infoOf(row), document: JSON.parse(row.document) as unknown } : null;
}

/** True when there was such a draft. */
export async function deletePriceDraft(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('price_drafts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
