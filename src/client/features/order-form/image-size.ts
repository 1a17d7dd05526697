// The pixel size of an uploaded picture, read from its first bytes so the form can warn about
// low resolution before the order is sent, without decoding the picture and without a library
// (this ships in the customer's first page load). The server reads the file again on its own
// and has the last word; this is only a hint.

type RasterFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp' | 'tiff';

interface ImageSize {
  format: RasterFormat;
  /** As the picture is shown: a phone's portrait JPEG stored sideways has its sides swapped. */
  width: number;
  height: number;
}

/** More bytes are needed, starting at this offset in the file (a JPEG segment or a TIFF IFD). */
interface NeedBytes {
  needBytesAt: number;
}

export const HEAD_BYTES = 64 * 1024;

class OutOfBytes extends Error {
  constructor(readonly at: number) {
    super(`need byte ${at}`);
  }
}

// The bytes we have: the file's head and, optionally, one later window of it.
class Bytes {
  constructor(
    private readonly head: Uint8Array,
    private readonly tail?: { offset: number; bytes: Uint8Array },
  ) {}

  u8(at: number): number {
    let value: number | undefined;
    if (at < this.head.length) value = this.head[at];
    else if (this.tail && at >= this.tail.offset) value = this.tail.bytes[at - this.tail.offset];
    if (value === undefined) throw new OutOfBytes(at);
    return value;
  }

  u16(at: number, little: boolean): number {
    const a = this.u8(at);
    const b = this.u8(at + 1);
    return little ? a | (b << 8) : (a << 8) | b;
  }

  u24le(at: number): number {
    return this.u8(at) | (this.u8(at + 1) << 8) | (this.u8(at + 2) << 16);
  }

  u32(at: number, little: boolean): number {
    const [a, b] = little
      ? [this.u16(at, true), this.u16(at + 2, true)]
      : [this.u16(at + 2, false), this.u16(at, false)];
    return a + b * 0x10000;
  }

  ascii(at: number, length: number): string {
    let text = '';
    for (let i = 0; i < length; i++) text += String.fromCharCode(this.u8(at + i));
    return text;
  }
}

/**
 * Reads the pixel size from a raster file's bytes: PNG, JPEG, GIF, WebP, BMP and TIFF.
 * Null when the bytes are none of those or make no sense; `{ needBytesAt }` when the size is
 * further into the file than the bytes given (pass that window as `tail` and call again).
 */
export function readImageSize(
  head: Uint8Array,
  tail?: { offset: number; bytes: Uint8Array },
): ImageSize | NeedBytes | null {
  const bytes = new Bytes(head, tail);
  try {
    const size = readSize(bytes);
    return size && size.width > 0 && size.height > 0 ? size : null;
  } catch (error) {
    if (error instanceof OutOfBytes) return { needBytesAt: error.at };
    throw error;
  }
}

function readSize(b: Bytes): ImageSize | null {
  if (b.u8(0) === 0x89 && b.ascii(1, 3) === 'PNG') {
    // The signature, then IHDR, which the format requires to come first.
    if (b.ascii(12, 4) !== 'IHDR') return null;
    return { format: 'png', width: b.u32(16, false), height: b.u32(20, false) };
  }
  if (b.u8(0) === 0xff && b.u8(1) === 0xd8) return readJpeg(b);
  const magic = b.ascii(0, 4);
  if (magic === 'GIF8') return { format: 'gif', width: b.u16(6, true), height: b.u16(8, true) };
  if (magic === 'RIFF' && b.ascii(8, 4) === 'WEBP') return readWebp(b);
  if (magic.startsWith('BM')) return readBmp(b);
  if (magic === 'II*\0' || magic === 'MM\0*') return readTiff(b, magic === 'II*\0');
  return null;
}

// Start-of-frame markers carry the size; C4 (Huffman tables), C8 and CC (arithmetic coding) do not.
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function readJpeg(b: Bytes): ImageSize | null {
  let at = 2;
  let orientation = 1;
  for (;;) {
    if (b.u8(at) !== 0xff) return null;
    let marker = b.u8(at + 1);
    // Any number of 0xFF fill bytes may come before a marker.
    while (marker === 0xff) marker = b.u8(++at + 1);
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or pixels before any frame
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = b.u16(at + 2, false);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      const height = b.u16(at + 5, false);
      const width = b.u16(at + 7, false);
      return orientation >= 5 ? { format: 'jpeg', width: height, height: width } : { format: 'jpeg', width, height };
    }
    if (marker === 0xe1 && b.ascii(at + 4, 6) === 'Exif\0\0') orientation = exifOrientation(b, at + 10);
    at += 2 + length;
  }
}

// EXIF is a little TIFF: the orientation (tag 274) is in its first IFD. Values 5 to 8 mean the
// picture is stored turned a quarter, so its shown width is the stored height.
function exifOrientation(b: Bytes, tiffStart: number): number {
  const little = b.ascii(tiffStart, 2) === 'II';
  const ifd = tiffStart + b.u32(tiffStart + 4, little);
  const count = b.u16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (b.u16(entry, little) === 274) return b.u16(entry + 8, little);
  }
  return 1;
}

function readWebp(b: Bytes): ImageSize | null {
  const chunk = b.ascii(12, 4);
  if (chunk === 'VP8 ') {
    // A lossy key frame: start code 9D 01 2A, then 14-bit width and height (2 bits of scale).
    if (b.u8(23) !== 0x9d || b.u8(24) !== 0x01 || b.u8(25) !== 0x2a) return null;
    return { format: 'webp', width: b.u16(26, true) & 0x3fff, height: b.u16(28, true) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    // Lossless: signature 0x2F, then width − 1 and height − 1 in 14 bits each.
    if (b.u8(20) !== 0x2f) return null;
    const bits = b.u32(21, true);
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    // Extended (alpha, animation, metadata): the canvas size, minus one, in 24 bits each.
    return { format: 'webp', width: b.u24le(24) + 1, height: b.u24le(27) + 1 };
  }
  return null;
}

function readBmp(b: Bytes): ImageSize | null {
  const headerSize = b.u32(14, true);
  if (headerSize === 12) return { format: 'bmp', width: b.u16(18, true), height: b.u16(20, true) };
  if (headerSize < 40) return null;
  const width = b.u32(18, true) | 0;
  // A negative height means rows are stored top-down; the size is the same.
  const height = b.u32(22, true) | 0;
  return { format: 'bmp', width, height: Math.abs(height) };
}

function readTiff(b: Bytes, little: boolean): ImageSize | null {
  const ifd = b.u32(4, little);
  if (ifd < 8) return null;
  const count = b.u16(ifd, little);
  let width = 0;
  let height = 0;
  let orientation = 1;
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    const tag = b.u16(entry, little);
    if (tag !== 256 && tag !== 257 && tag !== 274) continue;
    // SHORT (3) values sit in the first two bytes of the value field, LONG (4) fill it.
    const type = b.u16(entry + 2, little);
    const value = type === 3 ? b.u16(entry + 8, little) : type === 4 ? b.u32(entry + 8, little) : 0;
    if (tag === 256) width = value;
    else if (tag === 257) height = value;
    else orientation = value;
  }
  return orientation >= 5 ? { format: 'tiff', width: height, height: width } : { format: 'tiff', width, height };
}

/**
 * The pixel size of a picture the customer picked, or null when it is not a raster format we
 * read (SVG, PDF, HEIC…) or the file is damaged. Reads 64 KiB, plus a window or two further on
 * when a JPEG's metadata is long or a TIFF keeps its directory at the end.
 */
export async function readImageFileSize(file: Blob): Promise<ImageSize | null> {
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  let result = readImageSize(head);
  // One window that grows from where the head fell short, so a walk through JPEG segments can
  // cross it; a megabyte of metadata before the size is not a picture we need to read.
  let tailStart = -1;
  while (result && 'needBytesAt' in result) {
    const at = result.needBytesAt;
    if (tailStart < 0 || at < tailStart) tailStart = at;
    const end = at + HEAD_BYTES;
    if (tailStart >= file.size || end - tailStart > 16 * HEAD_BYTES) return null;
    const bytes = new Uint8Array(await file.slice(tailStart, end).arrayBuffer());
    // No progress: the file ends before the bytes the format promised.
    if (tailStart + bytes.length <= at) return null;
    result = readImageSize(head, { offset: tailStart, bytes });
  }
  return result;
}
