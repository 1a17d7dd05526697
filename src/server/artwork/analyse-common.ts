// What every reader of artwork shares (analyse.ts, analyse-logo.ts): the analysis's shape, the
// failures and limits, the format told from the bytes, and the wrapper that turns any failure into
// an ArtworkError. Runs in the child process processArtwork starts (process-artwork.ts).
import { readFile } from 'node:fs/promises';
import type { Metadata } from 'sharp';
import { detectFormat, readHeadAndTail, type ArtworkFormat } from './detect-format.js';

export type ColourMode = 'rgb' | 'cmyk' | 'grey' | 'indexed';

export interface ArtworkAnalysis {
  /** From the bytes, not the name. */
  format: ArtworkFormat;
  mediaType: string;
  isVector: boolean;
  /**
   * The picture's size as it is shown (a phone photo stored sideways is reported upright). In
   * pixels for rasters; in points (1/72 inch, `density` 72) for SVG, PDF, Illustrator and EPS.
   */
  width?: number;
  height?: number;
  colourMode?: ColourMode;
  hasAlpha?: boolean;
  /** Pages of a PDF or Illustrator file, frames of a GIF or WebP, images in a TIFF or HEIC. */
  pages?: number;
  /** Pixels per inch stored in the file, when it says. */
  density?: number;
  /** Bits per channel, when not 8. */
  bitDepth?: number;
  /**
   * What the first page of a PDF or Illustrator file draws. A "vector" PDF that holds only a
   * picture (`vectorOrText: false`) is a raster in disguise: rate its largest image instead.
   */
  firstPage?: { vectorOrText: boolean; images: number; largestImage?: { width: number; height: number } };
}

export type ThumbnailResult =
  | { made: true; width: number; height: number; mediaType: 'image/webp' | 'image/png' }
  | { made: false; code: FailureCode | 'no-renderer' | 'no-composite'; reason: string };

export type FailureCode =
  'unsupported-format' | 'too-many-pixels' | 'damaged' | 'timeout' | 'memory-limit' | 'crashed' | 'not-found';

export class ArtworkError extends Error {
  constructor(
    readonly code: FailureCode,
    message: string,
  ) {
    super(message);
    this.name = 'ArtworkError';
  }
}

export interface ArtworkLimits {
  /**
   * Most pixels a raster may declare before we refuse to decode it (libvips streams, so this is
   * about time more than memory). sharp's own default: 16383 × 16383.
   */
  maxPixels: number;
  /**
   * Most pixels for the decoders that hold the whole picture in memory at 4 bytes a pixel
   * (Photoshop, HEIC): 100 megapixels is 400 MB.
   */
  maxInMemoryPixels: number;
  /** Seconds libvips may spend on one operation before it gives up by itself. */
  timeoutSeconds: number;
}

export const DEFAULT_LIMITS: ArtworkLimits = {
  maxPixels: 16383 * 16383,
  maxInMemoryPixels: 100_000_000,
  timeoutSeconds: 30,
};

/** The long side of a preview, in pixels. */
export const THUMBNAIL_SIZE = 400;

/** What a file is, from its first and last bytes, with its first bytes (some decoders read them). */
export interface Sniffed {
  format: ArtworkFormat;
  head: Buffer;
}

/** Tells the file's format once, for both the analysis and the thumbnail. Throws ArtworkError. */
export async function sniff(filePath: string): Promise<Sniffed> {
  const { head, tail } = await readHeadAndTail(filePath).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT' ? new ArtworkError('not-found', 'The file does not exist.') : error;
  });
  const format = detectFormat(head, tail);
  if (!format) throw new ArtworkError('unsupported-format', 'Not a picture or document we can read.');
  return { format, head };
}

export function checkPixels(width: number, height: number, limit: number): void {
  if (width * height > limit) {
    throw new ArtworkError(
      'too-many-pixels',
      `The picture declares ${width} × ${height} pixels, more than the ${Math.round(limit / 1e6)} megapixels we open.`,
    );
  }
}

// sharp's errors are plain Errors with libvips' message; anything it cannot decode is damaged
// (or in a variant we do not read), and the message goes to the log, not to the customer.
export function asArtworkError(error: unknown): ArtworkError {
  if (error instanceof ArtworkError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new ArtworkError('too-many-pixels', message);
  if (/timeout/i.test(message)) return new ArtworkError('timeout', message);
  return new ArtworkError('damaged', message);
}

export function colourModeOf(meta: Metadata): ColourMode {
  if (meta.space === 'cmyk') return 'cmyk';
  if (meta.isPalette) return 'indexed';
  if (meta.space === 'b-w' || meta.space === 'grey16' || meta.channels === 1) return 'grey';
  return 'rgb';
}

// --- SVG ---------------------------------------------------------------------------------------

// From a Buffer, never from the path: librsvg then has no base location, so an <image> pointing
// at a file on the server, or anywhere else, is not loaded. librsvg runs no scripts.
export async function readSvg(filePath: string): Promise<Buffer> {
  return readFile(filePath);
}

/** The formats sharp reads straight from the file, for the analysis as for the thumbnail. */
type SharpFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'tiff' | 'avif';
const SHARP_FORMATS: readonly ArtworkFormat[] = ['png', 'jpeg', 'gif', 'webp', 'tiff', 'avif'] satisfies SharpFormat[];
export const readBySharp = (format: ArtworkFormat): format is SharpFormat => SHARP_FORMATS.includes(format);

/**
 * What both entry points do around their own reading: the format told from the bytes (or as
 * `sniff` told it before), BMP refused, and any failure thrown as an ArtworkError.
 */
export async function byFormat<T>(
  filePath: string,
  sniffed: Sniffed | undefined,
  read: (format: Exclude<ArtworkFormat, 'bmp'>, head: Buffer) => Promise<T>,
): Promise<T> {
  const { format, head } = sniffed ?? (await sniff(filePath));
  try {
    if (format === 'bmp') throw new ArtworkError('unsupported-format', 'BMP is not read on the server; ask for PNG.');
    return await read(format, head);
  } catch (error) {
    throw asArtworkError(error);
  }
}

/** What the file is, from its bytes. Throws ArtworkError. */
