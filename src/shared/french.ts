// Canadian French as it is printed (docs/product.md, "What the product adds"): the elision of "de" and "le"
// before a vowel ("d’Atelier", never "de Atelier"), the plural of a count ("1 pièce", "2 pièces"),
// and the check the catalogues' test runs on every French string.

/** A word that begins with a vowel sound as far as elision goes: a vowel or a mute h (any case, accented or not). */
const ELIDES = /^[aeiouyhàâäéèêëîïôöùûüÿæœ]/i;

/** "de Maison" → "de Maison", "de Atelier" → "d’Atelier": a name (a shop's, a person's) after "de". */
export const deName = (name: string) => (ELIDES.test(name.trim()) ? `d’${name.trim()}` : `de ${name.trim()}`);

/**
 * The count and its noun, singular below 2 as French has it: "1 pièce", "0 pièce", "2 pièces",
 * "1 234 pièces" (a narrow no-break space between thousands). The count may come already
 * written, as count() in prices/price-words.ts writes it.
 */
export function frenchCount(n: number | string, singular: string, plural = `${singular}s`): string {
  const value = typeof n === 'number' ? n : Number(n.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.'));
  return `${n} ${Math.abs(value) < 2 ? singular : plural}`;
}

const SPACED = '[\u00a0\u202f]';
const PLURAL_NOUNS =
  'pièces|articles|couleurs|fichiers|vêtements|dispositions|designs|commandes|tailles|points|jours|lignes';

const RULES: { fault: string; pattern: RegExp }[] = [
  // A colon that ends a label (followed by a space or the end), not one inside 14:30 or https://.
  { fault: 'no-break space before ":"', pattern: new RegExp(`(?<!${SPACED}):(?=\\s|$)`, 'u') },
  { fault: 'narrow or no-break space before ";"', pattern: new RegExp(`(?<!${SPACED});(?=\\s|$)`, 'u') },
  { fault: 'narrow or no-break space before "?"', pattern: new RegExp(`(?<!${SPACED}|^)\\?(?=\\s|$|[»)])`, 'u') },
  { fault: 'narrow or no-break space before "!"', pattern: new RegExp(`(?<!${SPACED}|^)!(?=\\s|$|[»)])`, 'u') },
  { fault: 'no-break space after "«"', pattern: new RegExp(`«(?!${SPACED})`, 'u') },
  { fault: 'no-break space before "»"', pattern: new RegExp(`(?<!${SPACED})»`, 'u') },
  { fault: 'elision before a vowel (d’, l’)', pattern: /(^|[\s(])(de|que) (Atelier|[aeiouéèêàâîô]\p{L}*\b)/iu },
  {
    fault: 'singular after 1',
    pattern: new RegExp(`(?<![\\d\u202f.,])1[\\s\u00a0\u202f](${PLURAL_NOUNS})(?![\\p{L}])`, 'u'),
  },
  { fault: '"ppp" (points par pouce), not "ppi"', pattern: /\bppi\b/iu },
  // A date in a sentence is written in words ("9 décembre 2026", shared/dates.ts), never 2026-12-09.
  { fault: 'date in words, not YYYY-MM-DD', pattern: /\b\d{4}-\d{2}-\d{2}\b/u },
  // "à le" is "au", "de le" is "du", "à les" is "aux", "de les" is "des".
  { fault: 'contraction (au, du, aux, des)', pattern: /(^|[\s(’'])à (le|les) /iu },
];

const ENGLISH_PLURALS =
  'pieces|items|colours|colors|files|garments|layouts|orders|sizes|days|lines|proofs|entries|messages|versions|members';

/** What is wrong with an English string's counts: "1 pieces" (empty when right). */
export function englishCountFaults(text: string): string[] {
  return new RegExp(`(?<![\\d.,])\\b1[\\s\u00a0](${ENGLISH_PLURALS})\\b`, 'u').test(text) ? ['singular after 1'] : [];
}

/** What is wrong with a French string's typography, one phrase per fault found (empty when right). */
export function frenchTypographyFaults(text: string): string[] {
  return RULES.filter((r) => r.pattern.test(text)).map((r) => r.fault);
}
