// The Overview's shared arithmetic (docs/overview.md): months of a period, the default period,
// medians, shares, weeks, the sales groups, and the charts' colours against white.
import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHexColour } from '../contrast.js';
import {
  defaultPeriod,
  median,
  medianOfCounts,
  mondayOf,
  monthRange,
  monthsOf,
  percentOf,
  salesGroupOf,
  SERIES_COLOURS,
} from './overview.js';

describe('the Overview’s arithmetic', () => {
  it('counts the months a period touches, across a new year', () => {
    expect(monthsOf('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsOf('2026-03-01', '2026-03-31')).toEqual(['2026-03']);
  });

  it('defaults to twelve months: the first of the month eleven back, to today', () => {
    expect(defaultPeriod('2026-11-28')).toEqual({ from: '2025-12-01', to: '2026-11-28' });
    expect(defaultPeriod('2026-12-31')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(monthsOf(defaultPeriod('2026-01-05').from, '2026-01-05')).toHaveLength(12);
  });

  it('knows the last day of each month, February of a leap year too', () => {
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2026-02').to).toBe('2026-02-28');
    expect(monthRange('2026-12').to).toBe('2026-12-31');
  });

  it('takes the lower middle of an even count and rounds shares half up', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(percentOf(1, 0)).toBeNull();
    expect(percentOf(1, 8)).toBe(13); // 12.5 → 13
    expect(percentOf(2, 3)).toBe(67);
  });

  it('takes the same median from a database’s counts as from the values one by one', () => {
    expect(medianOfCounts([])).toBeNull();
    expect(
      medianOfCounts([
        [3, 1],
        [1, 1],
        [5, 1],
      ]),
    ).toBe(median([5, 1, 3]));
    for (let seed = 1; seed < 200; seed++) {
      const counts: [number, number][] = [];
      for (let v = 0; v < 1 + (seed % 7); v++) counts.push([(seed * 7 + v * 13) % 40, 1 + ((seed * v) % 5)]);
      const values = counts.flatMap(([value, n]) => Array<number>(n).fill(value));
      expect(medianOfCounts(counts)).toBe(median(values));
    }
  });

  it('finds the Monday of a week, from a Sunday and from a Monday', () => {
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
  });

  it('puts an order’s sales under its one method, several, or none', () => {
    expect(salesGroupOf(new Set())).toBe('none');
    expect(salesGroupOf(new Set(['embroidery']))).toBe('embroidery');
    expect(salesGroupOf(new Set(['embroidery', 'dtf']))).toBe('several');
  });

  it('draws with colours of at least 3:1 against white, told apart by more than colour', () => {
    const white = parseHexColour('#ffffff')!;
    for (const colour of SERIES_COLOURS)
      expect(contrastRatio(parseHexColour(colour)!, white)).toBeGreaterThanOrEqual(3);
  });
});
