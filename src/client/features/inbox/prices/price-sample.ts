// The sample order the Prices page's preview prices (docs/prices.md, "The worked example"): 10 S,
// 20 M, 20 L and 5 2XL of the first garment (its first four sizes for a garment with none of
// these), shipped within the shop's own province so that the taxes shown are the ones the shop
// charges most. What the preview says it priced is read from the same sample, so the words and
// the amounts (all from shared/prices/price-order.ts) always agree.
import type { ProvinceCode } from '../../../../shared/constants.js';
import type { PriceList } from '../../../../shared/prices/price-list.js';
import type { PricingOrder } from '../../../../shared/prices/price-order.js';
import { sizeKey, sizesToText, type SizeBox } from '../../../../shared/prices/size-grid.js';

const DOCUMENTED: readonly SizeBox[] = [
  { size: 'S', quantity: 10 },
  { size: 'M', quantity: 20 },
  { size: 'L', quantity: 20 },
  { size: '2XL', quantity: 5 },
];

export interface PriceSample {
  order: PricingOrder;
  /** The sizes priced, as the garment names them, with their quantities. */
  sizes: SizeBox[];
  province: ProvinceCode;
}

/** The sample for this list and the shop's province, or null while the list has no garment. */
export function priceSample(priceList: PriceList, province: ProvinceCode): PriceSample | null {
  const garment = priceList.garments[0];
  if (!garment) return null;
  const own = (wanted: string) => garment.sizes.find((size) => sizeKey(size) === sizeKey(wanted));
  const documented = DOCUMENTED.flatMap((box) => {
    const size = own(box.size);
    return size ? [{ size, quantity: box.quantity }] : [];
  });
  const sizes =
    documented.length > 0
      ? documented
      : garment.sizes.slice(0, DOCUMENTED.length).map((size, i) => ({ size, quantity: DOCUMENTED[i]!.quantity }));
  return {
    sizes,
    province,
    order: {
      isResalePartner: false,
      includePolyBags: false,
      layouts: {
        '1': {
          garmentOption: 'pick',
          variations: [
            { type: garment.id, color: garment.colours[0] ?? '', sizes: sizesToText(sizes), supplyingGoods: 'no' },
          ],
          viewData: {
            Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 },
            Back: { image: '', dimensions: '4"', decoration: 'dtf' },
          },
          billing: { province },
          shipping: { province, sameAsBilling: true, localPickup: false },
          deadline: { hasCriticalDeadline: false, date: '' },
        },
      },
    },
  };
}
