// The brand colour's rule (docs/settings.md): WCAG 2.x contrast of white text on it.
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND_COLOUR } from './shop-profile.js';
import { AA_NORMAL_TEXT, contrastRatio, parseHexColour, relativeLuminance, whiteTextContrast } from './contrast.js';

describe('contrast per WCAG 2.x', () => {
  it('gives the ends of the scale: white 1, black 0, and 21:1 between them', () => {
    expect(relativeLuminance([255, 255, 255])).toBe(1);
    expect(relativeLuminance([0, 0, 0])).toBe(0);
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBe(21);
    expect(contrastRatio([255, 255, 255], [0, 0, 0])).toBe(21);
  });

  it('matches published ratios of white on common colours', () => {
    // Values as WebAIM's contrast checker prints them (rounded to two places).
    expect(whiteTextContrast('#777777')!.toFixed(2)).toBe('4.48');
    expect(whiteTextContrast('#767676')!.toFixed(2)).toBe('4.54');
    expect(whiteTextContrast('#0000ff')!.toFixed(2)).toBe('8.59');
    expect(whiteTextContrast('#ff0000')!.toFixed(2)).toBe('4.00');
  });

  it('puts the AA line between #777 (refused) and #767676 (kept), and the default above it', () => {
    expect(whiteTextContrast('#777')!).toBeLessThan(AA_NORMAL_TEXT);
    expect(whiteTextContrast('#767676')!).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    expect(whiteTextContrast(DEFAULT_BRAND_COLOUR)!).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
  });

  it('reads #rgb and #rrggbb only', () => {
    expect(parseHexColour('#abc')).toEqual([0xaa, 0xbb, 0xcc]);
    expect(parseHexColour(' #1D4ED8 ')).toEqual([0x1d, 0x4e, 0xd8]);
    for (const bad of ['1d4ed8', '#12345', 'red', '#ggg', 'rgb(0,0,0)']) expect(parseHexColour(bad)).toBeNull();
    expect(whiteTextContrast('blue')).toBeNull();
  });
});
