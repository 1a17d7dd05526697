// The shop's profile: who the shop is on every document and mail (docs/settings.md). Kept in the
// database as numbered versions; until an owner saves one, the environment's values are in force.
import type { ProvinceCode } from './constants.js';
import type { MailWording } from './mail-wording.js';

/** A province where the shop is registered for PST or RST, with its number when it has one. */
export interface PstRegistration {
  province: ProvinceCode;
  number: string;
}

/** The mail wording (greeting and signature per language, shared/mail-wording.ts) is part of it, versioned with it. */
export interface ShopProfile extends MailWording {
  name: string;
  /** Printed on invoices and receipts; empty: the name. */
  legalName: string;
  /** The postal address on one line. */
  address: string;
  province: ProvinceCode;
  /** An IANA time zone: every document's date. */
  timeZone: string;
  /** MM-DD */
  fiscalYearEnd: string;
  /** Normalised (shared/registration-numbers.ts), or empty when not registered. */
  gstHst: string;
  qst: string;
  pst: PstRegistration[];
  /** Where customers write and where the shop's own mail goes. */
  email: string;
  phone: string;
  /** #rrggbb, white text on it at least WCAG AA (shared/contrast.ts). */
  brandColour: string;
  /** The SHA-256 of the logo (PNG or SVG, served at /api/shop/logo), or empty for none. */
  logo: string;
  /** Days a sent quote waits for the customer's answer before the inbox flags it ("Quote waiting 7 days"). */
  quoteWaitDays: number;
}

/** A profile saved before the setting existed, or the environment's, waits this many days. */
export const DEFAULT_QUOTE_WAIT_DAYS = 7;
/** The longest wait an owner may set. */
export const MAX_QUOTE_WAIT_DAYS = 90;

/** The colour a shop without one gets: white on it is 5.2:1. */
export const DEFAULT_BRAND_COLOUR = '#1d4ed8';

/** GET /api/settings/shop */
export interface ShopSettings {
  profile: ShopProfile;
  /** The version in force, or null while the environment's values are. */
  version: { version: number; savedAt: string; savedBy: string } | null;
  canEdit: boolean;
}

/** The owner's first sign-in checklist, in the order shown. */
export const CHECKLIST_STEPS = [
  'shopDetails',
  'priceList',
  'paymentTerms',
  'cardPayments',
  'staff',
  'testOrder',
] as const;
export type ChecklistStep = (typeof CHECKLIST_STEPS)[number];

/** GET /api/settings/checklist */
export interface Checklist {
  steps: { step: ChecklistStep; done: boolean }[];
  /** Shown to owners until every step is done or an owner dismissed it. */
  show: boolean;
}
