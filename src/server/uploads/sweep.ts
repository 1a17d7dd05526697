// Uploads no order adopted within UPLOAD_EXPIRY_HOURS are removed from the store and the table;
// uploads adopted just before a crash, whose bytes were already copied into their order, are
// removed from the store. Run by the housekeeping loop; safe with several processes.
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import { adoptedButStored, expiredUploads, forgetUpload, markUploadRemoved } from './upload-rows.js';
import type { UploadStore } from './upload-store.js';

const BATCH = 200;

export async function sweepUploads(
  db: Kysely<Database>,
  store: UploadStore,
  expiryHours: number,
  now = new Date(),
): Promise<{ expired: number; leftovers: number }> {
  const before = new Date(now.getTime() - expiryHours * 60 * 60 * 1000);
  let expired = 0;
  for (;;) {
    const ids = await expiredUploads(db, before, BATCH);
    for (const id of ids) {
      await store.remove(id);
      await forgetUpload(db, id);
      expired++;
    }
    if (ids.length < BATCH) break;
  }
  let leftovers = 0;
  for (;;) {
    const ids = await adoptedButStored(db, BATCH);
    for (const id of ids) {
      await store.remove(id);
      await markUploadRemoved(db, id);
      leftovers++;
    }
    if (ids.length < BATCH) break;
  }
  return { expired, leftovers };
}
