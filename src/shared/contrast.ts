// Colour contrast as WCAG 2.x defines it (docs/settings.md, "Brand colour"): relative luminance
// from sRGB (https://www.w3.org/TR/WCAG21/#dfn-relative-luminance) and the contrast ratio
// (L1 + 0.05) / (L2 + 0.05) (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).

/** WCAG 2.x AA for normal text (success criterion 1.4.3). */
export const AA_NORMAL_TEXT = 4.5;

/** #rrggbb (or #rgb) as three channels 0–255, or null when it is not a hex colour. */
export function parseHexColour(value: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!m) return null;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative luminance of an sRGB colour, 0 (black) to 1 (white). */
export function relativeLuminance([r, g, b]: readonly [number, number, number]): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    // WCAG 2.x prints 0.03928 (from an older sRGB draft); 0.04045 gives the same result for 8-bit values.
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of two colours, 1 to 21, whichever is lighter. */
export function contrastRatio(a: readonly [number, number, number], b: readonly [number, number, number]): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The contrast of white text (a button's label) on `hex`, or null when `hex` is not a colour. */
export function whiteTextContrast(hex: string): number | null {
  const rgb = parseHexColour(hex);
  return rgb ? contrastRatio([255, 255, 255], rgb) : null;
}

/** A colour typed as "1d4ed8" (without its "#") read as "#1d4ed8"; anything else as typed. */
export function withHash(value: string): string {
  const trimmed = value.trim();
  return /^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(trimmed) ? `#${trimmed}` : trimmed;
}
