// What a file is, from its bytes: the name and the browser's media type are the customer's
// word, and a renamed file must go to the right decoder (or to none).
import { open } from 'node:fs/promises';

export type ArtworkFormat =
  'png' | 'jpeg' | 'gif' | 'webp' | 'tiff' | 'bmp' | 'avif' | 'heic' | 'svg' | 'pdf' | 'ai' | 'eps' | 'psd';

export const MEDIA_TYPES: Record<ArtworkFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  avif: 'image/avif',
  heic: 'image/heic',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  ai: 'application/illustrator',
  eps: 'application/postscript',
  psd: 'image/vnd.adobe.photoshop',
};

export const VECTOR_FORMATS: ReadonlySet<ArtworkFormat> = new Set(['svg', 'pdf', 'ai', 'eps']);

/**
 * Which of the two queues a file waits in (docs/decisions/017-artwork-lanes-and-cpu-budget.md).
 * A raster's work is bounded by the pixel count its header declares, which is checked before
 * anything is decoded; SVG, PDF, Illustrator and EPS describe a drawing whose cost (filters,
 * paths, fonts, page content) nothing before the drawing tells, and a few kilobytes can keep a
 * renderer busy for minutes. PSD and HEIC are rasters here: a PSD's composite and a HEIC's image
 * are decoded pixel by pixel, within the pixel cap read from their headers.
 */
export type ArtworkLane = 'raster' | 'vector';

export function laneOf(format: ArtworkFormat): ArtworkLane {
  return VECTOR_FORMATS.has(format) ? 'vector' : 'raster';
}

const latin1 = (bytes: Buffer, start: number, end: number) => bytes.toString('latin1', start, end);

// HEIF brands: phones write 'heic'; 'mif1' is the generic still-image brand used by both HEIC and
// AVIF, so the compatible brands decide.
function isoMediaFormat(bytes: Buffer): ArtworkFormat | null {
  if (bytes.length < 12 || latin1(bytes, 4, 8) !== 'ftyp') return null;
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length);
  const brands = [latin1(bytes, 8, 12)];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(latin1(bytes, at, at + 4));
  if (brands.some((brand) => brand === 'avif' || brand === 'avis')) return 'avif';
  if (brands.some((brand) => ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(brand))) {
    return 'heic';
  }
  return null;
}

/**
 * The format of a file from its first bytes (4 KiB is plenty; 64 KiB lets an Illustrator file
 * be told from a plain PDF). `tail` is the file's last bytes, where Illustrator also leaves its
 * mark. Null for anything that is not artwork we read.
 */
export function detectFormat(head: Buffer, tail: Buffer = Buffer.alloc(0)): ArtworkFormat | null {
  if (head.length < 4) return null;
  if (head[0] === 0x89 && latin1(head, 1, 4) === 'PNG') return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  const magic = latin1(head, 0, 4);
  if (magic === 'GIF8') return 'gif';
  if (magic === 'RIFF' && latin1(head, 8, 12) === 'WEBP') return 'webp';
  if (magic === 'II*\0' || magic === 'MM\0*' || magic === 'II+\0' || magic === 'MM\0+') return 'tiff';
  if (magic === '8BPS') return 'psd';
  if (magic.startsWith('BM')) return 'bmp';
  // A "DOS EPS": a binary header in front of the PostScript, often with a TIFF preview.
  if (head[0] === 0xc5 && head[1] === 0xd0 && head[2] === 0xd3 && head[3] === 0xc6) return 'eps';
  const iso = isoMediaFormat(head);
  if (iso) return iso;

  const text = latin1(head, 0, head.length);
  const pdfAt = text.slice(0, 1024).indexOf('%PDF-');
  if (pdfAt >= 0) {
    // Illustrator saves a PDF with its own data inside; pdf.js draws the PDF part either way.
    const marks = /Adobe Illustrator|AIPrivateData|<illustrator:/;
    return marks.test(text) || marks.test(latin1(tail, 0, tail.length)) ? 'ai' : 'pdf';
  }
  if (text.startsWith('%!PS-Adobe')) {
    // Illustrator files before version 9 are PostScript; to us they are EPS without a renderer.
    return /%%Creator:\s*Adobe Illustrator/.test(text.slice(0, 4096)) && !/EPSF/.test(text.slice(0, 40)) ? 'ai' : 'eps';
  }
  // Gzipped SVG (.svgz).
  if (head[0] === 0x1f && head[1] === 0x8b) return 'svg';
  // SVG is XML: allow a byte order mark, an XML declaration, comments and a doctype first.
  const start = text.slice(0, 4096).replace(/^\uFEFF|^\xEF\xBB\xBF/, '');
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>\s*)*<svg[\s>]/i.test(start)) {
    return 'svg';
  }
  return null;
}

/** The first 64 KiB and the last 4 KiB of a file (or all of a smaller one): what detectFormat reads. */
export async function readHeadAndTail(filePath: string): Promise<{ head: Buffer; tail: Buffer; size: number }> {
  const file = await open(filePath, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(Math.min(size, 64 * 1024));
    await file.read(head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(size, 4096));
    await file.read(tail, 0, tail.length, size - tail.length);
    return { head, tail, size };
  } finally {
    await file.close();
  }
}
