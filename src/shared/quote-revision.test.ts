import { describe, expect, it } from 'vitest';
import { quoteLineChanges, reviseQuoteLines, type PricedQuoteLine } from './quote-revision.js';

const reason = (en: string) => ({ en, fr: en });
const line = (
  description: string,
  quantity: number,
  unitPriceCents: number,
  kind?: PricedQuoteLine['kind'],
): PricedQuoteLine => ({
  description,
  quantity,
  unitPriceCents,
  taxable: true,
  needsPrice: false,
  ...(kind ? { kind } : {}),
  reason: reason(`${unitPriceCents} × ${quantity}`),
});
const sentOf = (l: PricedQuoteLine, unitPriceCents = l.unitPriceCents) => ({
  description: l.description,
  quantity: l.quantity,
  unitPriceCents,
  taxable: l.taxable,
});

describe('reviseQuoteLines', () => {
  // The order as approved (2 tees) and as it stands (20), both priced by today's list.
  const before = [
    line('Layout 1 · G5000, Black · M, L', 2, 1500, 'garment'),
    line('Layout 1 · Front · Screen printing', 2, 900, 'decoration'),
    line('Rush (25%)', 1, 1200, 'rush'),
  ];
  const now = [
    line('Layout 1 · G5000, Black · S, M, L, XL', 20, 1300, 'garment'),
    line('Layout 1 · Front · Screen printing', 20, 400, 'decoration'),
    line('Layout 1 · Back · Embroidery', 20, 700, 'decoration'),
    line('Rush (25%)', 1, 12000, 'rush'),
  ];

  it('prices the order as it stands: quantities, quantity breaks, the rush and each explanation follow', () => {
    const revised = reviseQuoteLines(
      before.map((l) => sentOf(l)),
      before,
      now,
    );
    expect(revised.map((l) => [l.description, l.quantity, l.unitPriceCents, l.was, l.byHand])).toEqual([
      ['Layout 1 · G5000, Black · S, M, L, XL', 20, 1300, 0, false],
      ['Layout 1 · Front · Screen printing', 20, 400, 1, false],
      // Added by the order's change, before the rush, which applies to it too.
      ['Layout 1 · Back · Embroidery', 20, 700, null, false],
      ['Rush (25%)', 1, 12000, 2, false],
    ]);
    expect(revised[0]!.reason).toEqual(reason('1300 × 20'));
  });

  it("keeps the clerk's own price (marked) and own line, and leaves out a line the clerk removed", () => {
    const sent = [
      sentOf(before[0]!, 1400), // the clerk's price
      { description: 'Artwork clean-up', quantity: 1, unitPriceCents: 2500, taxable: false },
      sentOf(before[2]!),
    ];
    const revised = reviseQuoteLines(sent, before, now);
    expect(revised.map((l) => [l.description, l.quantity, l.unitPriceCents, l.taxable, l.was, l.byHand])).toEqual([
      ['Layout 1 · G5000, Black · S, M, L, XL', 20, 1400, true, 0, true],
      ['Artwork clean-up', 1, 2500, false, 1, true],
      ['Layout 1 · Back · Embroidery', 20, 700, true, null, false],
      ['Rush (25%)', 1, 12000, true, 2, false],
    ]);
    // The front print the clerk took out stays out.
    expect(revised.some((l) => l.description.includes('Front'))).toBe(false);
  });

  it('drops a list line the order no longer has', () => {
    const revised = reviseQuoteLines(
      before.map((l) => sentOf(l)),
      before,
      [now[0]!],
    );
    expect(revised.map((l) => l.description)).toEqual(['Layout 1 · G5000, Black · S, M, L, XL']);
  });

  it('gives a list line the list’s French description now, unless the clerk rewrote it', () => {
    const fr = (l: PricedQuoteLine, descriptionFr: string): PricedQuoteLine => ({ ...l, descriptionFr });
    const frBefore = [
      fr(before[0]!, 'Design 1 · G5000, Noir · M, L'),
      fr(before[1]!, 'Design 1 · Devant · Sérigraphie'),
    ];
    const frNow = [fr(now[0]!, 'Design 1 · G5000, Noir · S, M, L, XL'), fr(now[1]!, 'Design 1 · Devant · Sérigraphie')];
    const sent = [
      { ...sentOf(frBefore[0]!), descriptionFr: 'Design 1 · G5000, Noir · M, L' },
      { ...sentOf(frBefore[1]!), descriptionFr: 'Impression sérigraphique à l’avant' },
    ];
    const revised = reviseQuoteLines(sent, frBefore, frNow);
    expect(revised.map((l) => l.descriptionFr)).toEqual([
      'Design 1 · G5000, Noir · S, M, L, XL',
      'Impression sérigraphique à l’avant',
    ]);
  });
});

describe('quoteLineChanges', () => {
  it('gives each line its quantity, unit price and amount before and after, added and removed', () => {
    const before = [
      { description: 'Tees', quantity: 2, unitPriceCents: 1500, taxable: true },
      { description: 'Setup', quantity: 1, unitPriceCents: 3000, taxable: true },
      { description: 'Bags', quantity: 2, unitPriceCents: 25, taxable: true },
    ];
    const after = [
      { description: 'Tees, S to XL', quantity: 20, unitPriceCents: 1300, taxable: true, was: 0 },
      { description: 'Setup', quantity: 1, unitPriceCents: 3000, taxable: true, was: 1 },
      { description: 'Back print', quantity: 20, unitPriceCents: 700, taxable: true, was: null },
    ];
    expect(quoteLineChanges(before, after)).toEqual([
      {
        description: 'Tees, S to XL',
        change: 'changed',
        before: { quantity: 2, unitPriceCents: 1500, amountCents: 3000 },
        after: { quantity: 20, unitPriceCents: 1300, amountCents: 26000 },
      },
      {
        description: 'Setup',
        change: 'same',
        before: { quantity: 1, unitPriceCents: 3000, amountCents: 3000 },
        after: { quantity: 1, unitPriceCents: 3000, amountCents: 3000 },
      },
      {
        description: 'Back print',
        change: 'added',
        before: null,
        after: { quantity: 20, unitPriceCents: 700, amountCents: 14000 },
      },
      {
        description: 'Bags',
        change: 'removed',
        before: { quantity: 2, unitPriceCents: 25, amountCents: 50 },
        after: null,
      },
    ]);
  });

  it('matches a line without its origin (a saved draft) by its description', () => {
    const before = [{ description: 'Tees', quantity: 2, unitPriceCents: 1500, taxable: true }];
    const after = [{ description: 'Tees', quantity: 5, unitPriceCents: 1500, taxable: true }];
    expect(quoteLineChanges(before, after).map((c) => [c.change, c.after?.amountCents])).toEqual([['changed', 7500]]);
  });
});
