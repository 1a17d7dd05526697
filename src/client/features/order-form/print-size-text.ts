// Print sizes in words, in either language: read by both catalogues (messages.ts and the French
// chunk, french-messages.ts), which would otherwise import each other.
import type { PrintSize } from '../../../shared/print-size.js';
import type { Language } from '../../shared/language.js';

/** Inches as people write them: at most two decimals, a decimal comma in French. */
export function inches(value: number, lang: Language): string {
  const text = String(Math.round(value * 100) / 100);
  return lang === 'fr' ? text.replace('.', ',') : text;
}

/** "10 in wide", "12 × 14 in", "10 po de large"… */
export function printSizeText(size: PrintSize, lang: Language): string {
  const { widthIn, heightIn } = size;
  if (widthIn !== undefined && heightIn !== undefined) {
    return lang === 'fr'
      ? `${inches(widthIn, 'fr')} × ${inches(heightIn, 'fr')} po`
      : `${inches(widthIn, 'en')} × ${inches(heightIn, 'en')} in`;
  }
  if (widthIn !== undefined)
    return lang === 'fr' ? `${inches(widthIn, 'fr')} po de large` : `${inches(widthIn, 'en')} in wide`;
  return lang === 'fr' ? `${inches(heightIn ?? 0, 'fr')} po de haut` : `${inches(heightIn ?? 0, 'en')} in tall`;
}
