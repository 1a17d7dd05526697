// The Prices page's sample preview (docs/prices.md): the sizes it names are the sizes it prices,
// the documentation's example priced to the cent, and the taxes are those of the shop's province.
import { describe, expect, it } from 'vitest';
import example from '../../../../shared/prices/example-price-list.json';
import { readPriceList, type PriceList } from '../../../../shared/prices/price-list.js';
import { priceOrder } from '../../../../shared/prices/price-order.js';
import type { TaxRegistrations } from '../../../../shared/taxes.js';
import { priceSample } from './price-sample.js';
import { PRICES_MESSAGES } from './prices-messages.js';

function priceList(changes: (list: PriceList) => void = () => {}): PriceList {
  const copy = structuredClone(example) as PriceList;
  changes(copy);
  const read = readPriceList(copy);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.priceList;
}

const QUEBEC_SHOP: TaxRegistrations = { gstHst: true, qst: true, pstProvinces: [] };
const DATE = '2026-05-04';

describe('the price list’s sample preview', () => {
  it('names the sizes it prices: 5 2XL priced with the 2XL upcharge, not XL', () => {
    const list = priceList();
    const sample = priceSample(list, 'QC')!;
    expect(sample.sizes).toEqual([
      { size: 'S', quantity: 10 },
      { size: 'M', quantity: 20 },
      { size: 'L', quantity: 20 },
      { size: '2XL', quantity: 5 },
    ]);
    expect(PRICES_MESSAGES.en.previewSizes(sample.sizes)).toBe('10 S, 20 M, 20 L and 5 2XL');
    expect(PRICES_MESSAGES.fr.previewSizes(sample.sizes)).toBe('10 S, 20 M, 20 L et 5 2XL');
    const priced = priceOrder(list, sample.order, { date: DATE, shopProvince: 'QC', registrations: QUEBEC_SHOP });
    // The documentation's worked example (shared/prices/price-order.test.ts): $573.50, the 2XL
    // upcharge ($2.00 × 5) included; pricing XL would leave it out.
    expect(priced.subtotalCents).toBe(57_350);
  });

  it('shows the taxes of a Quebec shop’s own province: GST and QST, no HST', () => {
    const list = priceList();
    const sample = priceSample(list, 'QC')!;
    const priced = priceOrder(list, sample.order, { date: DATE, shopProvince: 'QC', registrations: QUEBEC_SHOP });
    expect(priced.placeOfSupply).toBe('QC');
    expect(priced.taxes.map((t) => [t.code, t.amountCents])).toEqual([
      ['GST', 2_868],
      ['QST', 5_721],
    ]);
    expect(priced.totalCents).toBe(65_939);
    expect(PRICES_MESSAGES.fr.previewIntro('…', 'Québec')).toContain('livrée dans la province de la boutique (Québec)');
  });

  it('takes the first four sizes of a garment with none of the documented ones, and says so', () => {
    const list = priceList((copy) => {
      copy.garments[0]!.sizes = ['YS', 'YM', 'YL', 'YXL', 'OS'];
      copy.garments[0]!.sizeUpchargeCents = {};
    });
    const sample = priceSample(list, 'ON')!;
    expect(PRICES_MESSAGES.en.previewSizes(sample.sizes)).toBe('10 YS, 20 YM, 20 YL and 5 YXL');
    expect(sample.order.layouts['1']?.variations?.[0]?.sizes).toBe('YS:10, YM:20, YL:20, YXL:5');
  });

  it('has nothing to price without a garment', () => {
    expect(
      priceSample(
        priceList((copy) => (copy.garments = [])),
        'QC',
      ),
    ).toBeNull();
  });
});
