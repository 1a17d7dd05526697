// Pictures an attacker saves as the shop's logo, built byte by byte here so the tests
// carry the actual hostile files.
import zlib from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * An RGBA PNG, 8 bits, not interlaced, with a valid signature, header, CRCs and zlib stream, whose
 * rows carry the filter byte `filter` (0–4 are the only ones PNG defines): every chunk checks,
 * and a header-only reader takes it; decoding its rows fails.
 */
export function rgbaPng(width: number, height: number, filter = 7): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const stride = 1 + width * 4;
  const rows = Buffer.alloc(stride * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * stride] = filter;
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An SVG `width` × `height` (4096 × 1: a line no document can fit). */
export function wideSvg(width = 4096, height = 1): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#c00"/></svg>`,
  );
}

/**
 * Small text, many shapes: `levels` groups, each drawing the previous one `fanout` times through
 * <use> (10 × 7: ten million rectangles in about 1.8 KB).
 */
export function nestedUseSvg(levels = 7, fanout = 10): Buffer {
  const groups = [`<g id="l0"><rect width="1" height="1" fill="#c00"/></g>`];
  for (let level = 1; level <= levels; level++) {
    const uses = Array.from({ length: fanout }, () => `<use href="#l${level - 1}"/>`).join('');
    groups.push(`<g id="l${level}">${uses}</g>`);
  }
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80"><defs>${groups.join('')}</defs><use href="#l${levels}"/></svg>`,
  );
}
