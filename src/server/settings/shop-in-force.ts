// The shop as documents and mails see it now (docs/settings.md, "Which wins"): the latest saved
// profile, or the environment's values until an owner saves one. Each process keeps what it last
// read and reads the latest version number again when that is older than a few seconds, so a
// save in one process reaches every other within that time; a save in this process at once.
import type { Kysely } from 'kysely';
import type { Seller } from '../../shared/invoices/invoice-api.js';
import { DEFAULT_MAIL_WORDING } from '../../shared/mail-wording.js';
import { DEFAULT_BRAND_COLOUR, DEFAULT_QUOTE_WAIT_DAYS, type ShopProfile } from '../../shared/shop-profile.js';
import type { TaxRegistrations } from '../../shared/taxes.js';
import type { Config } from '../config.js';
import type { ShopIdentity } from '../mail/compose.js';
import type { Database } from '../storage/schema.js';
import { findProfile, latestVersionNumber, readLogoInForce, type SavedProfile } from './profile-store.js';

/** How long a process trusts the version it last read. */
export const SHOP_PROFILE_MAX_AGE_MS = 3_000;

export interface ShopInForce {
  profile: ShopProfile;
  /** The saved version in force, or null while the environment's values are. */
  saved: Omit<SavedProfile, 'profile'> | null;
  /** What mails sign with. */
  identity: ShopIdentity;
  /** What invoices, credit notes and receipts print (frozen with each when issued). */
  seller: Seller;
  /** The numbers quotes print. */
  registration: { gstHst: string; qst: string };
  /** The taxes the shop charges. */
  registrations: TaxRegistrations;
  books: { timeZone: string; fiscalYearEnd: string; shopProvince: ShopProfile['province'] };
}

/** The profile the environment describes (config.ts): in force until an owner saves one. */
export function profileFromConfig(config: Config): ShopProfile {
  return {
    name: config.SHOP_NAME,
    legalName: config.SHOP_LEGAL_NAME.trim(),
    address: config.SHOP_ADDRESS.trim(),
    province: config.SHOP_PROVINCE,
    timeZone: config.timeZone,
    fiscalYearEnd: config.FISCAL_YEAR_END,
    gstHst: config.GST_HST_NUMBER.trim(),
    qst: config.QST_NUMBER.trim(),
    pst: config.PST_PROVINCES.map((province) => ({ province, number: '' })),
    email: config.SHOP_EMAIL,
    phone: '',
    brandColour: DEFAULT_BRAND_COLOUR,
    logo: '',
    quoteWaitDays: DEFAULT_QUOTE_WAIT_DAYS,
    ...DEFAULT_MAIL_WORDING,
  };
}

export function shopInForce(config: Config, saved: SavedProfile | null, logo: string | null = null): ShopInForce {
  // The logo is kept on its own (profile-store.ts): the one set last, over the version's.
  const base = saved?.profile ?? profileFromConfig(config);
  const profile = logo === null ? base : { ...base, logo };
  return {
    profile,
    saved: saved ? { version: saved.version, savedAt: saved.savedAt, savedBy: saved.savedBy } : null,
    identity: {
      name: profile.name,
      // SHOP_CONTACT is the environment's free-text contact; a saved profile's is its email and phone.
      contact: saved ? [profile.email, profile.phone].filter(Boolean).join(', ') : config.SHOP_CONTACT,
      shopEmail: profile.email,
      publicUrl: config.publicUrl,
      wording: {
        mailGreetingEn: profile.mailGreetingEn,
        mailGreetingFr: profile.mailGreetingFr,
        mailSignatureEn: profile.mailSignatureEn,
        mailSignatureFr: profile.mailSignatureFr,
      },
      // By absolute address: a mail is read far from the shop's site.
      ...(profile.logo
        ? { logoUrl: `${config.publicUrl.replace(/\/$/, '')}/api/shop/logo?v=${profile.logo.slice(0, 12)}` }
        : {}),
    },
    seller: {
      legalName: profile.legalName || profile.name,
      address: profile.address,
      gstHst: profile.gstHst,
      qst: profile.qst,
      email: profile.email,
    },
    registration: { gstHst: profile.gstHst, qst: profile.qst },
    registrations: {
      gstHst: profile.gstHst !== '',
      qst: profile.qst !== '',
      pstProvinces: profile.pst.map((p) => p.province),
    },
    books: { timeZone: profile.timeZone, fiscalYearEnd: profile.fiscalYearEnd, shopProvince: profile.province },
  };
}

export interface ShopProfileSource {
  /** What was last read: synchronous, for the deps' getters (app.ts). */
  current(): ShopInForce;
  /** The latest, read again when what is kept is older than SHOP_PROFILE_MAX_AGE_MS. */
  currentShop(): Promise<ShopInForce>;
  /** Reads the latest version now. */
  refresh(): Promise<ShopInForce>;
  /** A version this process just saved: in force here at once. */
  use(saved: SavedProfile): ShopInForce;
  /** A logo this process just set on its own: in force here at once, the version unchanged. */
  useLogo(sha256: string): ShopInForce;
}

export function shopProfileSource(
  db: Kysely<Database>,
  config: Config,
  maxAgeMs = SHOP_PROFILE_MAX_AGE_MS,
): ShopProfileSource {
  let kept = shopInForce(config, null);
  let keptSaved: SavedProfile | null = null;
  let readAt = 0;
  let reading: Promise<ShopInForce> | null = null;
  const refresh = async () => {
    const [version, logo] = await Promise.all([latestVersionNumber(db), readLogoInForce(db)]);
    if (version === null) keptSaved = null;
    else if (keptSaved?.version !== version) keptSaved = (await findProfile(db, version)) ?? keptSaved;
    kept = shopInForce(config, keptSaved, logo);
    readAt = Date.now();
    return kept;
  };
  return {
    current: () => kept,
    refresh: () => (reading ??= refresh().finally(() => (reading = null))),
    async currentShop() {
      return Date.now() - readAt < maxAgeMs ? kept : this.refresh();
    },
    use(saved) {
      if (!keptSaved || keptSaved.version < saved.version) {
        keptSaved = saved;
        kept = shopInForce(config, saved, saved.profile.logo);
      }
      readAt = Date.now();
      return kept;
    },
    useLogo(sha256) {
      kept = shopInForce(config, keptSaved, sha256);
      readAt = Date.now();
      return kept;
    },
  };
}

/**
 * What mails sign with, read from the profile in force each time a field is read: for the
 * capabilities that were handed a fixed identity (artwork's warnings, the order's mails).
 */
export function liveIdentity(source: ShopProfileSource): ShopIdentity {
  return {
    get name() {
      return source.current().identity.name;
    },
    get contact() {
      return source.current().identity.contact;
    },
    get shopEmail() {
      return source.current().identity.shopEmail;
    },
    get publicUrl() {
      return source.current().identity.publicUrl;
    },
    get wording() {
      return source.current().identity.wording;
    },
    get logoUrl() {
      return source.current().identity.logoUrl;
    },
  };
}
