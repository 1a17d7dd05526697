// Which pictures PDFKit may draw from a stored file, in the server's own process. Customer files
// are never decoded here by a native decoder (decision 010: those run in a child process), and
// PDFKit decodes almost nothing itself:
//
// - a JPEG is copied into the PDF as it is (its markers read in JavaScript; the viewer decodes);
// - an opaque PNG's compressed rows are copied as they are too;
// - a PNG with an alpha channel or a transparent palette is inflated and split by PDFKit in
//   JavaScript, in a zlib callback where an error would end the process. Those are checked first:
//   8 or 16 bits, not interlaced, at most MAX_DECODED_PIXELS, rows that inflate to exactly their
//   size with a known filter each (what png-js would otherwise throw on).
//
// Anything else (GIF, WebP, PDF, SVG, an interlaced or damaged PNG) is not printable: the caller
// names it instead.
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** A picture larger than this is not read into memory for a PDF. */
export const MAX_PICTURE_BYTES = 30 * 1024 * 1024;
/** Pixels PDFKit may decode in JavaScript (about 0.2 s of the event loop at this size). */
export const MAX_DECODED_PIXELS = 12_000_000;

const PNG_SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');
const inflate = promisify(zlib.inflate);

interface PngChunks {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  interlaced: boolean;
  transparency: boolean;
  data: Buffer;
}

/** The header and the concatenated IDAT of a PNG, or null when its chunks do not hold together. */
function pngChunks(bytes: Buffer): PngChunks | null {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  const header = {
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    bitDepth: bytes[24]!,
    colourType: bytes[25]!,
    interlaced: bytes[28] !== 0,
  };
  const data: Buffer[] = [];
  let transparency = false;
  for (let pos = 8; pos + 12 <= bytes.length;) {
    const length = bytes.readUInt32BE(pos);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    const end = pos + 12 + length;
    if (end > bytes.length) return null;
    if (type === 'tRNS') transparency = true;
    if (type === 'IDAT') data.push(bytes.subarray(pos + 8, pos + 8 + length));
    if (type === 'IEND') return { ...header, transparency, data: Buffer.concat(data) };
    pos = end;
  }
  return null;
}

const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

async function pngPrintable(bytes: Buffer): Promise<boolean> {
  const png = pngChunks(bytes);
  if (!png || png.width === 0 || png.height === 0 || png.data.length === 0) return false;
  const channels = CHANNELS[png.colourType];
  if (channels === undefined) return false;
  const alpha = png.colourType === 4 || png.colourType === 6;
  const decoded = alpha || (png.colourType === 3 && png.transparency) || png.interlaced;
  if (!decoded) return true;
  // What PDFKit would decode: only the plain cases, checked as png-js will read them.
  if (png.interlaced || (png.bitDepth !== 8 && png.bitDepth !== 16)) return false;
  if (png.width * png.height > MAX_DECODED_PIXELS) return false;
  const stride = 1 + (png.width * channels * png.bitDepth) / 8;
  const size = stride * png.height;
  let rows: Buffer;
  try {
    rows = await inflate(png.data, { maxOutputLength: size });
  } catch {
    return false;
  }
  if (rows.length !== size) return false;
  for (let at = 0; at < size; at += stride) if (rows[at]! > 4) return false;
  return true;
}

/** True when PDFKit can draw these bytes without a risk to the process: a JPEG, or a PNG it reads safely. */
export async function printablePicture(bytes: Buffer): Promise<boolean> {
  if (bytes.length > MAX_PICTURE_BYTES) return false;
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return true;
  return pngPrintable(bytes);
}
