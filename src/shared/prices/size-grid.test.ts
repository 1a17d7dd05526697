import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readQuantity } from '../quantities.js';
import { readSizeBoxes, sizeKey, sizesToText, teamSizesWithExtras } from './size-grid.js';

const G5000 = ['S', 'M', 'L', 'XL', '2XL', '3XL'];

describe('sizesToText', () => {
  it('writes the boxes as the reader reads them, leaving out empty boxes and zeros', () => {
    const text = sizesToText([
      { size: 'S', quantity: 10 },
      { size: 'M', quantity: 20 },
      { size: 'L', quantity: 20 },
      { size: 'XL', quantity: 0 },
      { size: '2XL', quantity: 5 },
      { size: '3XL', quantity: Number.NaN },
    ]);
    expect(text).toBe('S:10, M:20, L:20, 2XL:5');
    expect(readQuantity(text)?.total).toBe(55);
  });

  it('writes nothing for empty boxes', () => {
    expect(sizesToText([])).toBe('');
    expect(sizesToText([{ size: 'S', quantity: 0 }])).toBe('');
  });
});

describe('readSizeBoxes', () => {
  it('fills the boxes from text the reader understands, in the garment’s order and spelling', () => {
    expect(readSizeBoxes('2xl 5, small 10, M:20, l-20', G5000)).toEqual([
      { size: 'S', quantity: 10 },
      { size: 'M', quantity: 20 },
      { size: 'L', quantity: 20 },
      { size: '2XL', quantity: 5 },
    ]);
    expect(readSizeBoxes('XXL: 2, xxxl: 1', G5000)).toEqual([
      { size: '2XL', quantity: 2 },
      { size: '3XL', quantity: 1 },
    ]);
  });

  it('adds up a size written twice, as the piece count does', () => {
    expect(readSizeBoxes('S:10, S:5', G5000)).toEqual([{ size: 'S', quantity: 15 }]);
  });

  it('empties the boxes for blank text', () => {
    expect(readSizeBoxes('  ', G5000)).toEqual([]);
  });

  it('leaves the boxes empty (null) for text the reader cannot read by size', () => {
    for (const text of ['lots of mediums', 'S 10, 20 M', '35 pcs', 'S:2.5', 'S:0', 'M:1000000', 'S', 'call me']) {
      expect(readSizeBoxes(text, G5000), text).toBeNull();
    }
  });

  it('leaves the boxes empty for a size the garment does not have', () => {
    expect(readSizeBoxes('XS:2, M:10', G5000)).toBeNull();
    expect(readSizeBoxes('P:5, G:5', G5000)).toBeNull();
    expect(readSizeBoxes('P:5, G:5', ['P', 'M', 'G', 'TG'])).toEqual([
      { size: 'P', quantity: 5 },
      { size: 'G', quantity: 5 },
    ]);
  });

  it('round-trips any boxes through the text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: G5000.length, maxLength: G5000.length }),
        (quantities) => {
          const boxes = G5000.map((size, i) => ({ size, quantity: quantities[i]! }));
          const filled = boxes.filter((b) => b.quantity > 0);
          expect(readSizeBoxes(sizesToText(boxes), G5000)).toEqual(filled);
        },
      ),
    );
  });
});

describe('sizeKey', () => {
  it('spells a size one way', () => {
    expect(['2xl', 'XXL', ' 2X ', '2XL'].map(sizeKey)).toEqual(['2XL', '2XL', '2XL', '2XL']);
    expect(['xxxl', '3x', 'xxs', 'xl', 'm', 'tg'].map(sizeKey)).toEqual(['3XL', '3XL', '2XS', 'XL', 'M', 'TG']);
  });
});

describe('teamSizesWithExtras', () => {
  const counts = [
    { size: 'S', quantity: 0 },
    { size: 'M', quantity: 1 },
    { size: 'L', quantity: 1 },
    { size: 'XL', quantity: 0 },
  ];
  it('adds the organiser’s own pieces to the entries, in the garment’s order', () => {
    expect(teamSizesWithExtras(counts, 'XL:4, S:3, m:7, L:6')).toBe('S:3, M:8, L:7, XL:4');
    expect(teamSizesWithExtras(counts, '')).toBe('M:1, L:1');
  });
  it('refuses pieces the garment’s sizes cannot hold', () => {
    expect(teamSizesWithExtras(counts, '3XL:1')).toBeNull();
    expect(teamSizesWithExtras(counts, 'a dozen')).toBeNull();
  });
});
