// Print size and artwork resolution, shared by the order form (a hint beside the upload) and the
// server (the clerk's inbox). The customer types the size freely in "Graphic Dimensions", in
// English or French, so reading it is forgiving about spelling and strict about meaning: a
// number without a unit is not a size (except `"`, which is inches), and when the text is
// ambiguous we return null and let a person read it.

export interface PrintSize {
  widthIn?: number;
  heightIn?: number;
}

export interface PixelSize {
  width: number;
  height: number;
}

export type ResolutionRating = 'sharp' | 'acceptable' | 'low';

export interface EffectiveResolution {
  /** The limiting pixels per inch, rounded down so that it never reads higher than its rating. */
  ppi: number;
  rating: ResolutionRating;
  /** Pixels needed across the width for 300 ppi at the requested size. */
  requiredWidthPx: number;
  /** Pixels needed down the height for 300 ppi at the requested size. */
  requiredHeightPx: number;
  /** The widest the artwork prints at 300 ppi, in inches (two decimals, rounded down). */
  maxSharpWidthIn: number;
}

/** What shops ask for; below ACCEPTABLE_PPI the print looks soft or blocky. */
export const SHARP_PPI = 300;
export const ACCEPTABLE_PPI = 150;
/** No garment decoration is wider or taller than this; anything bigger is a typo. */
export const MAX_PRINT_INCHES = 200;

const INCHES_PER_UNIT = { in: 1, cm: 1 / 2.54, mm: 1 / 25.4 } as const;
type Unit = keyof typeof INCHES_PER_UNIT;
type Axis = 'width' | 'height';

type Token =
  | { kind: 'number'; value: number; negative: boolean }
  | { kind: 'unit'; unit: Unit; word: boolean }
  | { kind: 'by' }
  | { kind: 'axis'; axis: Axis }
  | { kind: 'word' };

// Order matters: longer spellings before their prefixes. A letter may not follow a unit or a
// qualifier, so "in" does not match inside "inside" and "w" does not match "white".
const NOT_LETTER = '(?![a-z\\u00e0-\\u00ff])';
const TOKEN = new RegExp(
  [
    '(?<space>[\\s:=~()\\[\\],;]+)',
    // A plain fraction ("1/2"), a mixed one ("3 1/2") or a decimal with a point or a comma.
    '(?<minus>-\\s*)?(?<number>\\d+/\\d+|\\d+(?:[.,]\\d+)?(?:\\s+\\d+/\\d+)?)',
    `(?<inch>"|''|inches${NOT_LETTER}|inch${NOT_LETTER}|in${NOT_LETTER}|pouces${NOT_LETTER}|pouce${NOT_LETTER}|po${NOT_LETTER})`,
    `(?<cm>centim[eè]tres?${NOT_LETTER}|cm${NOT_LETTER})`,
    `(?<mm>millim[eè]tres?${NOT_LETTER}|mm${NOT_LETTER})`,
    `(?<by>[x×*](?![a-z\\u00e0-\\u00ff])|by${NOT_LETTER}|par${NOT_LETTER}|sur${NOT_LETTER})`,
    `(?<width>wide${NOT_LETTER}|width${NOT_LETTER}|w${NOT_LETTER}|across${NOT_LETTER}|large${NOT_LETTER}|largeur${NOT_LETTER})`,
    `(?<height>tall${NOT_LETTER}|high${NOT_LETTER}|height${NOT_LETTER}|h${NOT_LETTER}|haut${NOT_LETTER}|hauteur${NOT_LETTER})`,
    '(?<word>[a-z\\u00e0-\\u00ff]+|.)',
  ].join('|'),
  'y',
);

function readNumber(text: string): number {
  const [whole = '', fraction] = text.split(/\s+/);
  const plainFraction = /^(\d+)\/(\d+)$/.exec(whole);
  if (plainFraction) return Number(plainFraction[1]) / Number(plainFraction[2]);
  let value = Number(whole.replace(',', '.'));
  if (fraction) {
    const [top, bottom] = fraction.split('/').map(Number);
    value += (top ?? 0) / (bottom ?? 1);
  }
  return value;
}

function tokenize(text: string): Token[] {
  const normalised = text
    .toLowerCase()
    .normalize('NFC')
    // Typographic quotes and primes that phones and word processors put in for ".
    .replace(/[\u201c\u201d\u201e\u2033\u02ba\uff02]/g, '"')
    .replace(/[\u2018\u2019\u2032]{2}/g, '"')
    .replace(/\u00bd/g, ' 1/2')
    .replace(/\u00bc/g, ' 1/4')
    .replace(/\u00be/g, ' 3/4');
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  let match: RegExpExecArray | null;
  while (TOKEN.lastIndex < normalised.length && (match = TOKEN.exec(normalised))) {
    const groups = match.groups ?? {};
    if (groups.space !== undefined) continue;
    if (groups.number !== undefined) {
      tokens.push({ kind: 'number', value: readNumber(groups.number), negative: groups.minus !== undefined });
    } else if (groups.inch !== undefined) tokens.push({ kind: 'unit', unit: 'in', word: /[a-z]/.test(groups.inch) });
    else if (groups.cm !== undefined) tokens.push({ kind: 'unit', unit: 'cm', word: true });
    else if (groups.mm !== undefined) tokens.push({ kind: 'unit', unit: 'mm', word: true });
    else if (groups.by !== undefined) tokens.push({ kind: 'by' });
    else if (groups.width !== undefined) tokens.push({ kind: 'axis', axis: 'width' });
    else if (groups.height !== undefined) tokens.push({ kind: 'axis', axis: 'height' });
    else tokens.push({ kind: 'word' });
  }
  return tokens;
}

interface Quantity {
  value: number;
  unit?: Unit;
  axis?: Axis;
  /** Joined to the previous quantity by "x", "×", "by", "par" or "sur". */
  joined: boolean;
}

/**
 * Reads the "Graphic Dimensions" box: `10" wide`, `10 po de large`, `25,5 cm`, `12 x 14 in`,
 * `3 1/2"`, `W 10 in`, `10" tall`. Returns inches, or null when the text gives no size we can
 * trust (no unit, a negative or zero size, more than two numbers, more than 200 inches).
 * With two sizes and no words saying which is which, the first is the width.
 */
export function parsePrintSize(text: string | null | undefined): PrintSize | null {
  if (!text) return null;
  const tokens = tokenize(text);
  const quantities: Quantity[] = [];
  let pendingAxis: Axis | undefined;
  let joinNext = false;
  let lastTokenKind: Token['kind'] | undefined;

  for (const token of tokens) {
    const last = quantities.at(-1);
    switch (token.kind) {
      case 'number':
        if (token.negative) return null;
        quantities.push({ value: token.value, axis: pendingAxis, joined: joinNext });
        pendingAxis = undefined;
        joinNext = false;
        break;
      case 'unit':
        // A unit belongs to the number just before it; "in" elsewhere is just the English word.
        if (lastTokenKind === 'number' && last && !last.unit) last.unit = token.unit;
        else if (!token.word) return null;
        break;
      case 'by':
        // "sur" is also French for "on" ("sur le devant"): it joins only when a number follows.
        joinNext = last !== undefined;
        break;
      case 'axis':
        // "10 in wide" qualifies the number before it; "W 10 in" the number after it.
        if (last && !last.axis && !joinNext && pendingAxis === undefined && lastTokenKind !== 'axis') {
          last.axis = token.axis;
        } else {
          pendingAxis = token.axis;
        }
        break;
      case 'word':
        joinNext = false;
        break;
    }
    if (token.kind !== 'word') lastTokenKind = token.kind;
  }

  if (quantities.length === 0 || quantities.length > 2) return null;
  const [first, second] = quantities;
  if (!first) return null;
  if (second) {
    // Two numbers need "x"/"by" between them or a word saying which is which; "10 or 12 in" is a
    // question for the clerk, not a size.
    if (!second.joined && !(first.axis && second.axis)) return null;
    // "12 x 14 in" and "12 in x 14": one unit serves both.
    first.unit ??= second.unit;
    second.unit ??= first.unit;
    if (first.axis && first.axis === second.axis) return null;
    if (!first.axis && !second.axis) {
      first.axis = 'width';
      second.axis = 'height';
    } else {
      first.axis ??= second.axis === 'width' ? 'height' : 'width';
      second.axis ??= first.axis === 'width' ? 'height' : 'width';
    }
  }

  const size: PrintSize = {};
  for (const quantity of quantities) {
    if (!quantity.unit) return null;
    const inches = Math.round(quantity.value * INCHES_PER_UNIT[quantity.unit] * 1000) / 1000;
    if (!Number.isFinite(inches) || inches <= 0 || inches > MAX_PRINT_INCHES) return null;
    if ((quantity.axis ?? 'width') === 'width') size.widthIn = inches;
    else size.heightIn = inches;
  }
  return size;
}

/**
 * How sharp the artwork prints at the requested size: the smaller of the pixels per inch across
 * and down (where both sizes are known), rated against the 300 ppi shops want. When only one
 * side is given, the other follows from the picture's own proportions. Null when there is
 * nothing to measure (no size, or a picture with no pixels).
 */
export function effectiveResolution(px: PixelSize, size: PrintSize | null): EffectiveResolution | null {
  if (!size || !(px.width > 0) || !(px.height > 0)) return null;
  const { widthIn, heightIn } = size;
  const ppis: number[] = [];
  if (widthIn !== undefined && widthIn > 0) ppis.push(px.width / widthIn);
  if (heightIn !== undefined && heightIn > 0) ppis.push(px.height / heightIn);
  if (ppis.length === 0) return null;
  const exact = Math.min(...ppis);
  const aspect = px.width / px.height;
  const printWidthIn = widthIn ?? (heightIn as number) * aspect;
  const printHeightIn = heightIn ?? (widthIn as number) / aspect;
  return {
    // Floor, not round: 299.96 ppi must not show "300" next to "acceptable".
    ppi: Math.floor(exact),
    rating: exact >= SHARP_PPI ? 'sharp' : exact >= ACCEPTABLE_PPI ? 'acceptable' : 'low',
    requiredWidthPx: Math.ceil(roundTiny(printWidthIn * SHARP_PPI)),
    requiredHeightPx: Math.ceil(roundTiny(printHeightIn * SHARP_PPI)),
    maxSharpWidthIn: Math.floor((px.width / SHARP_PPI) * 100) / 100,
  };
}

// 9.8425 in × 300 is 2952.7500000000005 in floating point; do not let that cost a pixel.
function roundTiny(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

const VECTOR_MEDIA_TYPES = new Set([
  'image/svg+xml',
  'application/pdf',
  'application/postscript',
  'application/illustrator',
  'application/vnd.adobe.illustrator',
  'application/eps',
  'application/x-eps',
  'image/eps',
  'image/x-eps',
]);
const VECTOR_EXTENSIONS = new Set(['svg', 'svgz', 'pdf', 'ai', 'eps', 'epsf', 'ps']);

/**
 * Whether a media type ("image/svg+xml"), an extension ("svg", ".AI") or a file name
 * ("logo.eps") names a vector format. A PDF or EPS can still hold only a photo inside: the
 * server's analysis of the bytes has the last word.
 */
export function isVectorFormat(mediaTypeOrExtension: string): boolean {
  const value = mediaTypeOrExtension.trim().toLowerCase().split(';')[0]?.trim() ?? '';
  if (value.includes('/')) return VECTOR_MEDIA_TYPES.has(value);
  const extension = value.slice(value.lastIndexOf('.') + 1);
  return VECTOR_EXTENSIONS.has(extension);
}
