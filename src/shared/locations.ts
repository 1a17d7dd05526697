// Named decoration locations (docs/product.md, Locations): where on a garment a decoration goes,
// each on one of the four views, with the print size the trade usually gives it. A view's own
// decoration (`viewData[view]`, the published wire format) may name its location; more decorations
// on the same views travel in a layout's optional `extraDecorations`, which a client of the published wire format (docs/architecture.md)
// never sends.
import { VIEWS, type ViewName } from './constants.js';

export const LOCATIONS = [
  'full-front',
  'left-chest',
  'right-chest',
  'pocket',
  'full-back',
  'upper-back',
  'nape',
  'sleeve',
  'cuff',
] as const;
export type Location = (typeof LOCATIONS)[number];

/** The locations of each view, its usual one first (a view's decoration without a location is there). */
export const VIEW_LOCATIONS: Record<ViewName, readonly Location[]> = {
  Front: ['full-front', 'left-chest', 'right-chest', 'pocket'],
  Back: ['full-back', 'upper-back', 'nape'],
  'Left Sleeve': ['sleeve', 'cuff'],
  'Right Sleeve': ['sleeve', 'cuff'],
};

/**
 * The usual print size of each location, in inches: the width range shops quote for it and a
 * typical height, whose ratio gives the missing side when the customer types a width only
 * (a 3.5" left-chest logo is about 3.5 × 2 in, not 3.5 × 3.5).
 */
export const LOCATION_SIZES: Record<
  Location,
  { minWidthIn: number; maxWidthIn: number; widthIn: number; heightIn: number }
> = {
  'full-front': { minWidthIn: 10, maxWidthIn: 12, widthIn: 11, heightIn: 12 },
  'left-chest': { minWidthIn: 3.5, maxWidthIn: 4, widthIn: 3.5, heightIn: 2 },
  'right-chest': { minWidthIn: 3.5, maxWidthIn: 4, widthIn: 3.5, heightIn: 2 },
  pocket: { minWidthIn: 3, maxWidthIn: 4, widthIn: 3.5, heightIn: 2.5 },
  'full-back': { minWidthIn: 10, maxWidthIn: 14, widthIn: 12, heightIn: 14 },
  'upper-back': { minWidthIn: 10, maxWidthIn: 12, widthIn: 11, heightIn: 3.5 },
  nape: { minWidthIn: 2, maxWidthIn: 3, widthIn: 2.5, heightIn: 1.25 },
  sleeve: { minWidthIn: 2.5, maxWidthIn: 4, widthIn: 3, heightIn: 3 },
  cuff: { minWidthIn: 2, maxWidthIn: 3, widthIn: 2.5, heightIn: 1 },
};

/** Width ÷ height of a location's usual print. */
export const locationAspect = (location: Location) =>
  LOCATION_SIZES[location].widthIn / LOCATION_SIZES[location].heightIn;

export const isLocationOf = (view: ViewName, location: unknown): location is Location =>
  VIEW_LOCATIONS[view].includes(location as Location);

/** What the pricing, the imprints and the presentations read of one decoration. */
export interface DecorationDatum {
  image?: string;
  dimensions?: string;
  decoration?: string;
  /** Ink colours (screen printing): a whole number, 1 or more. */
  colours?: number;
  /** The named location on its view (docs/product.md, Locations). */
  location?: string;
  /** The graphic's width ÷ height in pixels, when the form measured it. */
  aspect?: number;
}

/** One decoration of a layout: the view's own (`extra` null) or an extra one (its index). */
export interface PlacedDecoration<D extends DecorationDatum> {
  view: ViewName;
  location: Location;
  /** Whether the customer named the location (a client of the published wire format never does: the view's usual one then). */
  named: boolean;
  extra: number | null;
  datum: D;
}

/**
 * Every decoration of a layout, views in the form's order, each view's own first then its extras
 * in the order given. An extra on an unknown view is skipped (the server's schema refuses it).
 */
export function decorationsOf<D extends DecorationDatum>(layout: {
  viewData?: Partial<Record<ViewName, D>>;
  extraDecorations?: readonly (D & { view: string })[];
}): PlacedDecoration<D>[] {
  const out: PlacedDecoration<D>[] = [];
  const extras = layout.extraDecorations ?? [];
  const place = (view: ViewName, datum: D, extra: number | null) => {
    const named = isLocationOf(view, datum.location);
    out.push({ view, location: named ? (datum.location as Location) : VIEW_LOCATIONS[view][0]!, named, extra, datum });
  };
  for (const view of VIEWS) {
    const own = layout.viewData?.[view];
    if (own) place(view, own, null);
    extras.forEach((datum, index) => {
      if (datum.view === view) place(view, datum, index);
    });
  }
  return out;
}

/** An imprint's place as the production floor stores it: "Front" (a view's usual location, as before) or "Front/left-chest". */
export function imprintPlace(d: { view: ViewName; location: Location; named: boolean }): string {
  return d.named ? `${d.view}/${d.location}` : d.view;
}

/** The view and location of a stored imprint place (older rows hold the view alone). */
export function readImprintPlace(place: string): { view: ViewName; location: Location | null } | null {
  const [view, location] = place.split('/') as [string, string | undefined];
  if (!(VIEWS as readonly string[]).includes(view)) return null;
  const v = view as ViewName;
  return { view: v, location: location !== undefined && isLocationOf(v, location) ? location : null };
}
