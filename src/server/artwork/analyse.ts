// Reads what an uploaded artwork file is and draws a small preview of it. These functions do the
// decoding in the calling process: the server never calls them directly but through
// processArtwork (process-artwork.ts), which runs them in a child process it can kill.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { MEDIA_TYPES, VECTOR_FORMATS, type ArtworkFormat } from './detect-format.js';

import {
  ArtworkError,
  THUMBNAIL_SIZE,
  checkPixels,
  colourModeOf,
  readSvg,
  byFormat,
  readBySharp,
  DEFAULT_LIMITS,
  type ArtworkAnalysis,
  type ThumbnailResult,
  type ArtworkLimits,
  type Sniffed,
  type ColourMode,
} from './analyse-common.js';

export * from './analyse-common.js';
export * from './analyse-logo.js';

const require = createRequire(import.meta.url);

// --- Rasters that libvips reads: PNG, JPEG, GIF, WebP, TIFF, AVIF (and SVG's size) ------------

async function analyseWithSharp(input: string | Buffer, format: ArtworkFormat): Promise<ArtworkAnalysis> {
  // Reading the header decodes no pixels, so a bomb is measured here, not opened.
  const meta = await sharp(input, { limitInputPixels: false }).metadata();
  const oriented = meta.autoOrient ?? { width: meta.width, height: meta.height };
  const isVector = VECTOR_FORMATS.has(format);
  return {
    format,
    mediaType: MEDIA_TYPES[format],
    isVector,
    width: oriented.width,
    // With one page opened (the default), height is the first page's or frame's.
    height: oriented.height,
    ...(isVector ? { density: 72 } : rasterDetails(meta)),
    ...((meta.pages ?? 1) > 1 ? { pages: meta.pages } : {}),
  };
}

function rasterDetails(meta: Metadata): Partial<ArtworkAnalysis> {
  // A palette's bits per sample are index bits, not colour depth.
  const bitDepth = meta.isPalette
    ? undefined
    : (meta.bitsPerSample ?? (meta.depth === 'ushort' ? 16 : meta.depth === 'float' ? 32 : undefined));
  return {
    colourMode: colourModeOf(meta),
    hasAlpha: meta.hasAlpha,
    ...(meta.density ? { density: meta.density } : {}),
    ...(bitDepth && bitDepth !== 8 ? { bitDepth } : {}),
  };
}

async function thumbnailWithSharp(
  input: string | Buffer,
  outPath: string,
  limits: ArtworkLimits,
  options: SharpOptions = {},
): Promise<ThumbnailResult> {
  const info = await sharp(input, {
    limitInputPixels: limits.maxPixels,
    sequentialRead: true,
    // The first frame or page only: a 300-frame GIF is not decoded to preview it.
    page: 0,
    pages: 1,
    ...options,
  })
    .timeout({ seconds: limits.timeoutSeconds })
    .autoOrient()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    // CMYK and 16-bit inputs come out as 8-bit sRGB, which every browser shows the same way.
    .toColourspace('srgb')
    .webp({ quality: 80, effort: 2 })
    .toFile(outPath);
  return { made: true, width: info.width, height: info.height, mediaType: 'image/webp' };
}

async function thumbnailFromPixels(
  pixels: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  outPath: string,
  limits: ArtworkLimits,
): Promise<ThumbnailResult> {
  const raw = Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength);
  return thumbnailWithSharp(raw, outPath, limits, {
    raw: { width, height, channels: 4 },
    page: undefined,
    pages: undefined,
  });
}

async function thumbnailSvg(filePath: string, outPath: string, limits: ArtworkLimits): Promise<ThumbnailResult> {
  const svg = await readSvg(filePath);
  const meta = await sharp(svg, { limitInputPixels: false }).metadata();
  // Draw it near the preview's size rather than at its own (which may claim a kilometre).
  const longSide = Math.max(meta.width, meta.height, 1);
  const density = Math.min(100_000, Math.max(1, (72 * THUMBNAIL_SIZE) / longSide));
  return thumbnailWithSharp(svg, outPath, limits, { density, page: undefined, pages: undefined });
}

// --- PDF and Illustrator -----------------------------------------------------------------------

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;

function pdfjsDirectory(): string {
  return path.dirname(require.resolve('pdfjs-dist/package.json'));
}

async function openPdf(filePath: string, limits: ArtworkLimits) {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const { getDocument } = await pdfjs;
  const data = new Uint8Array(await readFile(filePath));
  const assets = pdfjsDirectory();
  const task = getDocument({
    data,
    // Font programs are data, never code (pdf.js once ran them through eval).
    isEvalSupported: false,
    enableXfa: false,
    // No embedded image inside the PDF may be bigger than what we open elsewhere.
    maxImageSize: limits.maxInMemoryPixels,
    standardFontDataUrl: `${path.join(assets, 'standard_fonts')}/`,
    cMapUrl: `${path.join(assets, 'cmaps')}/`,
    cMapPacked: true,
    wasmUrl: `${path.join(assets, 'wasm')}/`,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy();
    throw new ArtworkError('damaged', error instanceof Error ? error.message : String(error));
  }
}

async function analysePdf(filePath: string, format: ArtworkFormat, limits: ArtworkLimits): Promise<ArtworkAnalysis> {
  const document = await openPdf(filePath, limits);
  try {
    const page = await document.getPage(1);
    const { width, height } = page.getViewport({ scale: 1 });
    return {
      format,
      mediaType: MEDIA_TYPES[format],
      isVector: true,
      width: Math.round(width * 100) / 100,
      height: Math.round(height * 100) / 100,
      pages: document.numPages,
      density: 72,
      firstPage: await pageContent(page),
    };
  } finally {
    await document.destroy();
  }
}

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<typeof openPdf>>['getPage']>>;

async function pageContent(page: PdfPage): Promise<NonNullable<ArtworkAnalysis['firstPage']>> {
  const { OPS } = await (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));
  const drawing = new Set<number>([
    OPS.constructPath,
    OPS.showText,
    OPS.showSpacedText,
    OPS.nextLineShowText,
    OPS.nextLineSetSpacingShowText,
    OPS.shadingFill,
  ]);
  const { fnArray, argsArray } = await page.getOperatorList();
  let vectorOrText = false;
  let images = 0;
  let largestImage: { width: number; height: number } | undefined;
  fnArray.forEach((fn, i) => {
    if (drawing.has(fn)) vectorOrText = true;
    else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject) {
      images++;
      // An XObject's arguments are [id, width, height]; an inline image's are [its data].
      const args = argsArray[i] as unknown[];
      const size = (fn === OPS.paintImageXObject ? { width: args[1], height: args[2] } : args[0]) as {
        width?: unknown;
        height?: unknown;
      };
      if (typeof size.width === 'number' && typeof size.height === 'number') {
        if (!largestImage || size.width * size.height > largestImage.width * largestImage.height) {
          largestImage = { width: size.width, height: size.height };
        }
      }
    }
  });
  return { vectorOrText, images, ...(largestImage ? { largestImage } : {}) };
}

async function thumbnailPdf(filePath: string, outPath: string, limits: ArtworkLimits): Promise<ThumbnailResult> {
  const document = await openPdf(filePath, limits);
  try {
    const page = await document.getPage(1);
    const { width, height } = page.getViewport({ scale: 1 });
    // The scale comes from the page's declared size, so a page that claims to be a mile wide is
    // still drawn on a 400-pixel canvas.
    const scale = THUMBNAIL_SIZE / Math.max(width, height, 1);
    const viewport = page.getViewport({ scale });
    const canvasWidth = Math.max(1, Math.round(viewport.width));
    const canvasHeight = Math.max(1, Math.round(viewport.height));
    const { createCanvas } = await import('@napi-rs/canvas');
    const canvas = createCanvas(canvasWidth, canvasHeight);
    const context = canvas.getContext('2d');
    // PDFs have no background: a white page, as printed, not a black one.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvasWidth, canvasHeight);
    // @napi-rs/canvas implements the part of the DOM canvas that pdf.js draws with.
    const parameters = { canvas, canvasContext: context, viewport } as unknown as Parameters<typeof page.render>[0];
    await page.render(parameters).promise;
    const pixels = context.getImageData(0, 0, canvasWidth, canvasHeight).data;
    return await thumbnailFromPixels(pixels, canvasWidth, canvasHeight, outPath, limits);
  } finally {
    await document.destroy();
  }
}

// --- Photoshop ---------------------------------------------------------------------------------

const PSD_COLOUR_MODES: Record<number, ColourMode> = {
  0: 'grey',
  1: 'grey',
  2: 'indexed',
  3: 'rgb',
  4: 'cmyk',
  8: 'grey',
};

function psdHeader(head: Buffer) {
  // "8BPS", version (1 PSD, 2 PSB), 6 reserved, channels, height, width, depth, colour mode.
  if (head.length < 26) throw new ArtworkError('damaged', 'The Photoshop header is cut short.');
  return {
    channels: head.readUInt16BE(12),
    height: head.readUInt32BE(14),
    width: head.readUInt32BE(18),
    depth: head.readUInt16BE(22),
    mode: head.readUInt16BE(24),
  };
}

function analysePsd(head: Buffer): ArtworkAnalysis {
  const header = psdHeader(head);
  const colourMode = PSD_COLOUR_MODES[header.mode];
  const colourChannels = colourMode === 'cmyk' ? 4 : colourMode === 'rgb' ? 3 : 1;
  return {
    format: 'psd',
    mediaType: MEDIA_TYPES.psd,
    isVector: false,
    width: header.width,
    height: header.height,
    ...(colourMode ? { colourMode } : {}),
    hasAlpha: header.channels > colourChannels,
    ...(header.depth !== 8 ? { bitDepth: header.depth } : {}),
  };
}

async function thumbnailPsd(
  filePath: string,
  head: Buffer,
  outPath: string,
  limits: ArtworkLimits,
): Promise<ThumbnailResult> {
  const header = psdHeader(head);
  // ag-psd decodes the whole composite into memory: refuse before it starts.
  checkPixels(header.width, header.height, limits.maxInMemoryPixels);
  const { initializeCanvas, readPsd } = await import('ag-psd');
  const { createCanvas } = await import('@napi-rs/canvas');
  // ag-psd makes its pixel buffers through a canvas API; plain arrays are all a composite needs.
  initializeCanvas(
    (width, height) => createCanvas(width, height) as unknown as HTMLCanvasElement,
    (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: 'srgb' }),
  );
  const psd = readPsd(await readFile(filePath), {
    skipLayerImageData: true,
    skipThumbnail: true,
    useImageData: true,
    totalMemoryLimit: limits.maxInMemoryPixels * 4,
  });
  const image = psd.imageData;
  if (!image) {
    return {
      made: false,
      code: 'no-composite',
      reason: 'The Photoshop file has no composite image (saved without "Maximize Compatibility").',
    };
  }
  return thumbnailFromPixels(to8Bit(image.data), image.width, image.height, outPath, limits);
}

// 16- and 32-bit Photoshop composites come as wider arrays; a preview needs 8 bits.
function to8Bit(data: Uint8Array | Uint8ClampedArray | Uint16Array | Float32Array): Uint8Array | Uint8ClampedArray {
  if (data instanceof Uint8Array || data instanceof Uint8ClampedArray) return data;
  const out = new Uint8ClampedArray(data.length);
  const scale = data instanceof Uint16Array ? 255 / 65535 : 255;
  for (let i = 0; i < data.length; i++) out[i] = (data[i] ?? 0) * scale;
  return out;
}

// --- HEIC (phones) -----------------------------------------------------------------------------

interface HeicImage {
  width: number;
  height: number;
  decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}
type HeicDecodeAll = (input: { buffer: Uint8Array }) => Promise<HeicImage[] & { dispose(): void }>;

// sharp's prebuilt libvips reads HEIF with AV1 inside (AVIF) but not HEVC, which is what phones
// write; libheif compiled to WebAssembly (LGPL, in its own package) decodes it.
async function withHeic<T>(filePath: string, use: (images: HeicImage[]) => Promise<T>): Promise<T> {
  const decodeAll = (require('heic-decode') as { all: HeicDecodeAll }).all;
  let images: Awaited<ReturnType<HeicDecodeAll>>;
  try {
    images = await decodeAll({ buffer: new Uint8Array(await readFile(filePath)) });
  } catch (error) {
    throw new ArtworkError('damaged', error instanceof Error ? error.message : String(error));
  }
  try {
    return await use(images);
  } finally {
    images.dispose();
  }
}

async function analyseHeic(filePath: string): Promise<ArtworkAnalysis> {
  const base = { format: 'heic' as const, mediaType: MEDIA_TYPES.heic, isVector: false };
  // libvips reads the container (size, alpha, orientation) without decoding HEVC.
  const meta = await sharp(filePath, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (meta) return { ...base, ...(await analyseWithSharp(filePath, 'heic')) };
  return withHeic(filePath, ([first, ...rest]) =>
    Promise.resolve({
      ...base,
      width: first?.width,
      height: first?.height,
      colourMode: 'rgb' as const,
      ...(rest.length > 0 ? { pages: rest.length + 1 } : {}),
    }),
  );
}

async function thumbnailHeic(filePath: string, outPath: string, limits: ArtworkLimits): Promise<ThumbnailResult> {
  return withHeic(filePath, async ([first]) => {
    if (!first) throw new ArtworkError('damaged', 'The HEIC file holds no image.');
    checkPixels(first.width, first.height, limits.maxInMemoryPixels);
    const image = await first.decode();
    return thumbnailFromPixels(image.data, image.width, image.height, outPath, limits);
  });
}

// --- EPS and PostScript Illustrator ------------------------------------------------------------

// Rendering PostScript needs Ghostscript, whose licence (AGPL) a shop's server cannot take on
// lightly; EPS files often carry a preview, and when they do we show it.
async function readEps(filePath: string) {
  const data = await readFile(filePath);
  let postscript = data;
  let preview: Buffer | undefined;
  if (data.readUInt32BE(0) === 0xc5d0d3c6 && data.length >= 30) {
    const psStart = data.readUInt32LE(4);
    const psLength = data.readUInt32LE(8);
    const tiffStart = data.readUInt32LE(20);
    const tiffLength = data.readUInt32LE(24);
    postscript = data.subarray(psStart, psStart + psLength);
    if (tiffStart > 0 && tiffLength > 0 && tiffStart + tiffLength <= data.length) {
      preview = data.subarray(tiffStart, tiffStart + tiffLength);
    }
  }
  const comments = postscript.subarray(0, 64 * 1024).toString('latin1');
  const box =
    /%%HiResBoundingBox:\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)/.exec(comments) ??
    /%%BoundingBox:\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)/.exec(comments);
  const [llx, lly, urx, ury] = box ? box.slice(1, 5).map(Number) : [];
  const size =
    llx !== undefined && lly !== undefined && urx !== undefined && ury !== undefined && urx > llx && ury > lly
      ? { width: Math.round((urx - llx) * 100) / 100, height: Math.round((ury - lly) * 100) / 100 }
      : {};
  const colourMode: ColourMode | undefined = /%%DocumentProcessColors:.*(Cyan|Magenta|Yellow)/.test(comments)
    ? 'cmyk'
    : undefined;
  return { size, preview, colourMode };
}

// --- The two entry points ----------------------------------------------------------------------

export function analyseArtwork(
  filePath: string,
  limits: ArtworkLimits = DEFAULT_LIMITS,
  sniffed?: Sniffed,
): Promise<ArtworkAnalysis> {
  return byFormat(filePath, sniffed, async (format, head): Promise<ArtworkAnalysis> => {
    if (readBySharp(format)) return analyseWithSharp(filePath, format);
    switch (format) {
      case 'svg':
        return analyseWithSharp(await readSvg(filePath), format);
      case 'heic':
        return analyseHeic(filePath);
      case 'psd':
        return analysePsd(head);
      case 'pdf':
        return analysePdf(filePath, format, limits);
      case 'ai':
        if (head.toString('latin1', 0, 1024).includes('%PDF-')) return analysePdf(filePath, format, limits);
        return { format, mediaType: MEDIA_TYPES.ai, isVector: true, density: 72, ...(await readEps(filePath)).size };
      case 'eps': {
        const eps = await readEps(filePath);
        return {
          format,
          mediaType: MEDIA_TYPES.eps,
          isVector: true,
          density: 72,
          ...eps.size,
          ...(eps.colourMode ? { colourMode: eps.colourMode } : {}),
        };
      }
    }
  });
}

/**
 * A WebP preview, at most 400 pixels on its long side, of the first page or frame. SVG is
 * rasterised here so the inbox never serves a customer's SVG inline. Throws ArtworkError when
 * the file cannot be read; returns `made: false` when there is nothing we can draw (EPS without
 * a preview).
 */
export function makeThumbnail(
  filePath: string,
  outPath: string,
  limits: ArtworkLimits = DEFAULT_LIMITS,
  sniffed?: Sniffed,
): Promise<ThumbnailResult> {
  return byFormat(filePath, sniffed, async (format, head): Promise<ThumbnailResult> => {
    if (readBySharp(format)) return thumbnailWithSharp(filePath, outPath, limits);
    switch (format) {
      case 'svg':
        return thumbnailSvg(filePath, outPath, limits);
      case 'heic':
        return thumbnailHeic(filePath, outPath, limits);
      case 'psd':
        return thumbnailPsd(filePath, head, outPath, limits);
      case 'pdf':
        return thumbnailPdf(filePath, outPath, limits);
      case 'ai':
      case 'eps': {
        if (format === 'ai' && head.toString('latin1', 0, 1024).includes('%PDF-')) {
          return thumbnailPdf(filePath, outPath, limits);
        }
        const { preview } = await readEps(filePath);
        if (preview) return thumbnailWithSharp(preview, outPath, limits);
        return {
          made: false,
          code: 'no-renderer',
          reason: 'PostScript needs a renderer (Ghostscript) that is not installed, and the file has no preview.',
        };
      }
    }
  });
}
