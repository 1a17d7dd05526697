// One address cannot fill the disk: the built server with its default limits on a real 3 GiB
// volume (tmpfs; needs root). Address A sends 100 MB orders back to back until refused; then
// address B sends one 100 MB order; then more addresses send until the free-space reserve
// refuses everyone, which must happen before the volume is full.
// Usage: npm run build && node bench/disk-budget.mjs [volume GiB] [order MB]
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/free-port.mjs';

const GiB = 1024 ** 3;
const MB = 1000 ** 2;
const volumeBytes = Number(process.argv[2] ?? 3) * GiB;
const orderBytes = Number(process.argv[3] ?? 100) * MB;
const KEY = 'disk-budget-public-key';

if (process.getuid?.() !== 0) {
  console.log('Skipped: mounting a tmpfs needs root.');
  process.exit(0);
}
const volume = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-budget-'));
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${volumeBytes},mode=0700`, 'tmpfs', volume]);
} catch {
  console.log('Skipped: mount -t tmpfs failed.');
  fs.rmdirSync(volume);
  process.exit(0);
}
const free = () => {
  const s = fs.statfsSync(volume);
  return s.bavail * s.bsize;
};
const port = await freePort();
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(volume, 'data'),
    DATABASE_URL: '',
    PUBLIC_API_KEY: KEY,
    LOG_LEVEL: 'fatal',
    SUBMIT_RATE_LIMIT: '1000000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  for (
    let i = 0;
    i < 200 &&
    !(await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  )
    await new Promise((r) => setTimeout(r, 50));

  const order = {
    layouts: {
      1: {
        mockupOption: 'upload',
        garmentOption: 'pick',
        billing: {
          firstName: 'Disk',
          lastName: 'Budget',
          address: '1 Main St',
          city: 'Halifax',
          province: 'NS',
          postalCode: 'B3H 1A1',
          phone: '902-555-0100',
          email: 'disk@example.com',
        },
      },
    },
    isResalePartner: false,
    includePolyBags: false,
  };
  const boundary = 'diskbudgetboundary';
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="order"\r\n\r\n${JSON.stringify(order)}\r\n` +
      `--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="art.psd"\r\ncontent-type: image/vnd.adobe.photoshop\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(MB, 7);

  /** One order from a given local address (127.0.0.x), streamed; its status (0: connection dropped). */
  const send = (localAddress) =>
    new Promise((resolve) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          localAddress,
          method: 'POST',
          path: '/functions/v1/submit-order',
          headers: {
            apikey: KEY,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': head.length + orderBytes + tail.length,
          },
        },
        (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode, body }));
        },
      );
      req.on('error', () => resolve({ status: 0, body: '' }));
      (async () => {
        if (!req.write(head)) await new Promise((r) => req.once('drain', r));
        for (let sent = 0; sent < orderBytes; sent += MB) {
          if (req.destroyed) return;
          const piece = sent + MB <= orderBytes ? chunk : chunk.subarray(0, orderBytes - sent);
          if (!req.write(piece)) await new Promise((r) => req.once('drain', r));
        }
        req.end(tail);
      })();
    });

  const rows = [];
  const started = Date.now();
  // A: back to back until refused.
  let accepted = 0;
  let last;
  for (;;) {
    last = await send('127.0.0.2');
    if (last.status !== 201) break;
    accepted++;
  }
  rows.push({
    client: 'A (127.0.0.2), 100 MB orders back to back',
    accepted,
    'first refusal': `${last.status} ${JSON.parse(last.body || '{}').error?.code ?? ''}`,
    'free after (MiB)': Math.round(free() / 1024 ** 2),
  });
  const b = await send('127.0.0.3');
  rows.push({
    client: 'B (127.0.0.3), one 100 MB order',
    accepted: b.status === 201 ? 1 : 0,
    'first refusal': b.status === 201 ? '-' : String(b.status),
    'free after (MiB)': Math.round(free() / 1024 ** 2),
  });
  // Many more addresses: the reserve must refuse them all before the volume is full.
  let others = 0;
  let firstReserve = null;
  for (let x = 4; x < 250 && !firstReserve; x++) {
    for (;;) {
      const r = await send(`127.0.0.${x}`);
      if (r.status === 201) others++;
      else {
        if (r.status === 507) firstReserve = r;
        break;
      }
    }
  }
  rows.push({
    client: 'C… (127.0.0.4+), until the reserve refuses',
    accepted: others,
    'first refusal': firstReserve ? `507 ${JSON.parse(firstReserve.body).error.code}` : 'none',
    'free after (MiB)': Math.round(free() / 1024 ** 2),
  });
  const health = await fetch(`http://127.0.0.1:${port}/healthz`).then(async (r) => `${r.status} ${await r.text()}`);
  console.log(
    `Volume ${volumeBytes / GiB} GiB, orders of ${orderBytes / MB} MB, default limits; ${Math.round((Date.now() - started) / 1000)} s`,
  );
  console.table(rows);
  console.log(`/healthz at the end: ${health}`);
  const ok = rows[0]['first refusal'].startsWith('413') && rows[1].accepted === 1 && firstReserve && free() > 0;
  console.log(ok ? 'OK' : 'FAILED');
  process.exitCode = ok ? 0 : 1;
} finally {
  server.kill('SIGKILL');
  await new Promise((r) => server.once('exit', r));
  execFileSync('umount', [volume]);
  fs.rmdirSync(volume);
}
