import { describe, expect, it } from 'vitest';
import { parsePrice, priceText, QUOTE_MESSAGES as quoteMessages } from './quote-messages.js';

describe('parsePrice: dollars as a clerk types them, in whole cents', () => {
  it.each([
    ['12', 1200],
    ['12.00', 1200],
    ['12.5', 1250],
    ['0.35', 35],
    ['12,50', 1250],
    ['$1,200.00', 120000],
    [' 1 200,00 $', 120000],
    ['0', 0],
    ['-5', -500],
    ['-57.35', -5735],
    ['−1 200,00 $', -120000],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parsePrice(text)).toBe(cents);
  });

  // Read as every amount box reads (shared/amounts.ts): "1,200" could be $1,200 or $1.20, so it is
  // refused rather than guessed; stray spaces inside a number are refused too.
  it.each(['', 'abc', '12.345', '--5', '5-', '-', '1.2.3', '12,5,0', '1e3', '0x10', '1,200', ' 1 0 ', '12 34'])(
    'refuses %j',
    (text) => {
      expect(parsePrice(text)).toBeNull();
    },
  );

  it('never goes through floating point: 0.29 is 29 cents, 1.15 is 115', () => {
    expect(parsePrice('0.29')).toBe(29);
    expect(parsePrice('1.15')).toBe(115);
    expect(parsePrice('4.35')).toBe(435);
  });
});

describe('priceText', () => {
  it('writes cents back as the price box shows them, and round-trips', () => {
    expect(priceText(1200, 'en')).toBe('12.00');
    expect(priceText(35, 'fr')).toBe('0,35');
    expect(priceText(-1050, 'en')).toBe('-10.50');
    for (const cents of [0, 5, 99, 100, 68985, -5, -1050, -68985]) {
      expect(parsePrice(priceText(cents, 'en'))).toBe(cents);
      expect(parsePrice(priceText(cents, 'fr'))).toBe(cents);
    }
  });
});

describe('the quote editor catalogues', () => {
  it('has every English text in French too, and none left in English by mistake', () => {
    const en = quoteMessages.en;
    const fr = quoteMessages.fr;
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    expect(fr.send).not.toBe(en.send);
    expect(fr.placeOfSupply('QC')).toBe('Lieu de fourniture\u00a0: QC (taxes de cette province)');
  });
});
