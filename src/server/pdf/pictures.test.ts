// Which pictures PDFKit may draw in the server's process: JPEGs and PNGs it reads safely, and
// never a PNG whose decoding in PDFKit's zlib callback would throw (and end the process).
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { hasPoppler, pdfImages } from '../../../tests/support/pdf.js';
import { MAX_DECODED_PIXELS, printablePicture } from './pictures.js';
import { renderPdf } from './render.js';

const flat = (width: number, height: number, channels: 3 | 4) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 40, b: 40, alpha: 0.5 } } });

/** The PNG's chunks, and the PNG made again from (changed) chunks with their CRCs. */
function chunks(png: Buffer): { type: string; data: Buffer }[] {
  const out: { type: string; data: Buffer }[] = [];
  for (let pos = 8; pos < png.length;) {
    const length = png.readUInt32BE(pos);
    out.push({ type: png.toString('latin1', pos + 4, pos + 8), data: png.subarray(pos + 8, pos + 8 + length) });
    pos += 12 + length;
  }
  return out;
}
function pngOf(list: { type: string; data: Buffer }[]): Buffer {
  const parts: Buffer[] = [Buffer.from('89504e470d0a1a0a', 'hex')];
  for (const { type, data } of list) {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
    parts.push(head, data, crc);
  }
  return Buffer.concat(parts);
}
/** The PNG with its rows inflated, changed, and deflated again into one IDAT. */
function withRows(png: Buffer, change: (rows: Buffer) => Buffer): Buffer {
  const list = chunks(png);
  const rows = zlib.inflateSync(Buffer.concat(list.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const idat = { type: 'IDAT', data: zlib.deflateSync(change(Buffer.from(rows))) };
  const first = list.findIndex((c) => c.type === 'IDAT');
  return pngOf([...list.slice(0, first), idat, ...list.filter((c, i) => i > first && c.type !== 'IDAT')]);
}

describe('pictures PDFKit may draw', () => {
  it('takes JPEGs, opaque PNGs, PNGs with alpha (8 and 16 bits) and transparent palettes', async () => {
    const good = [
      await flat(120, 80, 3).jpeg().toBuffer(),
      await flat(120, 80, 3).png().toBuffer(),
      await flat(120, 80, 4).png().toBuffer(),
      await flat(120, 80, 4).toColourspace('rgb16').png().toBuffer(),
      await flat(120, 80, 4).png({ palette: true }).toBuffer(),
    ];
    for (const bytes of good) expect(await printablePicture(bytes)).toBe(true);
    // And PDFKit draws each, embedded whole.
    const pdf = await renderPdf('pictures', new Date(0), (doc) => {
      for (const bytes of good) doc.image(bytes, 50, 50, { fit: [100, 100] });
    });
    if (hasPoppler) expect(pdfImages(pdf).filter((i) => i.width === 120 && i.height === 80)).toHaveLength(5);
  });

  it('refuses what PDFKit would choke on: other formats, interlaced or damaged PNGs, too many pixels', async () => {
    const rgba = await flat(120, 80, 4).png().toBuffer();
    const refused = {
      gif: await flat(20, 20, 3).gif().toBuffer(),
      webp: await flat(20, 20, 3).webp().toBuffer(),
      svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      interlaced: await flat(120, 80, 4).png({ progressive: true }).toBuffer(),
      // A row filter png-js does not know: it would throw inside its inflate callback.
      badFilter: withRows(rgba, (rows) => {
        rows[(1 + 120 * 4) * 7] = 9;
        return rows;
      }),
      // Rows that inflate longer than the picture (a bomb), or shorter.
      tooLong: withRows(rgba, (rows) => Buffer.concat([rows, Buffer.alloc(1_000_000)])),
      tooShort: withRows(rgba, (rows) => rows.subarray(0, rows.length - 10)),
      notDeflate: pngOf(
        chunks(rgba).map((c) => (c.type === 'IDAT' ? { type: 'IDAT', data: Buffer.from('nonsense') } : c)),
      ),
      truncated: rgba.subarray(0, rgba.length - 20),
      huge: await sharp({
        create: { width: 4000, height: Math.ceil(MAX_DECODED_PIXELS / 4000) + 1, channels: 4, background: '#fff0' },
      })
        .png()
        .toBuffer(),
    };
    for (const [name, bytes] of Object.entries(refused)) expect(await printablePicture(bytes), name).toBe(false);
    // A huge picture without alpha is copied, not decoded: it prints.
    const opaque = await sharp({ create: { width: 4000, height: 3200, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await printablePicture(opaque)).toBe(true);
  });
});
