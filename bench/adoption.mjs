// Submit for an order naming a finished resumable upload: how long the customer waits on the
// button. Today's path (adopting by a hard link, the SHA-256 taken while the bytes arrived)
// beside the copy it replaces (read, hash, write and flush every byte again), run in the same
// process: the copy is what an upload whose digest is missing still gets. Local disk only; an
// upload on S3 is still copied through this server.
// Usage: npm run build && node bench/adoption.mjs [sizeMB=1024] [runs=3]
import fs from 'node:fs';
import path from 'node:path';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { makeHarnessOrder } from '../scripts/harness-orders.mjs';
import { createUpload, patchAll, request } from '../scripts/tus-client.mjs';

const [sizeMb = 1024, runs = 3] = process.argv.slice(2).map(Number);
const KEY = 'bench-public-key';

async function finishedUpload(port, size) {
  const upload = await createUpload(port, size, KEY, { name: 'po.pdf', type: 'application/pdf' });
  await patchAll(port, upload, size, KEY);
  return { ...upload, id: upload.path.split('/').pop() };
}

/** A harness order whose one file is the upload (scripts/harness-orders.mjs, without its bytes). */
function order(upload) {
  const { order: body } = makeHarnessOrder(1, { who: 'Bench', files: 1, minBytes: 0, maxBytes: 1 });
  const [file] = body.layouts[1].files;
  return {
    ...body,
    files: [],
    uploads: [{ url: upload.url, secret: upload.secret, name: file.name, type: file.type }],
  };
}

async function submit(port, body) {
  const started = process.hrtime.bigint();
  const res = await request(
    port,
    'POST',
    '/functions/v1/submit-order',
    { apikey: KEY, authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    JSON.stringify(body),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (res.status !== 201) throw new Error(`submit: ${res.status} ${res.text}`);
  return seconds;
}

const server = await startBuiltServer({
  PUBLIC_API_KEY: KEY,
  ARTWORK_CHECKS: 'false',
  MAX_FILE_BYTES: String(64 * 1024 ** 3),
  MAX_ORDER_BYTES: String(64 * 1024 ** 3),
  UPLOAD_RATE_LIMIT: '100000',
  SUBMIT_RATE_LIMIT: '100000',
  UPLOAD_BUDGET_BYTES_PER_DAY: String(1024 ** 4),
  UPLOAD_BUDGET_DISK_PERCENT: '100',
  MIN_FREE_DISK_BYTES: '0',
});
const size = sizeMb * 1024 * 1024;
const rows = [];
try {
  for (let run = 1; run <= runs; run++) {
    // The copy: the same upload without its kept digest, as one finished before a crash.
    const copied = await finishedUpload(server.port, size);
    const json = path.join(server.dataDir, 'uploads', `${copied.id}.json`);
    const { sha256: _s, sha256Bytes: _b, ...rest } = JSON.parse(fs.readFileSync(json, 'utf8'));
    fs.writeFileSync(json, JSON.stringify(rest));
    const copySeconds = await submit(server.port, order(copied));
    const linked = await finishedUpload(server.port, size);
    const linkSeconds = await submit(server.port, order(linked));
    rows.push({
      run,
      upload: `${sizeMb} MB, local disk`,
      'Submit, copying (s)': copySeconds.toFixed(3),
      'Submit, linking (s)': linkSeconds.toFixed(3),
      'copy ÷ link': (copySeconds / linkSeconds).toFixed(1),
    });
  }
} finally {
  server.child.kill('SIGKILL');
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
console.table(rows);
