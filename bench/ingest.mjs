// Upload ingest benchmark (issues 3 and 6): a generated multipart order streamed to
// (a) a bare Node server that only drains the body, and (b) the real server, which parses,
// hashes, writes, flushes and commits it. Both run as fresh child processes in this same
// run; the figure is the ratio, and each server's peak resident memory (VmHWM).
// Then: 50 customers uploading 10 MB each at once (aggregate throughput against the drain
// baseline), and the original's JSON path with a 50 MB body (time and peak memory).
// Usage: npm run build && node bench/ingest.mjs [sizeMB ...]   (default: 100 1024)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { BARE_DISK, startBare } from '../scripts/bare-servers.mjs';
import { startBuiltServer } from '../scripts/built-server.mjs';

const sizesMb = process.argv.slice(2).map(Number).filter(Boolean);
const SIZES = (sizesMb.length ? sizesMb : [100, 1024]).map((mb) => mb * 1024 * 1024);
const KEY = 'bench-public-key';
const CHUNK = randomBytes(1024 * 1024);

const startReal = () =>
  startBuiltServer({
    PUBLIC_API_KEY: KEY,
    SUBMIT_RATE_LIMIT: '1000000',
    MAX_FILE_BYTES: String(64 * 1024 ** 3),
    MAX_ORDER_BYTES: String(64 * 1024 ** 3),
  });

const ORDER = JSON.stringify({
  layouts: {
    1: {
      mockupOption: 'upload',
      garmentOption: 'pick',
      files: [{ name: 'artwork.psd', type: 'image/vnd.adobe.photoshop', role: 'mockup' }],
      billing: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        address: '1 Engine Rd',
        city: 'Halifax',
        province: 'NS',
        postalCode: 'B3H 1A1',
        phone: '902-555-0100',
        email: 'ada@example.com',
      },
    },
  },
  isResalePartner: false,
  includePolyBags: false,
});

/** Streams one multipart order of `size` file bytes; resolves with seconds taken. */
function upload(port, size) {
  const boundary = '----bench' + randomBytes(8).toString('hex');
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="order"\r\n\r\n${ORDER}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="artwork.psd"\r\nContent-Type: image/vnd.adobe.photoshop\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/functions/v1/submit-order',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + size + tail.length,
        apikey: KEY,
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () =>
        res.statusCode === 201
          ? resolve(Number(process.hrtime.bigint() - started) / 1e9)
          : reject(new Error(`${res.statusCode} ${body}`)),
      );
    });
    req.on('error', reject);
    let left = size;
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, CHUNK.length);
        left -= n;
        if (!req.write(n === CHUNK.length ? CHUNK : CHUNK.subarray(0, n))) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    req.write(head);
    pump();
  });
}

/** The original's JSON body: one file as a base64 data URL, `size` bytes of JSON in all. */
function postJson(port, size) {
  const fileBytes = Math.floor(((size - 1000) * 3) / 4);
  const data = Buffer.alloc(fileBytes, 7).toString('base64');
  const order = JSON.parse(ORDER);
  const body = Buffer.from(
    JSON.stringify({
      ...order,
      files: [
        {
          name: 'artwork.psd',
          type: 'image/vnd.adobe.photoshop',
          data: `data:image/vnd.adobe.photoshop;base64,${data}`,
        },
      ],
    }),
  );
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/functions/v1/submit-order',
      headers: { 'content-type': 'application/json', 'content-length': body.length, apikey: KEY },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () =>
        res.statusCode === 201
          ? resolve({ seconds: Number(process.hrtime.bigint() - started) / 1e9, bytes: body.length })
          : reject(new Error(`${res.statusCode} ${text}`)),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const peakRssMb = (pid) => {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

async function measure(kind, size, parallel = 1) {
  const server = kind === 'bare' ? await startBare() : kind === 'disk' ? await startBare(BARE_DISK) : await startReal();
  try {
    const started = process.hrtime.bigint();
    const results = await Promise.allSettled(Array.from({ length: parallel }, () => upload(server.port, size)));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const failed = results.filter((r) => r.status === 'rejected').length;
    return { seconds, failed, mbps: (size * parallel) / 1024 / 1024 / seconds, rssMb: peakRssMb(server.child.pid) };
  } finally {
    server.child.kill('SIGKILL');
    if (server.dataDir) fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

const rows = [];
for (const size of SIZES) {
  const bare = await measure('bare', size);
  const disk = await measure('disk', size);
  const real = await measure('real', size);
  rows.push({
    upload: `${Math.round(size / 1024 / 1024)} MB`,
    'drain MB/s': bare.mbps.toFixed(0),
    'disk MB/s': disk.mbps.toFixed(0),
    'submit-order MB/s': real.mbps.toFixed(0),
    'ratio to drain': (real.mbps / bare.mbps).toFixed(2),
    'ratio to disk': (real.mbps / disk.mbps).toFixed(2),
    'drain RSS MB': bare.rssMb.toFixed(0),
    'submit-order RSS MB': real.rssMb.toFixed(0),
  });
}
console.table(rows);
console.log('drain: a bare Node server that only reads the body; disk: one that writes it to a file and flushes it.');
console.log('Goal: ratio ≥ 0.80; submit-order peak RSS (VmHWM) flat in the upload size.');

// 50 customers at once, 10 MB each.
{
  const size = 10 * 1024 * 1024;
  const bare = await measure('bare', size, 50);
  const disk = await measure('disk', size, 50);
  const real = await measure('real', size, 50);
  console.table([
    {
      customers: 50,
      'each MB': 10,
      succeeded: 50 - real.failed,
      'drain MB/s': bare.mbps.toFixed(0),
      'disk MB/s': disk.mbps.toFixed(0),
      'submit-order MB/s': real.mbps.toFixed(0),
      'ratio to drain': (real.mbps / bare.mbps).toFixed(2),
      'ratio to disk': (real.mbps / disk.mbps).toFixed(2),
      'submit-order RSS MB': real.rssMb.toFixed(0),
    },
  ]);
}

// The original's JSON path: a 50 MB body with one base64 file.
{
  const bare = await startBare();
  const drain = await postJson(bare.port, 50 * 1024 * 1024).catch((e) => e);
  bare.child.kill('SIGKILL');
  const real = await startReal();
  try {
    const json = await postJson(real.port, 50 * 1024 * 1024 - 2048);
    console.table([
      {
        body: `${(json.bytes / 1024 / 1024).toFixed(1)} MB JSON`,
        'submit-order seconds': json.seconds.toFixed(2),
        'drain seconds': drain.seconds?.toFixed(2),
        'submit-order peak RSS MB': peakRssMb(real.child.pid).toFixed(0),
      },
    ]);
  } finally {
    real.child.kill('SIGKILL');
    fs.rmSync(real.dataDir, { recursive: true, force: true });
  }
}
