// Supplier price files as published (tests/fixtures/suppliers), read with the owner's markup and
// merged into a price list: docs/prices.md, "Supplier price files".
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import example from './example-price-list.json' with { type: 'json' };
import { readGarmentsCsv } from './garments-csv.js';
import { mergeGarments } from './garments-merge.js';
import { readPriceList, type PriceListGarment } from './price-list.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/suppliers/${name}`, import.meta.url), 'utf8');
const forty = { markupPercent: 40, fixedCents: 0 };

describe('readGarmentsCsv: each supplier’s own columns', () => {
  it('reads SanMar Canada (STYLE#, PRODUCT_TITLE, COLOR_NAME, PIECE_PRICE): the dearest colour per size, marked up', () => {
    const reading = readGarmentsCsv(fixture('sanmar-canada.csv'), forty);
    expect(reading.ok && reading.supplier).toBe('SanMar Canada');
    if (!reading.ok) return;
    expect(reading.rows).toBe(11);
    expect(reading.garments[0]).toEqual({
      id: 'ATC1000',
      name: 'ATC Everyday Cotton Tee',
      colours: ['Black', 'White'],
      sizes: ['S', 'M', 'L', 'XL', '2XL'],
      // Black's 4.18 (dearer than White's 3.72) × 1.40 = 5.852 → 5.85; 2XL 6.08 × 1.40 = 8.512 → 8.51.
      unitCents: 585,
      sizeUpchargeCents: { '2XL': 266 },
      supplier: 'SanMar Canada',
      supplierSku: 'ATC1000',
    });
    expect(reading.garments[1]).toMatchObject({ id: 'ATCF2500', unitCents: 2094, sizeUpchargeCents: { '3XL': 490 } });
  });

  it('reads S&S Activewear Canada (styleName, brandName, colorName, sizeName, customerPrice): named by brand and style', () => {
    const reading = readGarmentsCsv(fixture('ss-activewear-canada.csv'), { ...forty, endingCents: 99 });
    expect(reading.ok && reading.supplier).toBe('S&S Activewear Canada');
    if (!reading.ok) return;
    // The shop's own price (customerPrice 3.10), not the list's piecePrice: 3.10 × 1.40 = 4.34 → 4.99.
    expect(reading.garments.map((g) => [g.id, g.name, g.unitCents, g.sizeUpchargeCents, g.supplierSku])).toEqual([
      ['5000', 'Gildan 5000', 499, { '2XL': 200 }, '5000'],
      ['18500', 'Gildan 18500', 1699, undefined, '18500'],
    ]);
  });

  it('reads alphabroder/Debco (Style, Short Description, Color Name, Piece Price in "$3.25")', () => {
    const reading = readGarmentsCsv(fixture('alphabroder-debco.csv'), {
      markupPercent: 40,
      fixedCents: 50,
      endingCents: 0,
    });
    expect(reading.ok && reading.supplier).toBe('alphabroder / Debco');
    if (!reading.ok) return;
    // 3.25 × 1.40 + 0.50 = 5.05 → 6.00; XXL 4.95 × 1.40 + 0.50 = 7.43 → 8.00.
    expect(reading.garments[0]).toMatchObject({
      id: 'G500',
      name: 'Gildan Adult Heavy Cotton T-Shirt',
      colours: ['Black', 'Navy'],
      sizes: ['S', 'M', 'XXL', 'L'],
      unitCents: 600,
      sizeUpchargeCents: { XXL: 200 },
      supplier: 'alphabroder / Debco',
    });
    // Every file makes a price list that publishes.
    for (const name of ['sanmar-canada.csv', 'ss-activewear-canada.csv', 'alphabroder-debco.csv']) {
      const r = readGarmentsCsv(fixture(name), forty);
      expect(r.ok && readPriceList({ ...example, garments: r.garments }).ok).toBe(true);
    }
  });

  it('the price list keeps the markup and refuses an ending that is not cents', () => {
    const withMarkup = (endingCents: number) => ({
      ...example,
      supplierMarkup: { markupPercent: 40, fixedCents: 25, endingCents },
    });
    expect(readPriceList(withMarkup(99)).ok).toBe(true);
    const refused = readPriceList(withMarkup(100));
    expect(!refused.ok && refused.errors.map((e) => e.message.en)).toEqual([
      'supplierMarkup.endingCents: must be the cents every price ends with, from 0 to 99',
    ]);
  });

  it('a supplier’s file without a price column is refused, its line named', () => {
    const reading = readGarmentsCsv('STYLE#,PRODUCT_TITLE,COLOR_NAME,SIZE\nATC1000,Tee,Black,S\n');
    expect(!reading.ok && reading.errors[0]!.en).toBe(
      'Line 1: no "price" column (the columns are style, name, colour, size, price)',
    );
  });
});

describe('mergeGarments: what an import adds, changes and removes', () => {
  const garment = (id: string, unitCents: number, more: Partial<PriceListGarment> = {}): PriceListGarment => ({
    id,
    name: `Garment ${id}`,
    colours: ['Black'],
    sizes: ['M'],
    unitCents,
    ...more,
  });
  const sanmar = { supplier: 'SanMar Canada' };

  it('changes the styles it lists (keeping the shop’s id and name), adds new ones, removes the supplier’s missing ones, keeps the rest', () => {
    const current = [
      garment('Tee', 500, { ...sanmar, supplierSku: 'ATC1000', name: 'Our tee', childrens: true }),
      garment('OLD1', 700, sanmar),
      garment('G5000', 450, { supplier: 'S&S Activewear Canada' }),
      garment('HOUSE', 900),
      garment('SAME', 300, { ...sanmar, supplierSku: 'SAME' }),
    ];
    const incoming = [
      garment('ATC1000', 585, { ...sanmar, supplierSku: 'ATC1000', sizes: ['S', 'M'], sizeUpchargeCents: { M: 10 } }),
      garment('SAME', 300, { ...sanmar, supplierSku: 'SAME' }),
      garment('NEW2', 1200, { ...sanmar, supplierSku: 'NEW2' }),
    ];
    const merge = mergeGarments(current, incoming, 'SanMar Canada');
    expect(merge.changed).toEqual([{ id: 'Tee', fromCents: 500, toCents: 585 }]);
    expect(merge.added.map((g) => g.id)).toEqual(['NEW2']);
    expect(merge.removed.map((g) => g.id)).toEqual(['OLD1']);
    expect(merge.unchanged).toBe(1);
    expect(merge.garments.map((g) => g.id)).toEqual(['Tee', 'G5000', 'HOUSE', 'SAME', 'NEW2']);
    expect(merge.garments[0]).toEqual({
      id: 'Tee',
      name: 'Our tee',
      childrens: true,
      colours: ['Black'],
      sizes: ['S', 'M'],
      unitCents: 585,
      sizeUpchargeCents: { M: 10 },
      supplier: 'SanMar Canada',
      supplierSku: 'ATC1000',
    });
  });

  it('keeps the shop’s French name, and takes the file’s where the shop had none', () => {
    const current = [
      garment('A', 100, { ...sanmar, nameFr: 'Notre t-shirt' }),
      garment('B', 200, sanmar),
      garment('C', 300, sanmar),
    ];
    const incoming = [
      garment('A', 100, { ...sanmar, nameFr: 'T-shirt A' }),
      garment('B', 200, { ...sanmar, nameFr: 'T-shirt B' }),
      garment('C', 300, sanmar),
    ];
    const merge = mergeGarments(current, incoming, 'SanMar Canada');
    expect(merge.garments.map((g) => g.nameFr)).toEqual(['Notre t-shirt', 'T-shirt B', undefined]);
  });

  it('a plain file (no supplier) removes nothing', () => {
    const merge = mergeGarments([garment('A', 1, sanmar), garment('B', 2)], [garment('C', 3)], null);
    expect(merge.removed).toEqual([]);
    expect(merge.garments.map((g) => g.id)).toEqual(['A', 'B', 'C']);
  });
});
