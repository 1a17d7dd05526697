// Text a person typed, as another person may read it: controls and bidi overrides out.
import { describe, expect, it } from 'vitest';
import { hasControlCharacters, plainText } from './plain-text.js';

describe('plain text', () => {
  it('takes out bidi embeddings, overrides and isolates, and controls', () => {
    expect(plainText('\u202eworromot yb yap\u202c')).toBe('worromot yb yap');
    expect(plainText('a\u202ab\u202bc\u202dd\u2066e\u2067f\u2068g\u2069h')).toBe('abcdefgh');
    expect(plainText('Bell\u0007 esc\u001b[31m del\u007f nel-c1\u009b bom\ufeff')).toBe('Bell esc[31m del nel-c1 bom');
  });

  it('keeps line breaks as \\n in a multi-line text, and makes every break a space on one line', () => {
    expect(plainText('one\r\ntwo\rthree\u2028four\u2029five\u0085six', true)).toBe('one\ntwo\nthree\nfour\nfive\nsix');
    expect(plainText('one\r\ntwo\u2028three\tfour')).toBe('one two three four');
  });

  it('keeps what a person writes in any script, with its marks', () => {
    const text = 'Zoë, Ünal, 李, שלום\u200f, مرحبا\u061c, Ğ — 12\u00a0$';
    expect(plainText(text)).toBe(text);
    expect(plainText('e\u0301')).toBe('é');
  });

  it('tells whether a text holds a control besides tabs and line breaks', () => {
    expect(hasControlCharacters('a\tb\r\nc')).toBe(false);
    expect(hasControlCharacters('a\u2028b')).toBe(true);
    expect(hasControlCharacters('a\u202eb')).toBe(true);
    expect(hasControlCharacters('a\u0000b')).toBe(true);
  });
});
