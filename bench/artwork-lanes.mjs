// Heavy vector artwork against another customer's picture, through the built server: six small
// SVGs whose filters take seconds of CPU each, sent from six addresses (forwarded by a trusted
// proxy, as an attacker with addresses would), then one customer's PNG. Prints how long the PNG
// took to get its thumbnail alone (the baseline) and behind the six SVGs, measured in the same
// run on the same machine, and what became of the SVGs (docs/decisions/017-artwork-lanes-and-cpu-budget.md).
// Usage: npm run bench:artwork-lanes   (builds the server with tsc, then runs this)
//        node bench/artwork-lanes.mjs [rects]: 110 rects (8 KB, about 8 s of processor time, the
//        review's SVG) by default; 220 outlast ARTWORK_RENDER_CPU_MS's default 10 s.
//        BENCH_PORT=3301 (default) picks the port; ARTWORK_RENDER_CPU_MS etc. pass through.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startBuiltServer } from '../scripts/built-server.mjs';

const built = 'dist/server/main.js';
if (!fs.existsSync(built)) {
  console.error(`No ${built}: run \`npx tsc -p tsconfig.server.json\` first.`);
  process.exit(1);
}
const { Sqlite } = await import(path.resolve('dist/server/storage/sqlite-driver.js'));

const KEY = 'bench-artwork-lanes-key';
const port = Number(process.env.BENCH_PORT ?? 3301);
const heavyCount = 6;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** About 10 KB that keeps librsvg busy for several seconds of CPU: small rects, each under a
 * 10-octave turbulence filter whose region is 200000 units square (the attacker's review). */
function heavySvg(rects = 110) {
  const body = Array.from(
    { length: rects },
    (_, i) => `<rect x="${i * 3}" y="${i * 2}" width="9" height="9" fill="#0a7" filter="url(#t)"/>`,
  );
  return Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">' +
      '<filter id="t" x="-100000" y="-100000" width="200000" height="200000" filterUnits="userSpaceOnUse">' +
      `<feTurbulence baseFrequency="0.05" numOctaves="10"/></filter>${body.join('')}</svg>`,
  );
}

const png = await sharp({
  create: { width: 1600, height: 1200, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 30 } },
})
  .png()
  .toBuffer();
const svg = heavySvg(Number(process.argv[2] ?? 110));

function order(name, type) {
  return {
    layouts: {
      1: {
        mockupOption: 'upload',
        garmentOption: 'pick',
        files: [{ name, type, role: 'mockup' }],
        billing: {
          firstName: 'Bench',
          lastName: 'Lanes',
          address: '1 Main St',
          city: 'Halifax',
          province: 'NS',
          postalCode: 'B3H 1A1',
          phone: '902-555-0100',
          email: 'lanes@example.com',
        },
      },
    },
    isResalePartner: false,
    includePolyBags: false,
  };
}

/** One multipart order with one file, from `ip` (as the proxy forwards it); resolves with its id. */
function submit(name, type, data, ip) {
  const boundary = '----lanes' + randomBytes(8).toString('hex');
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="order"\r\n\r\n${JSON.stringify(order(name, type))}\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="${name}"\r\ncontent-type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/functions/v1/submit-order',
        headers: {
          apikey: KEY,
          'x-forwarded-for': ip,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () =>
          res.statusCode === 201 ? resolve(JSON.parse(text).orderId) : reject(new Error(`${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-lanes-'));
let server;
let db;
try {
  ({ child: server } = await startBuiltServer(
    {
      FILES_URL: '',
      PUBLIC_API_KEY: KEY,
      // One proxy in front that forwards the client's address: each X-Forwarded-For is an address.
      TRUST_PROXY: '1',
      SUBMIT_RATE_LIMIT: '1000',
      ARTWORK_POLL_MS: '200',
      LOG_LEVEL: 'fatal',
    },
    { stdio: ['ignore', 'ignore', 'inherit'], dataDir, port },
  ));
  db = new Sqlite(path.join(dataDir, 'orders.sqlite'), { readonly: true });
  const rowOf = db.prepare(
    'select a.name, w.status, w.thumbnail, w.note, w.spent_ms from attachments a left join artwork w on w.attachment_id = a.id where a.order_id = ?',
  );

  /** Milliseconds from the order's answer until its file has a thumbnail (or a final state). */
  async function thumbnailAfter(orderId, limitMs = 180_000) {
    const started = performance.now();
    while (performance.now() - started < limitMs) {
      const row = rowOf.get(orderId);
      if (row?.status && row.status !== 'working') return { ms: Math.round(performance.now() - started), row };
      await sleep(20);
    }
    return { ms: Infinity, row: rowOf.get(orderId) };
  }

  console.log(
    `cores ${os.availableParallelism()}, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; PNG ${(png.length / 1e6).toFixed(1)} MB 1600×1200, SVG ${(svg.length / 1000).toFixed(1)} KB`,
  );
  const baselines = [];
  for (let run = 1; run <= 2; run++) {
    const id = await submit('photo.png', 'image/png', png, `198.51.100.${run}`);
    const { ms, row } = await thumbnailAfter(id);
    baselines.push(ms);
    console.log(`PNG alone #${run}: thumbnail after ${ms} ms (${row.status}, thumbnail ${row.thumbnail})`);
  }

  const heavy = [];
  for (let i = 1; i <= heavyCount; i++)
    heavy.push(await submit(`heavy-${i}.svg`, 'image/svg+xml', svg, `203.0.113.${i}`));
  // The customer sends a picture once the first SVG is being read.
  const firstTaken = performance.now();
  while (!heavy.some((id) => rowOf.get(id)?.status) && performance.now() - firstTaken < 30_000) await sleep(20);
  const customer = await submit('photo.png', 'image/png', png, '198.51.100.77');
  const behind = await thumbnailAfter(customer);
  const svgsDone = heavy.filter((id) => rowOf.get(id)?.status && rowOf.get(id).status !== 'working').length;
  const baseline = Math.min(...baselines);
  console.log(
    `PNG behind ${heavyCount} heavy SVGs from ${heavyCount} addresses: thumbnail after ${behind.ms} ms (${behind.row?.status}, thumbnail ${behind.row?.thumbnail}); ${svgsDone} SVG(s) finished by then`,
  );
  console.log(`delay caused by the SVGs: ${behind.ms - baseline} ms (baseline ${baseline} ms)`);

  const drained = performance.now();
  for (const id of heavy) await thumbnailAfter(id);
  console.log(`all SVGs finished ${Math.round(performance.now() - drained)} ms later:`);
  for (const id of heavy) {
    const row = rowOf.get(id);
    console.log(`  ${row.name}: ${row.status}, thumbnail ${row.thumbnail}, ${row.spent_ms} ms, ${row.note ?? ''}`);
  }
} finally {
  db?.close();
  if (server) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
