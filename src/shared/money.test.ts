import { describe, expect, it } from 'vitest';
import { applyRate, formatCents } from './money.js';

describe('applyRate', () => {
  it('rounds half-up to the cent, once', () => {
    expect(applyRate(57_350, 13_000)).toBe(7_456); // 7,455.5
    expect(applyRate(57_350, 25_000)).toBe(14_338); // 14,337.5
    expect(applyRate(57_350, 9_975)).toBe(5_721); // 5,720.6625
    expect(applyRate(1_001, 10_000)).toBe(100); // 100.1
    expect(applyRate(0, 25_000)).toBe(0);
  });

  it('stays exact past 2^53', () => {
    expect(applyRate(9_007_199_254_740_991, 100_000)).toBe(9_007_199_254_740_991);
  });
});

describe('formatCents', () => {
  it('prints dollars as Canadians write them in each language', () => {
    expect(formatCents(64_806, 'en')).toBe('$648.06');
    expect(formatCents(64_806, 'fr')).toBe('648,06\u00a0$');
    expect(formatCents(-573_550, 'fr')).toBe('-5\u202f735,50\u00a0$');
  });
});
