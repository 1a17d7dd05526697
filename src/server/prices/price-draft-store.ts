// Price lists drafted by staff who may not publish (docs/prices.md, "Drafts for review"): kept
// as the editor had them, unchecked (a draft may be half done), listed for an owner, who opens
// one, publishes it (the draft is then gone) or discards it. Bounded: a few a person, a few
// dozen in all, each at most the route's body limit.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { PriceDraftInfo } from '../../shared/price-list-api.js';
import { DomainError } from '../errors.js';
import type { Dialect } from '../storage/db.js';
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

/** The most drafts one staff member may have waiting for an owner. */
export const MAX_DRAFTS_PER_STAFF = 3;
/** The most drafts waiting in all, whoever saved them. */
export const MAX_DRAFTS = 20;

/**
 * Saves a draft, unless its author already has MAX_DRAFTS_PER_STAFF waiting or the shop has
 * MAX_DRAFTS (then 409 `too_many_drafts`, in both languages): counted and written in one
 * transaction, serialised by an advisory lock on PostgreSQL (SQLite has one writer), so drafts
 * saved at once cannot pass the caps together. Each draft is at most the route's body limit, so
 * what drafts can hold in all is bounded too.
 */
export async function savePriceDraft(
  db: Db,
  dialect: Dialect,
  document: object,
  savedBy: string,
): Promise<PriceDraftInfo> {
  const row = {
    id: randomUUID(),
    document: JSON.stringify(document),
    saved_at: new Date().toISOString(),
    saved_by: savedBy,
  };
  await db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('price_drafts'))`.execute(trx);
    const counts = await trx
      .selectFrom('price_drafts')
      .select(['saved_by', (eb) => eb.fn.countAll<number | string | bigint>().as('n')])
      .groupBy('saved_by')
      .execute();
    const all = counts.reduce((sum, c) => sum + Number(c.n), 0);
    const mine = Number(counts.find((c) => c.saved_by === savedBy)?.n ?? 0);
    if (mine >= MAX_DRAFTS_PER_STAFF)
      throw new DomainError(
        'conflict',
        'too_many_drafts',
        `You already have ${MAX_DRAFTS_PER_STAFF} drafts waiting for an owner: ask an owner to publish or discard one, then save again.`,
        undefined,
        {
          messageFr: `Vous avez déjà ${MAX_DRAFTS_PER_STAFF}\u00a0brouillons en attente d’un propriétaire\u00a0: demandez à un propriétaire d’en publier ou d’en abandonner un, puis enregistrez de nouveau.`,
        },
      );
    if (all >= MAX_DRAFTS)
      throw new DomainError(
        'conflict',
        'too_many_drafts',
        `${MAX_DRAFTS} drafts are already waiting for an owner: ask an owner to publish or discard some, then save again.`,
        undefined,
        {
          messageFr: `${MAX_DRAFTS}\u00a0brouillons attendent déjà un propriétaire\u00a0: demandez à un propriétaire d’en publier ou d’en abandonner, puis enregistrez de nouveau.`,
        },
      );
    await trx.insertInto('price_drafts').values(row).execute();
  });
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
