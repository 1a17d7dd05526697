// A layout's garments: each variation's sizes read and priced from the list's garments, one line
// per unit price; what cannot be priced goes to the quote with its reason (docs/prices.md).
import { colourName } from '../colour-names.js';
import { type QuantityReading, type SizeQuantity } from '../quantities.js';
import type { PriceList } from './price-list.js';
import { sizeKey } from './size-grid.js';

import type { PricingVariation } from './price-types.js';
import { Estimate, garmentIndex } from './estimate.js';
import { layoutName, money, onYourQuote, piecesText, say, sizesList, variationLabel } from './price-words.js';

export function priceGarments(
  priceList: PriceList,
  estimate: Estimate,
  layout: string,
  variation: number,
  v: PricingVariation,
  reading: QuantityReading,
): void {
  const at = { layout, variation };
  const colour = (l: 'en' | 'fr') => (v.color?.trim() ? `, ${colourName(v.color, l)}` : '');
  if (v.supplyingGoods === 'yes') {
    const unit = priceList.customerGoodsCents;
    const what = (l: 'en' | 'fr') => v.type.trim() + colour(l);
    estimate.line({
      kind: 'customer_goods',
      ...at,
      quantity: reading.total,
      unitCents: unit,
      description: say((l) =>
        l === 'en'
          ? `${layoutName(layout, l)} · Goods supplied by the customer${what(l) ? ` (${what(l)})` : ''}`
          : `${layoutName(layout, l)} · Marchandise fournie par le client${what(l) ? ` (${what(l)})` : ''}`,
      ),
      reason: say((l) =>
        l === 'en'
          ? `${piecesText(reading.total, l)} supplied by you: ${money(unit, l)} × ${reading.total}`
          : `${piecesText(reading.total, l)} fournies par vous\u00a0: ${money(unit, l)} × ${reading.total}`,
      ),
    });
    return;
  }
  const type = v.type.trim();
  if (!type) {
    estimate.quote({
      code: 'garment_not_named',
      kind: 'garment',
      ...at,
      reason: onYourQuote(
        (l) => `${variationLabel(v, variation, l)}${l === 'en' ? ', no garment named' : ', aucun vêtement précisé'}`,
      ),
    });
    return;
  }
  const entry = garmentIndex(priceList).get(type.toLowerCase());
  if (!entry) {
    estimate.quote({
      code: 'garment_unknown',
      kind: 'garment',
      ...at,
      reason: onYourQuote((l) =>
        l === 'en' ? `“${type}”, not in our list` : `«\u00a0${type}\u00a0», absent de notre liste`,
      ),
    });
    return;
  }
  const { garment } = entry;
  // The garment's French name in French, where the list gives one (a Quebec shop's documents print it).
  const named = (l: 'en' | 'fr') => (l === 'fr' && garment.nameFr ? garment.nameFr : garment.name);
  const describe = (sizes: readonly SizeQuantity[]) =>
    say((l) => `${layoutName(layout, l)} · ${named(l)}${colour(l)}${sizes.length > 0 ? ` · ${sizesList(sizes)}` : ''}`);

  if (reading.parts.length === 0) {
    // "35 pcs": one price fits only when no size costs more.
    if (entry.hasUpcharge) {
      estimate.quote({
        code: 'sizes_needed',
        kind: 'garment',
        ...at,
        reason: onYourQuote((l) =>
          l === 'en'
            ? `${named(l)}, sizes not given (the price depends on the size)`
            : `${named(l)}, tailles non précisées (le prix dépend de la taille)`,
        ),
      });
      return;
    }
    estimate.line({
      kind: 'garment',
      ...at,
      childrens: garment.childrens,
      quantity: reading.total,
      unitCents: garment.unitCents,
      description: describe([]),
      reason: say((l) => `${money(garment.unitCents, l)} × ${reading.total}`),
    });
    return;
  }

  // One line per unit price, its sizes in the order the customer wrote them.
  const groups = new Map<number, SizeQuantity[]>();
  for (const part of reading.parts) {
    const size = entry.sizes.get(sizeKey(part.size));
    if (!size) {
      estimate.quote({
        code: 'size_unknown',
        kind: 'garment',
        ...at,
        reason: onYourQuote((l) =>
          l === 'en'
            ? `${named(l)} in ${part.size}, not in our list`
            : `${named(l)} en ${part.size}, absent de notre liste`,
        ),
      });
      continue;
    }
    const group = groups.get(size.unitCents) ?? [];
    const same = group.find((g) => g.size === size.size);
    if (same) same.qty += part.qty;
    else group.push({ size: size.size, qty: part.qty });
    groups.set(size.unitCents, group);
  }
  for (const [unit, sizes] of groups) {
    const quantity = sizes.reduce((sum, s) => sum + s.qty, 0);
    const upcharge = unit - garment.unitCents;
    const names = sizes.map((s) => s.size).join(', ');
    estimate.line({
      kind: 'garment',
      ...at,
      childrens: garment.childrens,
      sizes,
      quantity,
      unitCents: unit,
      description: describe(sizes),
      reason: say((l) =>
        upcharge === 0
          ? `${money(unit, l)} × ${quantity}`
          : `${money(garment.unitCents, l)} + ${money(upcharge, l)} (${names}) = ${money(unit, l)} × ${quantity}`,
      ),
    });
  }
}
