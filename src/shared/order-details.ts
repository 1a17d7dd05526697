// The order's details (billing, shipping, deadline), which layout 1 carries, and what follows from
// them: the place of supply that chooses the taxes. The quote, the price estimate and the server
// all read them here. The types are structural, so the hand-written order body and the one the
// schema infers both fit.
import { PROVINCES, type ProvinceCode } from './constants.js';

export interface OrderDetails {
  billing?: { province: string };
  shipping?: { province: string; sameAsBilling: boolean; localPickup: boolean };
  deadline?: { hasCriticalDeadline: boolean; date: string };
}

/** The order's layouts in their number order ("2" before "10"). */
export function layoutsInOrder<L>(order: { layouts: Readonly<Record<string, L>> }): [string, L][] {
  return Object.entries(order.layouts).sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b));
}

/** Layout 1 carries the order's details; an order renumbered without a "1" falls back to the first that has them. */
export function firstLayoutWith<L extends OrderDetails>(
  order: { layouts: Readonly<Record<string, L>> },
  field: keyof OrderDetails,
): L | undefined {
  const first = order.layouts['1'];
  if (first?.[field]) return first;
  return layoutsInOrder(order).find(([, layout]) => layout[field])?.[1];
}

const foldName = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .trim()
    .toLowerCase();

/** A province given by code or by name (English, or with French accents: "Québec"), else null. */
export function provinceCodeOf(value: string): ProvinceCode | null {
  const v = foldName(value);
  return PROVINCES.find((p) => p.code.toLowerCase() === v || foldName(p.name) === v)?.code ?? null;
}

/**
 * Where the order is supplied, for its taxes: the shop's province for a local pickup, the billing
 * province when shipping is the same as billing, else the shipping province. Null when the order
 * does not name a known province there; a shop province that is not one is a configuration error.
 */
export function placeOfSupply(
  order: { layouts: Readonly<Record<string, OrderDetails>> },
  shopProvince: string,
): ProvinceCode | null {
  const shop = provinceCodeOf(shopProvince);
  if (!shop) throw new RangeError(`SHOP_PROVINCE is not a Canadian province or territory: "${shopProvince}"`);
  const shipping = firstLayoutWith(order, 'shipping')?.shipping;
  const billing = firstLayoutWith(order, 'billing')?.billing;
  if (shipping?.localPickup) return shop;
  if (!shipping) return null;
  if (shipping.sameAsBilling) return billing ? provinceCodeOf(billing.province) : null;
  return provinceCodeOf(shipping.province);
}
