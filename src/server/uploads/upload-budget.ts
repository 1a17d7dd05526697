// Bytes uploaded per client address and UTC day: the rows behind uploads/upload-guard.ts.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';

type Db = Kysely<Database>;

/**
 * Adds `bytes` (negative to give back) to an address's count for a day, in one statement so
 * that concurrent requests never read a stale count; returns the new count.
 */
export async function addUploadBytes(db: Db, address: string, day: string, bytes: number): Promise<number> {
  const row = await db
    .insertInto('upload_budget')
    .values({ address, day, bytes })
    .onConflict((oc) =>
      oc.columns(['address', 'day']).doUpdateSet({ bytes: sql<number>`upload_budget.bytes + excluded.bytes` }),
    )
    .returning('bytes')
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/** Forgets the days before `day`. */
export async function forgetUploadDaysBefore(db: Db, day: string): Promise<void> {
  await db.deleteFrom('upload_budget').where('day', '<', day).execute();
}
