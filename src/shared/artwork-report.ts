// What the shop reads about a stored file the server measured: "640×480 px · 64 ppi at 10 in
// wide · low", the same words in the inbox, the work order, the shop's email and the CSV.
import type { Language } from './order-presentation.js';
import { effectiveResolution, parsePrintSize, type PrintSize, type ResolutionRating } from './print-size.js';

export interface MeasuredArtwork {
  status: 'working' | 'done' | 'failed';
  format: string | null;
  isVector: boolean;
  /** Pixels for rasters; points for vector formats. */
  width: number | null;
  height: number | null;
  colourMode: string | null;
  pages: number | null;
  /** A vector file that only holds a picture: that picture's pixels. */
  rasterInside: { width: number; height: number } | null;
  note: string | null;
}

/**
 * The note of a file whose drawing used up its processor time (ARTWORK_RENDER_CPU_MS): the
 * server stopped reading it and never tries again (docs/decisions/017-artwork-lanes-and-cpu-budget.md).
 * Its status is done when its size was read before that, failed when not.
 */
export const TOO_COMPLEX_TO_PREVIEW = 'Too complex to preview';

export function isTooComplex(artwork: Pick<MeasuredArtwork, 'note'> | null | undefined): boolean {
  return artwork?.note === TOO_COMPLEX_TO_PREVIEW;
}

const WORDS = {
  en: {
    rating: { sharp: 'sharp', acceptable: 'acceptable', low: 'low' } satisfies Record<ResolutionRating, string>,
    at: 'at',
    wide: 'in wide',
    tall: 'in tall',
    inch: 'in',
    ppi: 'ppi',
    sharpUpTo: (inches: string) => `sharp up to ${inches} in wide`,
    vector: 'vector',
    pictureInside: 'a picture inside',
    pages: (n: number) => (n === 1 ? '1 page' : `${n} pages`),
    measuring: 'being checked',
    unreadable: (why: string) => `could not be checked (${why})`,
    tooComplex: 'too complex to preview',
  },
  fr: {
    rating: { sharp: 'net', acceptable: 'acceptable', low: 'faible' } satisfies Record<ResolutionRating, string>,
    at: 'à',
    wide: 'po de large',
    tall: 'po de haut',
    inch: 'po',
    ppi: 'ppp',
    sharpUpTo: (inches: string) => `net jusqu’à ${inches} po de large`,
    vector: 'vectoriel',
    pictureInside: 'une image à l’intérieur',
    pages: (n: number) => (n === 1 ? '1 page' : `${n} pages`),
    measuring: 'en cours de vérification',
    unreadable: (why: string) => `n’a pas pu être vérifié (${why})`,
    tooComplex: 'trop complexe pour un aperçu',
  },
};

const number = (value: number, language: Language) => {
  const text = String(Math.round(value * 100) / 100);
  return language === 'fr' ? text.replace('.', ',') : text;
};

function sizeText(size: PrintSize, language: Language): string {
  const w = WORDS[language];
  if (size.widthIn !== undefined && size.heightIn !== undefined) {
    return `${number(size.widthIn, language)} × ${number(size.heightIn, language)} ${w.inch}`;
  }
  if (size.widthIn !== undefined) return `${number(size.widthIn, language)} ${w.wide}`;
  return `${number(size.heightIn ?? 0, language)} ${w.tall}`;
}

export interface ArtworkLine {
  text: string;
  /** The rating at the print size asked for, when there is one to give. */
  rating: ResolutionRating | null;
}

/** One line about a view's graphic, measured against the print size the customer typed. */
export function artworkLine(
  artwork: MeasuredArtwork | null,
  dimensions: string,
  language: Language = 'en',
): ArtworkLine {
  const w = WORDS[language];
  if (!artwork || artwork.status === 'working') return { text: w.measuring, rating: null };
  if (artwork.status === 'failed') {
    return { text: isTooComplex(artwork) ? w.tooComplex : w.unreadable(artwork.note ?? '?'), rating: null };
  }
  const parts: string[] = [];
  const format = (artwork.format ?? '').toUpperCase();
  const pixels = artwork.isVector ? artwork.rasterInside : artwork.width && artwork.height ? artwork : null;
  if (artwork.isVector) {
    parts.push(format, artwork.rasterInside ? w.pictureInside : w.vector);
    if (artwork.pages && artwork.pages > 1) parts.push(w.pages(artwork.pages));
  }
  let rating: ResolutionRating | null = null;
  if (pixels && pixels.width && pixels.height) {
    const px = { width: pixels.width, height: pixels.height };
    if (!artwork.isVector) parts.push(`${px.width}×${px.height} px`);
    const size = parsePrintSize(dimensions);
    const resolution = effectiveResolution(px, size);
    if (size && resolution) {
      rating = resolution.rating;
      parts.push(`${resolution.ppi} ${w.ppi} ${w.at} ${sizeText(size, language)}`, w.rating[resolution.rating]);
    } else {
      parts.push(w.sharpUpTo(number(Math.floor((px.width / 300) * 100) / 100, language)));
    }
  }
  if (artwork.colourMode === 'cmyk') parts.push('CMYK');
  if (isTooComplex(artwork)) parts.push(w.tooComplex);
  return { text: parts.filter(Boolean).join(' · '), rating };
}
