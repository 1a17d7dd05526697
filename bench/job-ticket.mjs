// The job ticket's pictures (docs/production.md "The job ticket"): peak memory, time
// and the longest event-loop stall of drawing N distinct 12-megapixel RGBA PNGs into one PDF,
// each way in a fresh process of its own, in the same run:
// - baseline: the file's own bytes given to PDFKit (what the ticket did before: PDFKit inflates
//   and splits the alpha channel in JavaScript, deflateSync on the event loop);
// - cold: artwork/print-picture.ts, the thumbnail made in the artwork's child process for each
//   file (none made yet: a proof, or files the artwork queue has not reached), then kept;
// - cached: the same with the thumbnails already kept (what the artwork queue leaves).
// The files live in a temporary folder behind the four FileStore methods printPicture uses.
// Goals: under 300 MB and 10 s for ~400 pictures.
// Usage: node bench/job-ticket.mjs [pictures=24] [cachedPictures=400]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const [, , first, second, third] = process.argv;

function peakMb() {
  const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'latin1'));
  return Math.round(Number(match[1]) / 1024);
}

async function child(mode, dir, n) {
  const { default: PDFDocument } = await import('pdfkit');
  const { printPicture } = await import('../src/server/artwork/print-picture.ts');
  const files = {
    openThumbnail: async (key) => {
      const p = path.join(dir, `${key}.thumb.webp`);
      return fs.existsSync(p) ? fs.createReadStream(p) : null;
    },
    withLocalFile: (key, work) => work(path.join(dir, key)),
    thumbnailDraftPath: (key) => path.join(dir, `${key}.draft-${process.pid}`),
    saveThumbnail: async (key, draft) => fs.renameSync(draft, path.join(dir, `${key}.thumb.webp`)),
  };
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  const doc = new PDFDocument({ size: 'LETTER', margin: 50 });
  const chunks = [];
  doc.on('data', (c) => chunks.push(c));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  for (let i = 0; i < n; i++) {
    const key = `p${i}.png`;
    const bytes =
      mode === 'baseline'
        ? fs.readFileSync(path.join(dir, key))
        : await printPicture(files, key, { cpuBudgetMs: 10_000 });
    if (!bytes) throw new Error(`no picture for ${key}`);
    if (i > 0) doc.addPage();
    doc.image(bytes, 50, 50, { fit: [512, 600] });
    // PDFKit decodes a PNG with alpha in zlib callbacks: let them run as the ticket would.
    await new Promise((resolve) => setImmediate(resolve));
  }
  doc.end();
  await ended;
  loop.disable();
  const pdf = Buffer.concat(chunks);
  console.log(
    JSON.stringify({
      mode,
      pictures: n,
      seconds: Math.round(performance.now() - started) / 1000,
      peakMb: peakMb(),
      maxLoopStallMs: Math.round(loop.max / 1e6),
      pdfMb: Math.round((pdf.length / 1024 / 1024) * 10) / 10,
    }),
  );
}

async function main() {
  const n = Number(first ?? 24);
  const cachedN = Number(second ?? 400);
  const sharp = (await import('sharp')).default;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticket-bench-'));
  try {
    let uploaded = 0;
    for (let i = 0; i < n; i++) {
      const png = await sharp({
        create: {
          width: 4000,
          height: 3000,
          channels: 4,
          background: { r: i % 256, g: (i * 7) % 256, b: 90, alpha: 0.8 },
        },
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      fs.writeFileSync(path.join(dir, `p${i}.png`), png);
      uploaded += png.length;
    }
    console.log(`${n} distinct 4000 × 3000 RGBA PNGs, ${(uploaded / 1024 / 1024).toFixed(1)} MB in all`);
    const run = (mode, count) =>
      process.stdout.write(
        execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--child', mode, dir, String(count)], {
          maxBuffer: 1 << 20,
        }),
      );
    run('baseline', n);
    run('cold', n);
    // What the artwork queue leaves beside each file: its 400 × 300 WebP thumbnail.
    const thumb = await sharp({ create: { width: 400, height: 300, channels: 4, background: '#3366cc99' } })
      .webp({ quality: 80 })
      .toBuffer();
    for (let i = 0; i < cachedN; i++) fs.writeFileSync(path.join(dir, `p${i}.png.thumb.webp`), thumb);
    run('cached', cachedN);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (first === '--child') await child(second, third, Number(process.argv[5]));
else await main();
