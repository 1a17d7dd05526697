// Reads the free-text "Sizes and Quantities" field of a garment variation into a piece count.
// Customers write it many ways ("S:10, M:20", "10 S, 20 M", "S-10 M-20", "P : 5, G : 10",
// "35 pcs"); the reader accepts those and answers null whenever a reading would be a guess, so
// that a clerk types the quantity instead of quoting a wrong one.

export interface SizeQuantity {
  size: string;
  qty: number;
}

export interface QuantityReading {
  total: number;
  /** One entry per size in the order written; empty when the text is a lone count ("35 pcs"). */
  parts: SizeQuantity[];
}

/** Larger numbers are more likely a typo, a phone number or an order number than a count. */
export const MAX_READ_QUANTITY = 100_000;

type Token = { kind: 'size'; size: string } | { kind: 'num'; value: number } | { kind: 'total' };

const NAMED_SIZES: Readonly<Record<string, string>> = {
  small: 'S',
  sm: 'S',
  sml: 'S',
  medium: 'M',
  med: 'M',
  md: 'M',
  large: 'L',
  lg: 'L',
  lrg: 'L',
  // Quebec sizes: petit, moyen, grand, très grand (pre-joined to "tg"), très très grand.
  p: 'P',
  tp: 'TP',
  petit: 'P',
  moyen: 'M',
  g: 'G',
  grand: 'G',
  tg: 'TG',
  ttg: 'TTG',
  tttg: 'TTTG',
  os: 'OS',
  osfa: 'OSFA',
  tu: 'TU',
};

const IGNORED_WORDS = new Set([
  // Units after a count.
  'pc',
  'pcs',
  'pce',
  'pces',
  'piece',
  'pieces',
  'pièce',
  'pièces',
  'unit',
  'units',
  'unité',
  'unités',
  'item',
  'items',
  'shirt',
  'shirts',
  'tshirt',
  'tshirts',
  'tee',
  'tees',
  'hoodie',
  'hoodies',
  // Cuts: they do not change the count ("Ladies S: 5, Men S: 5" is 10 pieces).
  'adult',
  'adults',
  'adulte',
  'adultes',
  'unisex',
  'unisexe',
  'men',
  'mens',
  'women',
  'womens',
  'ladies',
  'homme',
  'hommes',
  'femme',
  'femmes',
  // Headings and joiners.
  'size',
  'sizes',
  'taille',
  'tailles',
  'qty',
  'quantity',
  'quantities',
  'quantité',
  'quantités',
  'qté',
  'and',
  'et',
  'x',
]);

const TOTAL_WORDS = new Set(['total', 'tot']);

// Letter sizes: XS, S, L, XL, XXL… and youth sizes YS, YM, YXL.
const LETTER_SIZE = /^(?:y?x{0,5}[sl]|y?m)$/;

// Rewrites multi-word or hyphenated sizes into one token before scanning.
const PHRASES: readonly [RegExp, string][] = [
  [/\bt-shirts?\b/gu, 'tshirt'],
  [/\bextra[\s-]?large\b/gu, 'xl'],
  [/\bextra[\s-]?small\b/gu, 'xs'],
  [/\b(x{1,5}|[2-9]x)[\s-]?large\b/gu, '$1l'],
  [/\b(x{1,5}|[2-9]x)[\s-]?small\b/gu, '$1s'],
  [/\btr[eè]s[\s-]tr[eè]s[\s-]grand\b/gu, 'ttg'],
  [/\btr[eè]s[\s-]grand\b/gu, 'tg'],
  [/\btr[eè]s[\s-]petit\b/gu, 'tp'],
  [/\bone[\s-]size(?:[\s-]fits[\s-]all)?\b/gu, 'os'],
  [/\btaille[\s-]unique\b/gu, 'tu'],
  [/\byouth[\s-]+(xs|s|m|l|xl|small|medium|large)\b/gu, 'y$1'],
];

const THREE_LETTERS = /\p{L}{3}/u;

// A size that begins with a digit ("2XL", "3X", "2TG") is one token, so its digit is never
// read as a count. "2X" only when no digit follows, since "2x10" may mean two times ten.
// Groups by number, not by name: a groups object made for every token nearly doubled the time to
// read a text. 1 space, 2 digit size, 3 number, 4 word, 5 separator, 6 other.
const TOKEN =
  /(\s+)|([2-9]x{1,4}[sl](?!\p{L})|[2-6]x(?![\p{L}\d])|[2-5]tg(?!\p{L}))|(\d+)|(\p{L}+)|([:=,;/|+&()[\]{}.*#×–—-])|(.)/suy;

function sizeOf(word: string): string | null {
  if (word in NAMED_SIZES) return NAMED_SIZES[word]!;
  if (LETTER_SIZE.test(word)) return word.toUpperCase();
  const youth = /^y(small|medium|large)$/.exec(word);
  if (youth) return `Y${NAMED_SIZES[youth[1]!]!}`;
  return null;
}

function tokenise(text: string): Token[] | null {
  let s = text.normalize('NFC').toLowerCase();
  // Every phrase holds a word of three letters or more; "S:10, M:20, 2XL:5", the text the form's size
  // boxes write, has none, and skips eleven replacements.
  if (THREE_LETTERS.test(s)) for (const [pattern, replacement] of PHRASES) s = s.replace(pattern, replacement);
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  let match: RegExpExecArray | null;
  while (TOKEN.lastIndex < s.length && (match = TOKEN.exec(s))) {
    const [, , digitSize, num, word, , other] = match;
    if (digitSize) tokens.push({ kind: 'size', size: digitSize.toUpperCase() });
    else if (num) {
      // Refuse long digit runs before Number() loses precision or reads a phone number.
      if (num.length > 6) return null;
      tokens.push({ kind: 'num', value: Number(num) });
    } else if (word) {
      const size = sizeOf(word);
      if (size) tokens.push({ kind: 'size', size });
      else if (TOTAL_WORDS.has(word)) tokens.push({ kind: 'total' });
      else if (!IGNORED_WORDS.has(word)) return null;
    } else if (other) return null;
  }
  return tokens;
}

/** Takes a "total 35" (or "35 total") out of the tokens; undefined when there is none. */
function takeDeclaredTotal(tokens: Token[]): { rest: Token[]; declared?: number } | null {
  const at = tokens.findIndex((t) => t.kind === 'total');
  if (at === -1) return { rest: tokens };
  if (tokens.findIndex((t, i) => i > at && t.kind === 'total') !== -1) return null;
  const after = tokens[at + 1];
  const before = tokens[at - 1];
  const without = (first: number) => tokens.filter((_, i) => i !== first && i !== first + 1);
  if (after?.kind === 'num') return { rest: without(at), declared: after.value };
  if (before?.kind === 'num' && at === tokens.length - 1) return { rest: without(at - 1), declared: before.value };
  return null;
}

/** Reads alternating size/count tokens in one consistent order; null otherwise. */
function pairUp(tokens: Token[], sizeFirst: boolean): SizeQuantity[] | null {
  if (tokens.length === 0 || tokens.length % 2 !== 0) return null;
  const parts: SizeQuantity[] = [];
  for (let i = 0; i < tokens.length; i += 2) {
    const [size, qty] = sizeFirst ? [tokens[i]!, tokens[i + 1]!] : [tokens[i + 1]!, tokens[i]!];
    if (size.kind !== 'size' || qty.kind !== 'num') return null;
    parts.push({ size: size.size, qty: qty.value });
  }
  return parts;
}

/**
 * The number of pieces a "Sizes and Quantities" text asks for, with its breakdown by size, or
 * null when it cannot be read with confidence: sizes without counts, counts without sizes, mixed
 * orders ("S 10, 20 M"), unknown words, decimals, a total of zero, or any number above
 * MAX_READ_QUANTITY. A stated total ("total 35") must agree with the sizes.
 */
export function readQuantity(sizesText: string): QuantityReading | null {
  const tokens = tokenise(sizesText);
  if (!tokens) return null;
  const taken = takeDeclaredTotal(tokens);
  if (!taken) return null;
  const { rest, declared } = taken;

  const first = rest[0];
  let reading: QuantityReading | null;
  if (!first) {
    reading = declared === undefined ? null : { total: declared, parts: [] };
  } else if (rest.length === 1 && first.kind === 'num') {
    reading = { total: first.value, parts: [] };
  } else {
    const parts = pairUp(rest, first.kind === 'size');
    reading = parts && { total: parts.reduce((sum, p) => sum + p.qty, 0), parts };
  }
  if (!reading) return null;
  if (reading.parts.some((p) => p.qty > MAX_READ_QUANTITY)) return null;
  if (reading.total <= 0 || reading.total > MAX_READ_QUANTITY) return null;
  if (declared !== undefined && declared !== reading.total) return null;
  return reading;
}
