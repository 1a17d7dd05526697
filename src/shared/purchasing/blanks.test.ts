import { describe, expect, it } from 'vitest';
import type { PriceList } from '../prices/price-list.js';
import { blanksOfOrder, lineShort, shortages, toOrder, withOverage, type BlanksLayout } from './blanks.js';

const list = {
  garments: [
    {
      id: 'G5000',
      name: 'Gildan 5000 T-shirt',
      colours: [],
      sizes: ['S', 'M', 'L', 'XL', '2XL'],
      unitCents: 500,
      supplier: 'SanMar Canada',
      supplierSku: '5000-SM',
    },
    { id: 'ATC1000', name: 'ATC Everyday tee', colours: [], sizes: ['S', 'M', 'L'], unitCents: 400 },
  ],
} as unknown as PriceList;

const layout = (variations: BlanksLayout['variations'], garmentOption = 'pick'): BlanksLayout => ({
  garmentOption,
  variations,
});

describe('blanksOfOrder', () => {
  it('reads what the shop supplies by size, with the list’s supplier, SKU and size spelling', () => {
    const { needs, unread } = blanksOfOrder(
      'o1',
      {
        '1': layout([
          { type: 'gildan 5000 t-shirt', color: ' Black ', sizes: 'S:10, m:20, XXL 2', supplyingGoods: 'no' },
          { type: 'G5000', color: 'White', sizes: 'S:5', supplyingGoods: 'yes' },
        ]),
        '2': layout([{ type: 'Bella 3001', color: 'Red', sizes: '35 pcs', supplyingGoods: '' }]),
        '3': layout([{ type: 'G5000', color: 'Red', sizes: 'S:5', supplyingGoods: 'no' }], 'po'),
      },
      list,
    );
    expect(needs.map((n) => [n.supplier, n.style, n.sku, n.colour, n.size, n.qty])).toEqual([
      ['SanMar Canada', 'G5000', '5000-SM', 'Black', 'S', 10],
      ['SanMar Canada', 'G5000', '5000-SM', 'Black', 'M', 20],
      ['SanMar Canada', 'G5000', '5000-SM', 'Black', '2XL', 2],
      ['', 'Bella 3001', 'Bella 3001', 'Red', '', 35],
    ]);
    expect(unread).toEqual([]);
  });

  it('never guesses: sizes it cannot read, or no garment named, go to the clerk', () => {
    const { needs, unread } = blanksOfOrder(
      'o1',
      { '1': layout([{ type: 'G5000', color: 'Black', sizes: 'a few', supplyingGoods: 'no' }]) },
      list,
    );
    expect(needs).toEqual([]);
    expect(unread).toEqual([{ orderId: 'o1', layout: '1', style: 'G5000', colour: 'Black', sizes: 'a few' }]);
  });
});

describe('withOverage', () => {
  it('rounds up to a whole garment', () => {
    expect(withOverage(10, 2)).toBe(11);
    expect(withOverage(50, 2)).toBe(51);
    expect(withOverage(51, 2)).toBe(53);
    expect(withOverage(100, 0)).toBe(100);
    expect(withOverage(0, 5)).toBe(0);
  });
});

describe('toOrder', () => {
  it('sums jobs by supplier, style, colour and size, adds the overage per style and colour, the unnamed supplier last', () => {
    const a = blanksOfOrder(
      'a',
      { '1': layout([{ type: 'G5000', color: 'Black', sizes: 'M:20, S:10', supplyingGoods: 'no' }]) },
      list,
    );
    const b = blanksOfOrder(
      'b',
      {
        '1': layout([
          { type: 'g5000', color: 'black', sizes: 's:40', supplyingGoods: 'no' },
          { type: 'ATC1000', color: 'Navy', sizes: 'L:3', supplyingGoods: 'no' },
        ]),
      },
      list,
    );
    const groups = toOrder([...a.needs, ...b.needs], 2);
    expect(groups.map((g) => g.supplier)).toEqual(['SanMar Canada', '']);
    const sanmar = groups[0]!;
    expect(sanmar.lines.map((l) => [l.sku, l.colour, l.size, l.needed, l.quantity])).toEqual([
      ['5000-SM', 'Black', 'S', 50, 51],
      ['5000-SM', 'Black', 'M', 20, 21],
    ]);
    expect(sanmar.lines[0]!.orders).toEqual([
      { orderId: 'a', qty: 10 },
      { orderId: 'b', qty: 40 },
    ]);
    expect(sanmar.pieces).toBe(72);
    expect(groups[1]!.lines.map((l) => [l.style, l.quantity])).toEqual([['ATC1000', 4]]);
  });
});

describe('the overage on a style and colour', () => {
  const twenty = () =>
    blanksOfOrder(
      'a',
      { '1': layout([{ type: 'G5000', color: 'Black', sizes: 'S:3, M:7, L:6, XL:4', supplyingGoods: 'no' }]) },
      list,
    ).needs;
  const quantities = (percent: number) =>
    toOrder(twenty(), percent)[0]!.lines.map((l) => [l.size, l.needed, l.quantity]);

  it('is 2% of the total (1 piece of 20), not one a size line, on the largest size', () => {
    expect(quantities(2)).toEqual([
      ['S', 3, 3],
      ['M', 7, 7],
      ['L', 6, 6],
      ['XL', 4, 5],
    ]);
    expect(toOrder(twenty(), 2)[0]!.pieces).toBe(21);
  });

  it('spreads more spares from the largest size down, round again when they outnumber the sizes', () => {
    // 10% of 20 is 2: XL and L.
    expect(quantities(10).map((q) => q[2])).toEqual([3, 7, 7, 5]);
    // 30% of 20 is 6 over four sizes: each one, then XL and L again.
    expect(quantities(30).map((q) => q[2])).toEqual([4, 8, 8, 6]);
    expect(quantities(0).map((q) => q[2])).toEqual([3, 7, 6, 4]);
  });

  it('counts each colour on its own', () => {
    const needs = blanksOfOrder(
      'a',
      {
        '1': layout([
          { type: 'G5000', color: 'Black', sizes: 'M:10', supplyingGoods: 'no' },
          { type: 'G5000', color: 'White', sizes: 'M:10', supplyingGoods: 'no' },
        ]),
      },
      list,
    ).needs;
    expect(toOrder(needs, 2)[0]!.lines.map((l) => [l.colour, l.quantity])).toEqual([
      ['Black', 11],
      ['White', 11],
    ]);
  });
});

describe('shortages', () => {
  const line = (received: number, damaged: number) => ({
    style: 'G5000',
    colour: 'Black',
    size: 'M',
    received,
    damaged,
    needs: [
      { orderId: 'late', qty: 10, dueOn: '2026-12-10' },
      { orderId: 'soon', qty: 10, dueOn: '2026-12-01' },
    ],
  });

  it('gives good garments to the soonest due job first', () => {
    const short = shortages([line(15, 2)]);
    expect(short.get('soon')).toBeUndefined();
    expect(short.get('late')).toEqual([{ style: 'G5000', colour: 'Black', size: 'M', qty: 7 }]);
  });

  it('is empty once every job has its garments, overage or not', () => {
    expect(shortages([line(21, 1)]).size).toBe(0);
    expect(shortages([line(0, 0)]).get('soon')).toEqual([{ style: 'G5000', colour: 'Black', size: 'M', qty: 10 }]);
  });

  it('says what a line still waits for', () => {
    expect(lineShort({ quantity: 21, received: 20, damaged: 3 })).toBe(4);
    expect(lineShort({ quantity: 21, received: 25, damaged: 0 })).toBe(0);
  });
});
