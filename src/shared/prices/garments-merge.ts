// A supplier's garments merged into the price list's (docs/prices.md, "Supplier price files"):
// what the import will add, change and remove, shown before anything is applied. A style already
// listed keeps its id, its names as the shop wrote them (the file's French name when it had none) and its other fields, and takes the file's
// colours, sizes and prices; a garment of the same supplier missing from the file is removed
// (the supplier no longer sells it); garments of other suppliers, or of none, stay as they are.
import type { PriceListGarment } from './price-list.js';

export interface GarmentChange {
  id: string;
  fromCents: number;
  toCents: number;
}

export interface GarmentsMerge {
  garments: PriceListGarment[];
  added: PriceListGarment[];
  changed: GarmentChange[];
  removed: PriceListGarment[];
  unchanged: number;
}

const key = (text: string) => text.trim().toLowerCase();

const sameOffer = (a: PriceListGarment, b: PriceListGarment) =>
  a.unitCents === b.unitCents &&
  a.supplier === b.supplier &&
  a.supplierSku === b.supplierSku &&
  JSON.stringify(a.sizes) === JSON.stringify(b.sizes) &&
  JSON.stringify(a.colours) === JSON.stringify(b.colours) &&
  JSON.stringify(a.sizeUpchargeCents ?? {}) === JSON.stringify(b.sizeUpchargeCents ?? {});

/** `incoming` (one supplier's file, read by readGarmentsCsv) merged into `current`, in current's order, new styles last. */
export function mergeGarments(
  current: readonly PriceListGarment[],
  incoming: readonly PriceListGarment[],
  supplier: string | null,
): GarmentsMerge {
  const byId = new Map(incoming.map((g) => [key(g.id), g]));
  const matched = new Set<string>();
  const garments: PriceListGarment[] = [];
  const changed: GarmentChange[] = [];
  const removed: PriceListGarment[] = [];
  let unchanged = 0;
  for (const before of current) {
    const fresh = byId.get(key(before.supplierSku ?? before.id)) ?? byId.get(key(before.id));
    if (fresh && !matched.has(key(fresh.id))) {
      matched.add(key(fresh.id));
      const { sizeUpchargeCents: _old, ...kept } = before;
      const after: PriceListGarment = {
        ...kept,
        ...(kept.nameFr === undefined && fresh.nameFr !== undefined ? { nameFr: fresh.nameFr } : {}),
        colours: fresh.colours,
        sizes: fresh.sizes,
        unitCents: fresh.unitCents,
        ...(fresh.sizeUpchargeCents ? { sizeUpchargeCents: fresh.sizeUpchargeCents } : {}),
        ...(fresh.supplier ? { supplier: fresh.supplier } : {}),
        ...(fresh.supplierSku ? { supplierSku: fresh.supplierSku } : {}),
      };
      garments.push(after);
      if (sameOffer(before, after)) unchanged++;
      else changed.push({ id: before.id, fromCents: before.unitCents, toCents: after.unitCents });
    } else if (supplier && before.supplier && key(before.supplier) === key(supplier)) {
      removed.push(before);
    } else {
      garments.push(before);
    }
  }
  const added = incoming.filter((g) => !matched.has(key(g.id)));
  garments.push(...added);
  return { garments, added, changed, removed, unchanged };
}
