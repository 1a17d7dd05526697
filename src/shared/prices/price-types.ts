// What the pricing reads of an order and what it answers (price-order.ts prices; docs/prices.md).
import { type DecorationMethod, type ProvinceCode, type ViewName } from '../constants.js';
import type { DecorationDatum, Location } from '../locations.js';
import type { OrderDetails } from '../order-details.js';
import { type SizeQuantity } from '../quantities.js';
import { type TaxLine, type TaxNotCharged, type TaxRegistrations } from '../taxes.js';
import type { Bilingual } from './price-list.js';
import type { RepeatedDecoration } from './repeated-decorations.js';

// What the pricing reads of an order. Structural, so the hand-written order body and the one the
// server's schema infers both fit, and the form can price its state without building a submission.
export interface PricingVariation {
  type: string;
  color?: string;
  sizes: string;
  supplyingGoods?: string;
}

/** One view's decoration as pricing reads it: the order's own description (locations.ts). */
export type PricingView = DecorationDatum;

export interface PricingLayout extends OrderDetails {
  garmentOption?: string;
  variations?: readonly PricingVariation[];
  viewData?: Partial<Record<ViewName, PricingView>>;
  extraDecorations?: readonly (PricingView & { view: string })[];
}

export interface PricingOrder {
  layouts: Readonly<Record<string, PricingLayout>>;
  isResalePartner?: boolean;
  includePolyBags?: boolean;
}

export interface PricingContext {
  /** YYYY-MM-DD: the day the prices and taxes are taken from, and rush days counted from. */
  date: string;
  /** The shop's province: the place of supply of a local pickup. */
  shopProvince: string;
  registrations: TaxRegistrations;
  /** Width ÷ height of a view's graphic by layout key and view, when the caller knows its pixels. */
  graphicAspect?: Readonly<Record<string, Partial<Record<ViewName, number>>>>;
  /**
   * The order this one repeats ("Order again"): its number, the day it was placed (YYYY-MM-DD),
   * its decorations and which of this order's artwork is its own (reorder-waiver.ts); without
   * decorations, no setup is waived.
   */
  reorder?: {
    reference: string;
    placedOn: string;
    decorations?: readonly RepeatedDecoration[];
    /** This order's reused artwork: its name here (lower case) → the SHA-256 it was stored with. */
    artwork?: Readonly<Record<string, string>>;
  };
}

export type PriceLineKind =
  'garment' | 'customer_goods' | 'decoration' | 'setup' | 'poly_bags' | 'rush' | 'resale_partner';

/** One line, as a quote line will carry it: quantity × unitCents = totalCents. */
export interface PriceLine {
  kind: PriceLineKind;
  /** The layout's key in the order ("1", "2"…), for every line but the order's own. */
  layout?: string;
  /** The variation's index in its layout (0 is "Garment Details"). */
  variation?: number;
  view?: ViewName;
  /** The decoration's named location, when the customer named one. */
  location?: Location;
  method?: DecorationMethod;
  /** A garment line's size group: the sizes sharing its unit price, with their quantities. */
  sizes?: SizeQuantity[];
  /** A garment the price list marks as children's clothing: its province's rule applies to its taxes. */
  childrens?: boolean;
  quantity: number;
  unitCents: number;
  totalCents: number;
  /** Stands alone on a quote: "Layout 1 · Front · Screen printing, 2 colours". */
  description: Bilingual;
  /** How the amount came about: "55 pieces, 2 colours, price from 48 pieces: $2.20 × 55". */
  reason: Bilingual;
}

export type OnQuoteCode =
  | 'po'
  | 'garments_not_chosen'
  | 'no_quantities'
  | 'sizes_missing'
  | 'sizes_unreadable'
  | 'pieces_unknown'
  | 'garment_not_named'
  | 'garment_unknown'
  | 'size_unknown'
  | 'sizes_needed'
  | 'not_described'
  | 'no_method'
  | 'method_unknown'
  | 'colours_missing'
  | 'size_missing'
  | 'size_unreadable'
  | 'past_last_column'
  | 'too_large'
  | 'no_deadline_date';

/** Something the estimate leaves for the shop to price, and why. */
export interface OnQuoteItem {
  code: OnQuoteCode;
  kind: 'layout' | 'garment' | 'decoration' | 'poly_bags' | 'rush';
  layout?: string;
  variation?: number;
  view?: ViewName;
  location?: Location;
  /** "3 or more colours on the back: priced on your quote". */
  reason: Bilingual;
}

/** From createOrderPricer, the lines and items of each layout are frozen (later answers share them). */
export interface PricedOrder {
  currency: 'CAD';
  date: string;
  /** Null while the order names no province: then no taxes are counted, and a note says so. */
  placeOfSupply: ProvinceCode | null;
  lines: readonly PriceLine[];
  onQuote: readonly OnQuoteItem[];
  /** Minimums and the like: "Screen printing starts at 12 pieces". */
  notes: readonly Bilingual[];
  subtotalCents: number;
  taxes: TaxLine[];
  taxesNotCharged: TaxNotCharged[];
  totalCents: number;
}

export interface LayoutPrice {
  pieces: number | null;
  lines: readonly PriceLine[];
  onQuote: readonly OnQuoteItem[];
  notes: readonly Bilingual[];
}
