import { describe, expect, it } from 'vitest';
import { readQuantity } from './quantities.js';

const total = (text: string) => readQuantity(text)?.total ?? null;

describe('readQuantity: sizes with counts', () => {
  it('reads "S:10, M:20, L:5" as 35, size by size', () => {
    expect(readQuantity('S:10, M:20, L:5')).toEqual({
      total: 35,
      parts: [
        { size: 'S', qty: 10 },
        { size: 'M', qty: 20 },
        { size: 'L', qty: 5 },
      ],
    });
  });

  it.each([
    ['S: 5, M: 10, L: 10, XL: 5', 30],
    ['10 S, 20 M', 30],
    ['S-10 M-20', 30],
    ['XS 2 / S 4', 6],
    ['2XL: 3', 3],
    ['P : 5, M : 10, G : 10, TG : 5', 30],
    ['S10 M20 L5', 35],
    ['10S 20M', 30],
    ['S=10; M=20', 30],
    ['S x 10, M x 20', 30],
    ['S:10\nM:20\nL:5', 35],
    ['s:10, m:20', 30],
    ['Small: 10, Medium: 20, Large: 5, X-Large: 2', 37],
    ['XS:1 S:1 M:1 L:1 XL:1 XXL:1 XXXL:1', 7],
    ['S:10, M:20, 2XL:4, 3XL:2', 36],
    ['S: 10 pcs, M: 20 pcs', 30],
    ['Sizes: S 10 and M 20', 30],
    ['S:10, M:20, L:5 (total 35)', 35],
    ['S:10, M:20 — 30 total', 30],
    ['YS: 4, YM: 6, Youth L: 2', 12],
    ['TP: 1, P: 2, TTG: 3, 2TG: 4', 10],
    ['très grand: 2, petit: 3', 5],
    ['2X: 3, 3X: 1', 4],
    ['OSFA: 24', 24],
    ['S:0, M:10', 10],
    ['Ladies S: 5, Mens S: 5', 10],
    ['Unisexe P : 3, M : 4', 7],
  ])('reads %j as %i', (text, expected) => {
    expect(total(text)).toBe(expected);
  });

  it('keeps "2XL" and "3X" as sizes, never their digit as a count', () => {
    expect(readQuantity('2XL: 3')!.parts).toEqual([{ size: '2XL', qty: 3 }]);
    expect(readQuantity('3 2XL')!.parts).toEqual([{ size: '2XL', qty: 3 }]);
    expect(readQuantity('M 4, 2XL 1')!.parts).toEqual([
      { size: 'M', qty: 4 },
      { size: '2XL', qty: 1 },
    ]);
    expect(readQuantity('12XL')!.parts).toEqual([{ size: 'XL', qty: 12 }]);
  });

  it('names sizes in capitals, French ones as written', () => {
    expect(readQuantity('p : 5, m : 10, g : 10, tg : 5')!.parts.map((p) => p.size)).toEqual(['P', 'M', 'G', 'TG']);
    expect(readQuantity('x-large 2, xx-large 1')!.parts.map((p) => p.size)).toEqual(['XL', 'XXL']);
  });
});

describe('readQuantity: a lone count', () => {
  it.each([
    ['35', 35],
    ['35 pcs', 35],
    ['35 pièces', 35],
    ['35 PIÈCES', 35],
    ['35 shirts', 35],
    ['35 T-shirts', 35],
    ['  35  ', 35],
    ['35 pcs.', 35],
    ['Qty: 35', 35],
    ['Total: 35', 35],
    ['100000', 100_000],
  ])('reads %j as %i', (text, expected) => {
    expect(readQuantity(text)).toEqual({ total: expected, parts: [] });
  });
});

describe('readQuantity: refuses what it cannot read with confidence', () => {
  it.each([
    [''],
    ['   '],
    ['S, M, L'],
    ['S:10, M, L:5'],
    ['assorted sizes'],
    ['S/M: 10'],
    ['10 20'],
    ['S 10, 20 M'],
    ['S:10, M:20, L:5 (total 40)'],
    ['10.5'],
    ['S: 2.5'],
    ['1,000 pcs'],
    ['1 000'],
    ['100001'],
    ['S: 100001'],
    ['S: 60000, M: 60000'],
    ['5145550123'],
    ['0'],
    ['S:0'],
    ['2 XL 3'],
    ['2x10'],
    ['Black: S 10, M 20'],
    ['S 10 M 20 each'],
    ['see attached PO'],
    ['S:10, M:20 total'],
    ['total 10 total 10'],
    ['S: 10 ?'],
    ['S: ~10'],
    ['S: 10, M: 20 💥'],
  ])('%j → null', (text) => {
    expect(readQuantity(text)).toBeNull();
  });
});
