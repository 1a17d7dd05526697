// What the price-list endpoints answer (docs/prices.md): the public one the order form reads for
// its estimate, and the inbox's, where staff read the versions and an owner publishes.
import type { ProvinceCode } from './constants.js';
import type { PriceList, PriceListError } from './prices/price-list.js';
import type { TaxRegistrations } from './taxes.js';

/** A published version, without its document. */
export interface PriceListVersionInfo {
  version: number;
  /** When it took effect (ISO 8601): the moment it was published. */
  effectiveAt: string;
  publishedBy: string;
}

/** GET /api/price-list: the current list when the shop shows estimates, with what taxes need. */
export interface PublicPriceList {
  version: number;
  effectiveAt: string;
  priceList: PriceList;
  shop: { province: ProvinceCode; registrations: TaxRegistrations };
}

/** A price list saved by staff for an owner to review (docs/prices.md, "Drafts for review"). */
export interface PriceDraftInfo {
  id: string;
  savedAt: string;
  savedBy: string;
}

/** GET /api/prices */
export interface StaffPriceLists {
  /** Drafts waiting for an owner, newest first. */
  drafts: PriceDraftInfo[];
  current: (PriceListVersionInfo & { priceList: PriceList }) | null;
  versions: PriceListVersionInfo[];
  /** Whether the signed-in staff member may publish (an owner). */
  canPublish: boolean;
  shop: { province: ProvinceCode; registrations: TaxRegistrations };
}

/**
 * The estimate the customer saw on the form, as the server recomputed it from what was submitted
 * with the price list in effect (never taken from the browser); kept with the order.
 */
export interface SeenEstimate {
  priceListVersion: number;
  subtotalCents: number;
  totalCents: number;
  lines: { description: { en: string; fr: string }; totalCents: number }[];
  /** What the estimate left for the quote, and why. */
  onQuote: { en: string; fr: string }[];
}

/** POST /api/prices/check: the document as it would be published, or every reason it would not. */
export type PriceListCheck = { ok: true; priceList: PriceList } | { ok: false; errors: PriceListError[] };
