import { describe, expect, it } from 'vitest';
import { applyMarkup, NO_MARKUP } from './markup.js';

describe('applyMarkup: cost × factor + fixed, raised to the chosen ending', () => {
  it('multiplies by 1 + percent ÷ 100, rounding half a cent up, in whole cents', () => {
    expect(applyMarkup(450, { markupPercent: 40, fixedCents: 0 })).toBe(630);
    // 3.37 × 1.40 = 4.718 → 4.72; 2.25 × 1.50 = 3.375 → 3.38 (half up, no float drift).
    expect(applyMarkup(337, { markupPercent: 40, fixedCents: 0 })).toBe(472);
    expect(applyMarkup(225, { markupPercent: 50, fixedCents: 0 })).toBe(338);
    expect(applyMarkup(1, { markupPercent: 49, fixedCents: 0 })).toBe(1);
    expect(applyMarkup(999, NO_MARKUP)).toBe(999);
  });

  it('adds the fixed amount after the factor', () => {
    expect(applyMarkup(450, { markupPercent: 40, fixedCents: 125 })).toBe(755);
    expect(applyMarkup(0, { markupPercent: 40, fixedCents: 125 })).toBe(125);
  });

  it('raises to the next price with the ending, never lowers', () => {
    const at = (endingCents: number) => ({ markupPercent: 40, fixedCents: 0, endingCents });
    expect(applyMarkup(450, at(99))).toBe(699); // 6.30 → 6.99
    expect(applyMarkup(450, at(0))).toBe(700); // 6.30 → 7.00
    expect(applyMarkup(500, at(0))).toBe(700); // 7.00 stays 7.00
    expect(applyMarkup(713, at(95))).toBe(1095); // 9.98 → 10.95
    expect(applyMarkup(499, { markupPercent: 0, fixedCents: 0, endingCents: 99 })).toBe(499);
    expect(applyMarkup(0, { markupPercent: 0, fixedCents: 0, endingCents: 99 })).toBe(99);
  });
});
