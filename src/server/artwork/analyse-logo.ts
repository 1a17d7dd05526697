// The shop's logo decoded in full and drawn again for documents (docs/settings.md, "Logo"), in the
// child process processArtwork starts (process-artwork.ts).
import { writeFile } from 'node:fs/promises';
import sharp, { type SharpOptions } from 'sharp';
import { ArtworkError, byFormat, checkPixels, readSvg, type ArtworkLimits, type Sniffed } from './analyse-common.js';

/** The raster documents draw a logo from: at most this many pixels wide and high (150 × 32 pt at 300 dpi). */
export const LOGO_PRINT_BOX = { width: 640, height: 140 } as const;
/** A logo is at most this many times as wide as it is high, or as high as it is wide. */
export const LOGO_MAX_ASPECT = 16;
/** A PNG logo is kept at most this many pixels on its long side once decoded and encoded again. */
export const LOGO_KEPT_SIDE = 2048;

export const MEDIA_TYPES_OF_LOGO = { png: 'image/png', svg: 'image/svg+xml' } as const;

export interface LogoRasters {
  /** The picture's own size (an SVG's in points), as read before drawing. */
  width: number;
  height: number;
  /** The print raster's size in pixels; null when the logo's shape is refused (nothing drawn). */
  print: { width: number; height: number } | null;
}

/**
 * The shop's logo decoded in full and drawn again (docs/settings.md, "Logo"): a PNG's every row is
 * decoded (a damaged row fails here, in the child, never in PDFKit) and encoded again at `pngPath`;
 * a PNG or an SVG is drawn into the small opaque-or-alpha PNG documents print, at `printPath`.
 * Throws ArtworkError.
 */
export function makeLogoRasters(
  filePath: string,
  out: { printPath: string; pngPath?: string },
  limits: ArtworkLimits,
  sniffed?: Sniffed,
): Promise<LogoRasters> {
  return byFormat(filePath, sniffed, async (format): Promise<LogoRasters> => {
    if (format !== 'png' && format !== 'svg')
      throw new ArtworkError('unsupported-format', 'A logo is a PNG or an SVG.');
    const source = format === 'svg' ? await readSvg(filePath) : filePath;
    const meta = await sharp(source, { limitInputPixels: false }).metadata();
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (!width || !height) throw new ArtworkError('damaged', 'The logo has no size.');
    if (format === 'png') checkPixels(width, height, limits.maxPixels);
    // A line or a column no document's corner can show: not drawn, refused by its caller.
    if (Math.max(width, height) > LOGO_MAX_ASPECT * Math.min(width, height)) return { width, height, print: null };
    // An SVG is drawn straight at the print size (its own may claim a kilometre); a PNG is read
    // whole, every row, failing on the first damaged one.
    const longRatio = Math.min(LOGO_PRINT_BOX.width / width, LOGO_PRINT_BOX.height / height);
    const options: SharpOptions =
      format === 'svg'
        ? { density: Math.min(10_000, Math.max(0.01, 72 * longRatio)) }
        : { limitInputPixels: limits.maxPixels, failOn: 'error' };
    let input: string | Buffer = source;
    if (format === 'png') {
      const kept = await sharp(source, options)
        .timeout({ seconds: limits.timeoutSeconds })
        .resize(LOGO_KEPT_SIDE, LOGO_KEPT_SIDE, { fit: 'inside', withoutEnlargement: true })
        .png({ compressionLevel: 9 })
        .toBuffer();
      if (out.pngPath) await writeFile(out.pngPath, kept);
      input = kept;
    }
    const print = await sharp(input, format === 'svg' ? options : {})
      .timeout({ seconds: limits.timeoutSeconds })
      .resize(LOGO_PRINT_BOX.width, LOGO_PRINT_BOX.height, { fit: 'inside', withoutEnlargement: format === 'png' })
      .toColourspace('srgb')
      .png({ compressionLevel: 9 })
      .toFile(out.printPath);
    return { width, height, print: { width: print.width, height: print.height } };
  });
}
