// Artwork benchmark: time and peak memory to analyse and preview the biggest files a customer
// is likely to send, through the same processArtwork the server calls (built output, so the
// worker is the production JavaScript, not the test's TypeScript).
// Generates, under bench/out/artwork/: a ~200 MB uncompressed TIFF, a 100-page PDF (vector
// shapes, text and a photo on every page), a 12 MP HEIC (when heif-enc is installed) and a
// 24 MP PSD. Reports wall time, the processor time of the reading (what ARTWORK_RENDER_CPU_MS
// limits) and its lane, the worker's peak resident memory (its own maxRSS) and the server
// process's worst event-loop delay while it waited.
// Usage: npm run bench:artwork   (builds the server with tsc, then runs this)
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writePsdBuffer } from 'ag-psd';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

const built = 'dist/server/artwork/process-artwork.js';
if (!existsSync(built)) {
  console.error(`No ${built}: run \`npx tsc -p tsconfig.server.json\` first.`);
  process.exit(1);
}
const { processArtwork } = await import(path.resolve(built));

const dir = path.resolve('bench/out/artwork');
await mkdir(dir, { recursive: true });

// 8200 × 8200 × 3 bytes ≈ 201.7 MB: a 27-inch square at 300 ppi, saved without compression.
async function makeTiff(file) {
  if (existsSync(file)) return;
  const side = 8200;
  const gradient = Buffer.alloc(side * 3);
  for (let x = 0; x < side; x++) gradient.set([x % 256, (x >> 5) % 256, 128], x * 3);
  await sharp(gradient, { raw: { width: side, height: 1, channels: 3 } })
    .resize(side, side, { kernel: 'nearest', fit: 'fill' })
    .tiff({ compression: 'none' })
    .toFile(file);
}

async function makePdf(file, pages) {
  if (existsSync(file)) return;
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.HelveticaBold);
  const photo = await pdf.embedJpg(
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } })
      .jpeg({ quality: 85 })
      .toBuffer(),
  );
  for (let n = 1; n <= pages; n++) {
    const page = pdf.addPage([792, 612]);
    page.drawImage(photo, { x: 36, y: 36, width: 360, height: 240 });
    for (let i = 0; i < 40; i++) {
      page.drawCircle({
        x: 420 + (i % 8) * 40,
        y: 80 + Math.floor(i / 8) * 90,
        size: 18,
        color: rgb(i / 40, 0.2, 1 - i / 40),
      });
    }
    page.drawText(`Team Jersey — page ${n}`, { x: 36, y: 540, size: 36, font, color: rgb(0.1, 0.1, 0.4) });
  }
  await writeFile(file, await pdf.save());
}

// A 12-megapixel phone photo's size; HEVC needs libheif's heif-enc (Debian: libheif-examples).
async function makeHeic(file) {
  if (existsSync(file)) return true;
  const png = `${file}.png`;
  await sharp({ create: { width: 4032, height: 3024, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .png({ compressionLevel: 1 })
    .toFile(png);
  try {
    execFileSync('heif-enc', ['-q', '60', '-o', file, png], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

// A 24-megapixel Photoshop file (6000 × 4000, RGB, composite only).
async function makePsd(file) {
  if (existsSync(file)) return;
  const width = 6000;
  const height = 4000;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([(i >> 4) & 255, (i >> 12) & 255, 90, 255], i);
  await writeFile(file, writePsdBuffer({ width, height, imageData: { width, height, data } }));
}

async function measure(name, file, options) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const result = await processArtwork(file, path.join(dir, `${name}.thumb.webp`), options);
  const wallMs = Math.round(performance.now() - started);
  delay.disable();
  const { size } = await stat(file);
  const summary = result.ok
    ? `${result.analysis.format} ${result.analysis.width}×${result.analysis.height}${result.analysis.pages ? `, ${result.analysis.pages} pages` : ''}; thumbnail ${result.thumbnail.made ? `${result.thumbnail.width}×${result.thumbnail.height}` : `not made (${result.thumbnail.code})`}`
    : `failed: ${result.code} (${result.reason})`;
  console.log(
    `${name.padEnd(18)} ${(size / 1e6).toFixed(1).padStart(7)} MB  ${String(wallMs).padStart(6)} ms  cpu ${String(result.cpuMs ?? '?').padStart(5)} ms (${result.lane})  worker peak RSS ${String(result.peakMemoryMb ?? '?').padStart(4)} MiB  server event-loop max delay ${(delay.max / 1e6).toFixed(1)} ms  ${summary}`,
  );
}

const tiff = path.join(dir, 'big.tiff');
const pdf = path.join(dir, 'hundred-pages.pdf');
const small = path.join(dir, 'small.png');
console.log('Generating fixtures (once; kept in bench/out/artwork)…');
await makeTiff(tiff);
await makePdf(pdf, 100);
await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c33' } })
  .png()
  .toFile(small);
const heic = path.join(dir, 'phone.heic');
const hasHeic = await makeHeic(heic);
const psd = path.join(dir, 'poster.psd');
await makePsd(psd);

const options = { timeoutMs: 120_000, memoryMb: 1024 };
await measure('small PNG', small, options);
for (let run = 1; run <= 3; run++) {
  await measure(`200 MB TIFF #${run}`, tiff, options);
  await measure(`100-page PDF #${run}`, pdf, options);
}
if (hasHeic) await measure('12 MP HEIC', heic, options);
else console.log('12 MP HEIC: skipped (no heif-enc to make one)');
await measure('24 MP PSD', psd, options);
