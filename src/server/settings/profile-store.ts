// The shop's profile in the database: one frozen row per saved version, the latest in force
// (docs/settings.md). Two saves at once get consecutive versions: the version is the table's
// key, and the loser tries the next (as prices/price-list-store.ts does).
import type { Kysely, Selectable } from 'kysely';
import { DEFAULT_MAIL_WORDING } from '../../shared/mail-wording.js';
import { DEFAULT_QUOTE_WAIT_DAYS, type ShopProfile } from '../../shared/shop-profile.js';
import { fromJson, toJson } from '../storage/json.js';
import { isUniqueViolation } from '../storage/orders.js';
import type { Database, ShopProfilesTable, StoredShopProfile } from '../storage/schema.js';

type Db = Kysely<Database>;

export interface SavedProfile {
  version: number;
  savedAt: string;
  savedBy: string;
  profile: ShopProfile;
}

const savedOf = (row: Selectable<ShopProfilesTable>): SavedProfile => ({
  version: Number(row.version),
  savedAt: row.saved_at,
  savedBy: row.saved_by,
  // Every field a version may lack (saved before it existed) at its default.
  profile: { logo: '', quoteWaitDays: DEFAULT_QUOTE_WAIT_DAYS, ...DEFAULT_MAIL_WORDING, ...fromJson(row.profile) },
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
  const text = toJson<StoredShopProfile>(profile);
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

// The logo in force, kept on its own (docs/settings.md, "Logo"): an upload changes it without
// saving a version of the rest of the profile; saving the profile sets it to the version's.
const LOGO_KEY = 'logo_in_force';

/** The SHA-256 of the logo in force ('' for none), or null when none was ever set on its own. */
export async function readLogoInForce(db: Db): Promise<string | null> {
  const row = await db.selectFrom('shop_settings').select('value').where('key', '=', LOGO_KEY).executeTakeFirst();
  return row ? row.value : null;
}

export async function setLogoInForce(db: Db, sha256: string, by: string): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('shop_settings')
    .values({ key: LOGO_KEY, value: sha256, updated_at: now, updated_by: by })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: sha256, updated_at: now, updated_by: by }))
    .execute();
}
