import { describe, expect, it } from 'vitest';
import { computeQuote } from './quote.js';
import { lineTaxNames, taxedAlike } from './line-taxes.js';

const quote = (province: string, lines: Parameters<typeof computeQuote>[0]) => {
  const result = computeQuote(lines, { province, date: '2026-03-02' });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.quote;
};
const TEES = { description: 'Tees', quantity: 10, unitPriceCents: 1000, taxable: true };

describe('lineTaxNames and taxedAlike', () => {
  it('names the taxes of each line in the reader’s language', () => {
    const q = quote('BC', [TEES, { ...TEES, childrens: true }, { ...TEES, taxable: false }]);
    expect(taxedAlike(q)).toBe(false);
    expect(lineTaxNames(q, 'en')).toEqual([['GST', 'PST'], ['GST'], []]);
    expect(lineTaxNames(q, 'fr')).toEqual([['TPS', 'TVP'], ['TPS'], []]);
  });

  it('tells two tax lines of one name apart by their rate (Ontario’s children’s clothing)', () => {
    const q = quote('ON', [TEES, { ...TEES, childrens: true }]);
    expect(lineTaxNames(q, 'en')).toEqual([['HST (13%)'], ['HST (5%)']]);
    expect(lineTaxNames(q, 'fr')).toEqual([['TVH (13\u00a0%)'], ['TVH (5\u00a0%)']]);
  });

  it('says nothing to mark when every line pays the same, or the document predates line taxes', () => {
    const q = quote('QC', [TEES, { ...TEES, description: 'Hoodies' }]);
    expect(taxedAlike(q)).toBe(true);
    expect(taxedAlike(quote('QC', [TEES, { ...TEES, notTaxed: ['qst'] }]))).toBe(false);
    const { lineTaxKeys: _, ...older } = q;
    expect(taxedAlike(older)).toBe(true);
    expect(lineTaxNames(older, 'en')).toBeNull();
  });
});
