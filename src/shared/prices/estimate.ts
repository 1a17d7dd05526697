// An estimate as it is built: its lines, what is left to the quote and its notes; and the price
// list's garments, indexed once per document.
import type { Bilingual, PriceList, PriceListGarment } from './price-list.js';
import { sizeKey } from './size-grid.js';

import type { LayoutPrice, OnQuoteItem, PriceLine } from './price-types.js';

export interface GarmentEntry {
  garment: PriceListGarment;
  /** By sizeKey: the garment's own spelling and its unit price with the upcharge. */
  sizes: Map<string, { size: string; unitCents: number }>;
  hasUpcharge: boolean;
}

export const indexes = new WeakMap<PriceList, Map<string, GarmentEntry>>();

export function garmentIndex(priceList: PriceList): Map<string, GarmentEntry> {
  let index = indexes.get(priceList);
  if (index) return index;
  index = new Map();
  for (const garment of priceList.garments) {
    const upcharges = new Map(Object.entries(garment.sizeUpchargeCents ?? {}).map(([s, c]) => [sizeKey(s), c]));
    const entry: GarmentEntry = {
      garment,
      sizes: new Map(
        garment.sizes.map((size) => [
          sizeKey(size),
          { size, unitCents: garment.unitCents + (upcharges.get(sizeKey(size)) ?? 0) },
        ]),
      ),
      hasUpcharge: [...upcharges.values()].some((c) => c > 0),
    };
    index.set(garment.id.trim().toLowerCase(), entry);
    index.set(garment.name.trim().toLowerCase(), entry);
  }
  indexes.set(priceList, index);
  return index;
}

export class Estimate {
  readonly lines: PriceLine[] = [];
  readonly onQuote: OnQuoteItem[] = [];
  readonly notes: Bilingual[] = [];

  line(l: Omit<PriceLine, 'totalCents'>): void {
    // Every line gets the same shape, absent places as undefined: spreading objects of varying
    // shapes took half the time of a large order.
    this.lines.push({
      kind: l.kind,
      layout: l.layout,
      variation: l.variation,
      view: l.view,
      location: l.location,
      method: l.method,
      sizes: l.sizes,
      quantity: l.quantity,
      unitCents: l.unitCents,
      totalCents: l.quantity * l.unitCents,
      childrens: l.childrens,
      description: l.description,
      reason: l.reason,
    });
  }

  quote(item: OnQuoteItem): void {
    this.onQuote.push(item);
  }

  note(note: Bilingual): void {
    if (!this.notes.some((n) => n.en === note.en)) this.notes.push(note);
  }

  add(part: LayoutPrice): void {
    this.lines.push(...part.lines);
    this.onQuote.push(...part.onQuote);
    for (const note of part.notes) this.note(note);
  }
}
