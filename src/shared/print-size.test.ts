import { describe, expect, it } from 'vitest';
import { effectiveResolution, isVectorFormat, parsePrintSize } from './print-size.js';

describe('parsePrintSize', () => {
  it.each([
    ['10" wide', { widthIn: 10 }],
    ['10 in', { widthIn: 10 }],
    ['10in', { widthIn: 10 }],
    ['10 inches', { widthIn: 10 }],
    ['10 inch wide', { widthIn: 10 }],
    ['10 IN', { widthIn: 10 }],
    ['3.5"', { widthIn: 3.5 }],
    ['3 1/2"', { widthIn: 3.5 }],
    ['1/2 in', { widthIn: 0.5 }],
    ['3½"', { widthIn: 3.5 }],
    ['10\u201d wide', { widthIn: 10 }],
    ["10'' wide", { widthIn: 10 }],
    ['W 10 in', { widthIn: 10 }],
    ['width: 10in', { widthIn: 10 }],
    ['about 10 inches across the chest', { widthIn: 10 }],
    ['  10 in  ', { widthIn: 10 }],
  ])('reads English %j', (text, expected) => {
    expect(parsePrintSize(text)).toEqual(expected);
  });

  it.each([
    ['10 po', { widthIn: 10 }],
    ['10 pouces', { widthIn: 10 }],
    ['10 po de large', { widthIn: 10 }],
    ['largeur 10 po', { widthIn: 10 }],
    ['10 po de haut', { heightIn: 10 }],
    ['hauteur : 4 pouces', { heightIn: 4 }],
    ['3,5 po', { widthIn: 3.5 }],
    ['10 po sur 12 po', { widthIn: 10, heightIn: 12 }],
    ['10 po de large sur le devant', { widthIn: 10 }],
    ['sur le devant, 10 po de large', { widthIn: 10 }],
    ['25 centimètres', { widthIn: 9.843 }],
  ])('reads French %j', (text, expected) => {
    expect(parsePrintSize(text)).toEqual(expected);
  });

  it.each([
    ['25 cm', { widthIn: 9.843 }],
    ['25,5 cm', { widthIn: 10.039 }],
    ['25.5cm', { widthIn: 10.039 }],
    ['300 mm', { widthIn: 11.811 }],
    ['254 mm', { widthIn: 10 }],
    ['12 in x 30 cm', { widthIn: 12, heightIn: 11.811 }],
  ])('converts metric %j to inches', (text, expected) => {
    expect(parsePrintSize(text)).toEqual(expected);
  });

  it.each([
    ['12 x 14 in', { widthIn: 12, heightIn: 14 }],
    ['12×14"', { widthIn: 12, heightIn: 14 }],
    ['12"x14"', { widthIn: 12, heightIn: 14 }],
    ['12x14in', { widthIn: 12, heightIn: 14 }],
    ['12 in x 14', { widthIn: 12, heightIn: 14 }],
    ['12 by 14 inches', { widthIn: 12, heightIn: 14 }],
    ['12 * 14 cm', { widthIn: 4.724, heightIn: 5.512 }],
    ['10 in wide x 4 in tall', { widthIn: 10, heightIn: 4 }],
    ['4 in tall x 10 in wide', { widthIn: 10, heightIn: 4 }],
    ['H 4 in x W 10 in', { widthIn: 10, heightIn: 4 }],
    ['4" high x 10"', { widthIn: 10, heightIn: 4 }],
    ['10"W x 12"H', { widthIn: 10, heightIn: 12 }],
    ['W: 10" H: 12"', { widthIn: 10, heightIn: 12 }],
    ['12 po largeur x 14 po hauteur', { widthIn: 12, heightIn: 14 }],
    ['10 1/2 x 12 in', { widthIn: 10.5, heightIn: 12 }],
  ])('reads two dimensions %j (first is width unless words say otherwise)', (text, expected) => {
    expect(parsePrintSize(text)).toEqual(expected);
  });

  it.each([
    ['10" tall', { heightIn: 10 }],
    ['10 in high', { heightIn: 10 }],
    ['H 10 in', { heightIn: 10 }],
    ['10 po haut', { heightIn: 10 }],
  ])('reads a height alone %j', (text, expected) => {
    expect(parsePrintSize(text)).toEqual(expected);
  });

  it.each([
    [''],
    ['   '],
    ['big'],
    ['as large as possible'],
    ['10'],
    ['10 wide'],
    ['12 x 14'],
    ['10 12 14'],
    ['-10 in'],
    ['- 10"'],
    ['0 in'],
    ['0"'],
    ['0,0 cm'],
    ['201 in'],
    ['250 in'],
    ['600 cm'],
    ['12 x 14 x 2 in'],
    ['10 or 12 in'],
    ['10-12 in'],
    // A count beside a size is still a second number: the clerk reads it rather than we guess.
    ['logo 2 couleurs, 10 po'],
    ['10 in wide x 12 in wide'],
    ['in the middle'],
    ['"'],
  ])('returns null for %j', (text) => {
    expect(parsePrintSize(text)).toBeNull();
  });

  it('accepts the limit of 200 inches and nothing above it', () => {
    expect(parsePrintSize('200 in')).toEqual({ widthIn: 200 });
    expect(parsePrintSize('200.1 in')).toBeNull();
  });

  it('returns null for null and undefined', () => {
    expect(parsePrintSize(null)).toBeNull();
    expect(parsePrintSize(undefined)).toBeNull();
  });

  it('does not read units inside words', () => {
    expect(parsePrintSize('10 inside')).toBeNull();
    expect(parsePrintSize('10 white')).toBeNull();
    expect(parsePrintSize('2xl shirt, 10 in')).toBeNull();
  });
});

describe('effectiveResolution', () => {
  it('rates a 600×400 logo asked to print 12 inches wide as low and says what is needed', () => {
    expect(effectiveResolution({ width: 600, height: 400 }, { widthIn: 12 })).toEqual({
      ppi: 50,
      rating: 'low',
      requiredWidthPx: 3600,
      requiredHeightPx: 2400,
      maxSharpWidthIn: 2,
    });
  });

  it('is sharp at exactly 300 ppi and acceptable just below', () => {
    expect(effectiveResolution({ width: 3000, height: 3000 }, { widthIn: 10 })?.rating).toBe('sharp');
    const justBelow = effectiveResolution({ width: 2999, height: 3000 }, { widthIn: 10 });
    expect(justBelow).toMatchObject({ ppi: 299, rating: 'acceptable' });
  });

  it('rounds the ppi down so that 299.96 never shows as 300', () => {
    // 2999.6 px cannot exist, so use a size: 3000 px over 10.0002 in is 299.994 ppi.
    expect(effectiveResolution({ width: 3000, height: 10 }, { widthIn: 10.0002 })).toMatchObject({
      ppi: 299,
      rating: 'acceptable',
    });
  });

  it('is acceptable at exactly 150 ppi and low just below', () => {
    expect(effectiveResolution({ width: 1500, height: 10 }, { widthIn: 10 })).toMatchObject({
      ppi: 150,
      rating: 'acceptable',
    });
    expect(effectiveResolution({ width: 1499, height: 10 }, { widthIn: 10 })).toMatchObject({
      ppi: 149,
      rating: 'low',
    });
  });

  it('takes the smaller of the two when width and height are both given', () => {
    const result = effectiveResolution({ width: 3000, height: 1000 }, { widthIn: 10, heightIn: 10 });
    expect(result).toEqual({
      ppi: 100,
      rating: 'low',
      requiredWidthPx: 3000,
      requiredHeightPx: 3000,
      maxSharpWidthIn: 10,
    });
  });

  it('works from the height alone, deriving the width from the picture', () => {
    expect(effectiveResolution({ width: 2000, height: 1000 }, { heightIn: 4 })).toEqual({
      ppi: 250,
      rating: 'acceptable',
      requiredWidthPx: 2400,
      requiredHeightPx: 1200,
      maxSharpWidthIn: 6.66,
    });
  });

  it('does not lose a pixel to floating point in a metric size', () => {
    const size = parsePrintSize('25 cm');
    expect(size).toEqual({ widthIn: 9.843 });
    expect(effectiveResolution({ width: 2953, height: 1000 }, size)).toMatchObject({
      requiredWidthPx: 2953,
      rating: 'sharp',
    });
  });

  it('returns null without a size or without pixels', () => {
    expect(effectiveResolution({ width: 100, height: 100 }, null)).toBeNull();
    expect(effectiveResolution({ width: 100, height: 100 }, {})).toBeNull();
    expect(effectiveResolution({ width: 0, height: 100 }, { widthIn: 1 })).toBeNull();
    expect(effectiveResolution({ width: Number.NaN, height: 100 }, { widthIn: 1 })).toBeNull();
  });
});

describe('isVectorFormat', () => {
  it.each([
    'image/svg+xml',
    'application/pdf',
    'application/postscript',
    'application/illustrator',
    'image/x-eps',
    'IMAGE/SVG+XML; charset=utf-8',
    'svg',
    '.svg',
    'SVG',
    '.ai',
    'eps',
    'pdf',
    'logo.final.EPS',
  ])('says %j is vector', (value) => {
    expect(isVectorFormat(value)).toBe(true);
  });

  it.each(['image/png', 'image/jpeg', 'image/vnd.adobe.photoshop', 'png', '.psd', 'logo.jpg', '', 'svgpng'])(
    'says %j is not vector',
    (value) => {
      expect(isVectorFormat(value)).toBe(false);
    },
  );
});
