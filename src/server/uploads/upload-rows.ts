// Rows of resumable uploads: recorded at creation, adopted by one order in that order's
// transaction, forgotten when they expire unadopted.
import type { Kysely } from 'kysely';
import { DomainError } from '../errors.js';
import type { Database } from '../storage/schema.js';

type Db = Kysely<Database>;

export async function recordUpload(
  db: Db,
  row: { id: string; address: string; size: number; secretHash?: string | null; createdAt?: Date },
): Promise<void> {
  await db
    .insertInto('uploads')
    .values({
      id: row.id,
      created_at: (row.createdAt ?? new Date()).toISOString(),
      address: row.address,
      size: row.size,
      order_id: null,
      stored: 1,
      secret_hash: row.secretHash ?? null,
    })
    .execute();
}

export async function findUploads(
  db: Db,
  ids: string[],
): Promise<
  Map<string, { orderId: string | null; address: string; createdAt: string; size: number; secretHash: string | null }>
> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('uploads')
    .select(['id', 'order_id', 'address', 'created_at', 'size', 'secret_hash'])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        orderId: r.order_id,
        address: r.address,
        createdAt: r.created_at,
        size: Number(r.size),
        secretHash: r.secret_hash,
      },
    ]),
  );
}

/**
 * Marks the uploads as the order's, inside the order's transaction. Throws a conflict when
 * another order took one of them first (two orders at once naming the same upload).
 */
export async function adoptUploads(trx: Db, orderId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const result = await trx
    .updateTable('uploads')
    .set({ order_id: orderId })
    .where('id', 'in', ids)
    .where('order_id', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== ids.length) throw uploadTaken();
}

export const uploadTaken = (fields?: string[]) =>
  new DomainError(
    'conflict',
    'upload_already_used',
    'An upload named by this order already belongs to another order. Each upload can be sent with one order only: please choose the file again.',
    fields,
    {
      messageFr:
        "Un fichier téléversé nommé par cette commande appartient déjà à une autre commande. Chaque téléversement ne peut servir qu'à une seule commande\u00a0: veuillez choisir le fichier de nouveau.",
    },
  );

/** The upload's bytes are gone from the upload store (moved into an order, or removed). */
export async function markUploadRemoved(db: Db, id: string): Promise<void> {
  await db.updateTable('uploads').set({ stored: 0 }).where('id', '=', id).execute();
}

export async function forgetUpload(db: Db, id: string): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', id).where('order_id', 'is', null).execute();
}

/** Unadopted uploads created before `before`, oldest first. */
export async function expiredUploads(db: Db, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('uploads')
    .select('id')
    .where('order_id', 'is', null)
    .where('created_at', '<', before.toISOString())
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Adopted uploads whose bytes are still in the upload store (a crash right after the commit). */
export async function adoptedButStored(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('uploads')
    .select('id')
    .where('stored', '=', 1)
    .where('order_id', 'is not', null)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
