// Upload ingest benchmark (issues 3 and 6): a generated multipart order streamed to
// (a) a bare Node server that only drains the body, and (b) the real server, which parses,
// hashes, writes, flushes and commits it. Both run as fresh child processes in this same
// run; the figure is the ratio, and each server's peak resident memory (VmHWM).
// Then: 50 customers uploading 10 MB each at once (aggregate throughput against the drain
// baseline), and the older JSON body's path with a 50 MB body (time and peak memory).
// Usage: npm run build && node bench/ingest.mjs [sizeMB ...]   (default: 100 1024)
import fs from 'node:fs';
import { BARE_DISK, startBare } from '../scripts/bare-servers.mjs';
import { BENCH_KEY, jsonOrderBody, postJson, procStatusMb, uploadMultipart } from '../scripts/bench-orders.mjs';
import { startBuiltServer } from '../scripts/built-server.mjs';

const sizesMb = process.argv.slice(2).map(Number).filter(Boolean);
const SIZES = (sizesMb.length ? sizesMb : [100, 1024]).map((mb) => mb * 1024 * 1024);

const startReal = () =>
  startBuiltServer({
    PUBLIC_API_KEY: BENCH_KEY,
    SUBMIT_RATE_LIMIT: '1000000',
    MAX_FILE_BYTES: String(64 * 1024 ** 3),
    MAX_ORDER_BYTES: String(64 * 1024 ** 3),
  });

async function measure(kind, size, parallel = 1) {
  const server = kind === 'bare' ? await startBare() : kind === 'disk' ? await startBare(BARE_DISK) : await startReal();
  try {
    const started = process.hrtime.bigint();
    const results = await Promise.allSettled(
      Array.from({ length: parallel }, () => uploadMultipart(server.port, size)),
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const failed = results.filter((r) => r.status === 'rejected').length;
    return { seconds, failed, mbps: (size * parallel) / 1024 / 1024 / seconds, rssMb: procStatusMb(server.child.pid) };
  } finally {
    server.child.kill('SIGKILL');
    if (server.dataDir) fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

/** The three servers on the same uploads: each one's throughput, and submit-order's against the others. */
async function compare(size, parallel) {
  const bare = await measure('bare', size, parallel);
  const disk = await measure('disk', size, parallel);
  const real = await measure('real', size, parallel);
  const rates = {
    'drain MB/s': bare.mbps.toFixed(0),
    'disk MB/s': disk.mbps.toFixed(0),
    'submit-order MB/s': real.mbps.toFixed(0),
    'ratio to drain': (real.mbps / bare.mbps).toFixed(2),
    'ratio to disk': (real.mbps / disk.mbps).toFixed(2),
  };
  return { bare, real, rates };
}

const rows = [];
for (const size of SIZES) {
  const { bare, real, rates } = await compare(size);
  rows.push({
    upload: `${Math.round(size / 1024 / 1024)} MB`,
    ...rates,
    'drain RSS MB': bare.rssMb.toFixed(0),
    'submit-order RSS MB': real.rssMb.toFixed(0),
  });
}
console.table(rows);
console.log('drain: a bare Node server that only reads the body; disk: one that writes it to a file and flushes it.');
console.log('Goal: ratio ≥ 0.80; submit-order peak RSS (VmHWM) flat in the upload size.');

// 50 customers at once, 10 MB each.
{
  const { real, rates } = await compare(10 * 1024 * 1024, 50);
  console.table([
    {
      customers: 50,
      'each MB': 10,
      succeeded: 50 - real.failed,
      ...rates,
      'submit-order RSS MB': real.rssMb.toFixed(0),
    },
  ]);
}

// The older JSON body's path: a 50 MB body with one base64 file.
{
  const bare = await startBare();
  const drain = await postJson(bare.port, jsonOrderBody(50 * 1024 * 1024));
  bare.child.kill('SIGKILL');
  const real = await startReal();
  try {
    const body = jsonOrderBody(50 * 1024 * 1024 - 2048);
    const json = await postJson(real.port, body);
    if (json.status !== 201) throw new Error(`${json.status} ${json.text}`);
    console.table([
      {
        body: `${(body.length / 1024 / 1024).toFixed(1)} MB JSON`,
        'submit-order seconds': json.seconds.toFixed(2),
        'drain seconds': drain.status === 201 ? drain.seconds.toFixed(2) : String(drain.status),
        'submit-order peak RSS MB': procStatusMb(real.child.pid).toFixed(0),
      },
    ]);
  } finally {
    real.child.kill('SIGKILL');
    fs.rmSync(real.dataDir, { recursive: true, force: true });
  }
}
