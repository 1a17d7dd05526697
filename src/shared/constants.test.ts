import { describe, expect, it } from 'vitest';
import { ACCENT_COLOURS, accentFor, DECORATION_METHODS, PROVINCES, VIEWS } from './constants.js';

describe('business constants', () => {
  it('cycles layout accents through 8 distinct colours', () => {
    expect(new Set(ACCENT_COLOURS).size).toBe(8);
    expect([1, 2, 8].map(accentFor)).toEqual([ACCENT_COLOURS[0], ACCENT_COLOURS[1], ACCENT_COLOURS[7]]);
    expect(accentFor(9)).toBe(accentFor(1));
    expect(accentFor(18)).toBe(accentFor(2));
  });

  it('has the four views, the four decoration methods and the 13 provinces and territories', () => {
    expect(VIEWS).toEqual(['Front', 'Back', 'Left Sleeve', 'Right Sleeve']);
    expect(DECORATION_METHODS).toEqual(['embroidery', 'screen-printing', 'dtf', 'sewing']);
    expect(PROVINCES).toHaveLength(13);
  });
});
