// What a reorder's setup waiver knows of the order it repeats (docs/prices.md,
// reorderSetupWaiverMonths), built alike by the form (from GET /api/portal/orders/:id/reorder) and
// by the server (from the database) from the repeated order as stored: its decorations with the
// SHA-256 of their artwork, and which of the new order's files are its stored files reused.
import { DECORATION_METHODS, type DecorationMethod, type ViewName } from '../constants.js';
import { decorationsOf, type Location } from '../locations.js';
import type { PricingOrder } from './price-types.js';

/** One decoration of the repeated order, garment-independent: where, how, and with which artwork. */
export interface RepeatedDecoration {
  view: ViewName;
  /** Its named location, or the view's usual one. */
  location: Location;
  method: DecorationMethod;
  /** SHA-256 of its artwork file, when one was stored with it. */
  artwork?: string;
  /** Screen printing: its ink colours, one screen each. */
  colours?: number;
}

/** A file name as an order's references compare it. */
export const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * The decorations of an order as stored (its references name its attachments), with the SHA-256
 * of each one's artwork from `files`, the order's attachments.
 */
export function repeatedDecorations(
  order: PricingOrder,
  files: readonly { name: string; sha256: string }[],
): RepeatedDecoration[] {
  const shaOf = new Map(files.map((f) => [nameKey(f.name), f.sha256]));
  const out: RepeatedDecoration[] = [];
  for (const layout of Object.values(order.layouts)) {
    for (const { view, location, datum } of decorationsOf(layout)) {
      const method = DECORATION_METHODS.find((m) => m === datum.decoration);
      if (!method) continue;
      const artwork = datum.image?.trim() ? shaOf.get(nameKey(datum.image)) : undefined;
      out.push({
        view,
        location,
        method,
        ...(artwork ? { artwork } : {}),
        ...(datum.colours ? { colours: datum.colours } : {}),
      });
    }
  }
  return out;
}

/**
 * The new order's artwork that is the repeated order's own: each reused stored file by the name
 * the new order gives it (lower case), with the SHA-256 it was stored with. A file uploaded anew
 * is not in it, even with the same bytes: the form cannot know its SHA-256 before it is sent.
 */
export function reusedArtwork(
  reused: readonly { id: string; name: string }[],
  stored: ReadonlyMap<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of reused) {
    const sha = stored.get(f.id);
    if (sha) out[nameKey(f.name)] = sha;
  }
  return out;
}
