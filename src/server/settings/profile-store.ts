// The shop's profile in the database: one frozen row per saved version, the latest in force
// (docs/settings.md). Two saves at once get consecutive versions: the version is the table's
// key, and the loser tries the next (as prices/price-list-store.ts does).
import type { Kysely } from 'kysely';
import { DEFAULT_MAIL_WORDING } from '../../shared/mail-wording.js';
import type { ShopProfile } from '../../shared/shop-profile.js';
import { isUniqueViolation } from '../storage/orders.js';
import type { Database } from '../storage/schema.js';

type Db = Kysely<Database>;

export interface SavedProfile {
  version: number;
  savedAt: string;
  savedBy: string;
  profile: ShopProfile;
}

const savedOf = (row: { version: number; profile: string; saved_at: string; saved_by: string }): SavedProfile => ({
  version: Number(row.version),
  savedAt: row.saved_at,
  savedBy: row.saved_by,
  // Every field a version may lack (saved before it existed) at its default.
  profile: { logo: '', ...DEFAULT_MAIL_WORDING, ...(JSON.parse(row.profile) as object) } as ShopProfile,
});

export async function latestVersionNumber(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('shop_profiles')
    .select((eb) => eb.fn.max('version').as('version'))
    .executeTakeFirst();
  return row?.version == null ? null : Number(row.version);
}

export async function findProfile(db: Db, version: number): Promise<SavedProfile | null> {
  const row = await db.selectFrom('shop_profiles').selectAll().where('version', '=', version).executeTakeFirst();
  return row ? savedOf(row) : null;
}

/** Stores `profile` (already checked) as the next version, in force from now. */
export async function saveProfile(db: Db, profile: ShopProfile, savedBy: string): Promise<SavedProfile> {
  const text = JSON.stringify(profile);
  for (let attempt = 1; ; attempt++) {
    const version = ((await latestVersionNumber(db)) ?? 0) + 1;
    const savedAt = new Date().toISOString();
    try {
      await db
        .insertInto('shop_profiles')
        .values({ version, profile: text, saved_at: savedAt, saved_by: savedBy })
        .execute();
      return { version, savedAt, savedBy, profile };
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 5) throw err;
    }
  }
}
