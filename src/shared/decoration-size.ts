// One decoration's size, stitches and transfer side, computed once for every place that reads them
// (docs/prices.md, "One number"): the form's estimate and the server's (price-decoration.ts), the
// quote's suggested lines (the same pricing) and the job's imprints (production/jobs.ts). Same
// functions, same inputs: the printed size the customer wrote, the graphic's proportions (its
// pixels), else the named location's usual ones, and the price list's stitch density.
import { locationAspect, type PlacedDecoration } from './locations.js';
import { parsePrintSize } from './print-size.js';

/** Embroidery's density when the shop's price list names none: stitches per square inch. */
export const DEFAULT_STITCHES_PER_SQUARE_INCH = 1000;

/**
 * The proportions (width ÷ height) a missing side follows: the view's own graphic's pixels when
 * known (measured from the stored file, else as the form sent them in `aspect`; never an extra
 * decoration's: it has no picture of its own), else the named location's usual print, else none
 * (square).
 */
export function decorationAspect(
  placed: Pick<PlacedDecoration<{ aspect?: number }>, 'extra' | 'named' | 'location' | 'datum'>,
  graphicAspect: number | undefined,
): number | undefined {
  const own = placed.extra === null ? (graphicAspect ?? placed.datum.aspect) : undefined;
  if (own !== undefined && Number.isFinite(own) && own > 0) return own;
  return placed.named ? locationAspect(placed.location) : undefined;
}

/** Width and height in inches; a missing side follows `aspect`, or is square without it. */
export function printSizeIn(
  dimensions: string | undefined,
  aspect: number | undefined,
): { width: number; height: number } | null {
  const size = parsePrintSize(dimensions ?? '');
  if (!size) return null;
  const ratio = aspect !== undefined && Number.isFinite(aspect) && aspect > 0 ? aspect : 1;
  const width = size.widthIn ?? size.heightIn! * ratio;
  const height = size.heightIn ?? size.widthIn! / ratio;
  return { width, height };
}

/** Stitches estimated from the size and the density, rounded up. */
export const estimatedStitches = (size: { width: number; height: number }, stitchesPerSquareInch: number): number =>
  Math.ceil(size.width * size.height * stitchesPerSquareInch - 1e-6);

/** A transfer's longest side in inches, to three decimals as the size was read. */
export const longestSide = (size: { width: number; height: number }): number =>
  Math.round(Math.max(size.width, size.height) * 1000) / 1000;
