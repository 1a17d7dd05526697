// Real files, made here with sharp (libvips) where it can write the format, and by hand for the
// headers it cannot (BMP, big-endian TIFF) or for layouts worth pinning (long JPEG metadata).
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { HEAD_BYTES, readImageFileSize, readImageSize } from './image-size.js';

function picture(width: number, height: number, channels: 3 | 4 = 3) {
  return sharp({ create: { width, height, channels, background: { r: 200, g: 30, b: 60, alpha: 0.5 } } });
}

// Random pixels so that compressed files are large enough to push things past 64 KiB.
function noise(width: number, height: number) {
  const pixels = new Uint8Array(width * height * 3);
  let seed = 1;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    pixels[i] = seed >>> 24;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

const bytes = async (image: Sharp) => Uint8Array.from(await image.toBuffer());

function jpegSegment(marker: number, payload: Uint8Array): Uint8Array {
  const segment = new Uint8Array(4 + payload.length);
  segment.set([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]);
  segment.set(payload, 4);
  return segment;
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

describe('readImageSize', () => {
  it.each([
    ['png', () => picture(601, 401).png()],
    ['png', () => picture(601, 401, 4).png()],
    ['png', () => picture(601, 401).png({ palette: true })],
    ['png', () => picture(601, 401).toColourspace('rgb16').png()],
    ['jpeg', () => picture(601, 401).jpeg()],
    ['jpeg', () => picture(601, 401).jpeg({ progressive: true })],
    ['jpeg', () => picture(601, 401).toColourspace('cmyk').jpeg()],
    ['jpeg', () => picture(601, 401).greyscale().jpeg()],
    ['gif', () => picture(601, 401).gif()],
    ['webp', () => picture(601, 401).webp()],
    ['webp', () => picture(601, 401).webp({ lossless: true })],
    ['webp', () => picture(601, 401, 4).webp()],
    ['webp', () => picture(601, 401).webp().withMetadata()],
    ['tiff', () => picture(601, 401).tiff()],
    ['tiff', () => picture(601, 401).tiff({ compression: 'lzw', tile: true })],
  ])('reads a %s made by sharp (case %#)', async (format, make) => {
    expect(readImageSize(await bytes(make()))).toEqual({ format, width: 601, height: 401 });
  });

  it('reads the lossless WebP limit of 16384 pixels', async () => {
    const image = await bytes(
      sharp({ create: { width: 16383, height: 1, channels: 3, background: 'red' } }).webp({ lossless: true }),
    );
    expect(readImageSize(image)).toEqual({ format: 'webp', width: 16383, height: 1 });
  });

  it('swaps the sides of a JPEG stored sideways (EXIF orientation 6, as phones do)', async () => {
    const image = await bytes(picture(601, 401).jpeg().withMetadata({ orientation: 6 }));
    expect(readImageSize(image)).toEqual({ format: 'jpeg', width: 401, height: 601 });
  });

  it('keeps the sides of a JPEG with orientation 3 (upside down)', async () => {
    const image = await bytes(picture(601, 401).jpeg().withMetadata({ orientation: 3 }));
    expect(readImageSize(image)).toEqual({ format: 'jpeg', width: 601, height: 401 });
  });

  it('walks JPEG segments past the first 64 KiB, with fill bytes before a marker', async () => {
    const jpeg = await bytes(picture(601, 401).jpeg());
    const comment = jpegSegment(0xfe, new Uint8Array(60_000).fill(0x41));
    const file = concat(jpeg.subarray(0, 2), comment, comment, new Uint8Array([0xff, 0xff]), jpeg.subarray(2));
    const head = file.subarray(0, HEAD_BYTES);
    const more = readImageSize(head);
    expect(more).toEqual({ needBytesAt: 2 + 2 * 60_004 });
    if (!more || !('needBytesAt' in more)) throw new Error('expected a request for more bytes');
    const tail = { offset: more.needBytesAt, bytes: file.subarray(more.needBytesAt, more.needBytesAt + HEAD_BYTES) };
    expect(readImageSize(head, tail)).toEqual({ format: 'jpeg', width: 601, height: 401 });
    expect(await readImageFileSize(new Blob([file]))).toEqual({ format: 'jpeg', width: 601, height: 401 });
  });

  it('reads a TIFF whose directory is after 64 KiB of pixels', async () => {
    const file = await bytes(noise(300, 300).tiff({ compression: 'none' }));
    expect(new DataView(file.buffer).getUint32(4, true)).toBeGreaterThan(HEAD_BYTES);
    expect(await readImageFileSize(new Blob([file]))).toEqual({ format: 'tiff', width: 300, height: 300 });
  });

  it('reads a big-endian TIFF with SHORT sizes and one with LONG sizes', () => {
    const tiff = (type: 3 | 4) => {
      const out = new Uint8Array(8 + 2 + 2 * 12 + 4);
      const view = new DataView(out.buffer);
      out.set([0x4d, 0x4d, 0, 42]);
      view.setUint32(4, 8);
      view.setUint16(8, 2);
      [
        [256, 5000],
        [257, 70000 % 65536],
      ].forEach(([tag = 0, value = 0], i) => {
        const entry = 10 + i * 12;
        view.setUint16(entry, tag);
        view.setUint16(entry + 2, type);
        view.setUint32(entry + 4, 1);
        if (type === 3) view.setUint16(entry + 8, value);
        else view.setUint32(entry + 8, value);
      });
      return out;
    };
    expect(readImageSize(tiff(3))).toEqual({ format: 'tiff', width: 5000, height: 4464 });
    expect(readImageSize(tiff(4))).toEqual({ format: 'tiff', width: 5000, height: 4464 });
  });

  it('reads Windows BMP headers, including a top-down one, and the old OS/2 header', () => {
    const bmp = (width: number, height: number) => {
      const out = new Uint8Array(54);
      const view = new DataView(out.buffer);
      out.set([0x42, 0x4d]);
      view.setUint32(2, 54, true);
      view.setUint32(10, 54, true);
      view.setUint32(14, 40, true);
      view.setInt32(18, width, true);
      view.setInt32(22, height, true);
      view.setUint16(26, 1, true);
      view.setUint16(28, 24, true);
      return out;
    };
    expect(readImageSize(bmp(640, 480))).toEqual({ format: 'bmp', width: 640, height: 480 });
    expect(readImageSize(bmp(640, -480))).toEqual({ format: 'bmp', width: 640, height: 480 });
    const os2 = new Uint8Array(26);
    const view = new DataView(os2.buffer);
    os2.set([0x42, 0x4d]);
    view.setUint32(14, 12, true);
    view.setUint16(18, 320, true);
    view.setUint16(20, 200, true);
    expect(readImageSize(os2)).toEqual({ format: 'bmp', width: 320, height: 200 });
  });

  it('returns null for what is not a raster it knows', async () => {
    const text = new TextEncoder();
    expect(readImageSize(text.encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'))).toBeNull();
    expect(readImageSize(text.encode('%PDF-1.7\n'))).toBeNull();
    expect(readImageSize(await bytes(picture(20, 10).avif()))).toBeNull();
    expect(readImageSize(new Uint8Array(100))).toBeNull();
  });

  it('asks for more bytes, and the file wrapper gives up, when a file is cut short', async () => {
    const png = await bytes(picture(601, 401).png());
    expect(readImageSize(png.subarray(0, 10))).toEqual({ needBytesAt: 12 });
    expect(await readImageFileSize(new Blob([png.subarray(0, 10)]))).toBeNull();
    expect(await readImageFileSize(new Blob([]))).toBeNull();
  });

  it('rejects a JPEG whose pixels start before any frame header, and a zero size', async () => {
    expect(readImageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBeNull();
    const png = await bytes(picture(601, 401).png());
    png.set([0, 0, 0, 0], 16);
    expect(readImageSize(png)).toBeNull();
  });

  it('reads the size through the Blob wrapper from the head alone', async () => {
    const file = await bytes(noise(500, 500).jpeg({ quality: 95 }));
    expect(file.length).toBeGreaterThan(HEAD_BYTES);
    expect(await readImageFileSize(new Blob([file]))).toEqual({ format: 'jpeg', width: 500, height: 500 });
  });
});
