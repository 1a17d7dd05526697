import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect-format.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

const isoBox = (major: string, ...compatible: string[]) => {
  const box = bytes([0, 0, 0, 0], 'ftyp', major, [0, 0, 0, 0], ...compatible);
  box.writeUInt32BE(box.length, 0);
  return box;
};

describe('detectFormat', () => {
  it.each([
    ['png', bytes([0x89], 'PNG\r\n\x1a\n')],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['gif', bytes('GIF89a')],
    ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['tiff', bytes('II*\0')],
    ['tiff', bytes('MM\0*')],
    ['tiff', bytes('II+\0')],
    ['psd', bytes('8BPS', [0, 1])],
    ['bmp', bytes('BM', [0, 0, 0, 0])],
    ['eps', bytes([0xc5, 0xd0, 0xd3, 0xc6])],
    ['eps', bytes('%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n')],
    ['ai', bytes('%!PS-Adobe-2.0\n%%Creator: Adobe Illustrator(TM) 5.0\n')],
    ['pdf', bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n')],
    ['ai', bytes('%PDF-1.6\n<xmp:CreatorTool>Adobe Illustrator 28.0</xmp:CreatorTool>')],
    ['avif', isoBox('avif', 'mif1', 'miaf')],
    ['avif', isoBox('mif1', 'avif')],
    ['heic', isoBox('heic', 'mif1', 'heic')],
    ['heic', isoBox('mif1', 'heic')],
    ['svg', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['svg', bytes([0xef, 0xbb, 0xbf], '<?xml version="1.0"?>\n<!-- made by hand -->\n<svg>')],
    ['svg', bytes('<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd"><svg width="1">')],
    ['svg', bytes([0x1f, 0x8b, 8, 0])],
  ])('reads %s from its first bytes (case %#)', (format, head) => {
    expect(detectFormat(head)).toBe(format);
  });

  it('finds Illustrator in the tail of a PDF', () => {
    expect(detectFormat(bytes('%PDF-1.5\n'), bytes('/Creator (Adobe Illustrator 27.0)\n%%EOF'))).toBe('ai');
  });

  it.each([
    ['text', bytes('Please print this on the front.')],
    ['HTML', bytes('<!doctype html><html><svg></svg></html>')],
    ['an MP4', isoBox('isom', 'mp41')],
    ['too short', bytes('PK')],
    ['a zip', bytes('PK\x03\x04')],
  ])('returns null for %s', (_, head) => {
    expect(detectFormat(head)).toBeNull();
  });
});
