// Submit for an order naming a finished resumable upload: how long the customer waits on the
// button, run in one process against baselines run in the same process.
// - Local disk: adopting by a hard link (the SHA-256 taken while the bytes arrived) beside the
//   copy it replaced (read, hash, write and flush every byte again), which an upload whose
//   digest is missing still gets.
// - S3 (when TEST_S3_ENDPOINT, TEST_S3_ACCESS_KEY_ID and TEST_S3_SECRET_ACCESS_KEY are set, as
//   `scripts/s3-server.sh start` prints them): the upload's object copied inside the bucket
//   beside the path it replaced, every byte through this server (read from the bucket to
//   staging, hashed, flushed, then uploaded again), run with the server's own modules.
// Usage: npm run build && node bench/adoption.mjs [sizeMB=1024] [runs=3]
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
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

const generous = {
  PUBLIC_API_KEY: KEY,
  ARTWORK_CHECKS: 'false',
  MAX_FILE_BYTES: String(64 * 1024 ** 3),
  MAX_ORDER_BYTES: String(64 * 1024 ** 3),
  UPLOAD_RATE_LIMIT: '100000',
  SUBMIT_RATE_LIMIT: '100000',
  UPLOAD_BUDGET_BYTES_PER_DAY: String(1024 ** 4),
  UPLOAD_BUDGET_DISK_PERCENT: '100',
  MIN_FREE_DISK_BYTES: '0',
};
const size = sizeMb * 1024 * 1024;
const rows = [];

const server = await startBuiltServer(generous);
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
      'before: every byte again (s)': copySeconds.toFixed(3),
      'Submit now (s)': linkSeconds.toFixed(3),
      'before ÷ now': (copySeconds / linkSeconds).toFixed(1),
    });
  }
} finally {
  server.child.kill('SIGKILL');
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

if (process.env.TEST_S3_ENDPOINT) await benchS3();
else console.log('S3 not measured: set TEST_S3_ENDPOINT, TEST_S3_ACCESS_KEY_ID and TEST_S3_SECRET_ACCESS_KEY.');
console.table(rows);

async function benchS3() {
  const bucket = `aof-bench-${Date.now().toString(36)}`;
  const location = {
    kind: 's3',
    bucket,
    prefix: 'shop',
    endpoint: process.env.TEST_S3_ENDPOINT,
    region: 'us-east-1',
    credentials: {
      accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? '',
    },
    timeoutMs: 120_000,
  };
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    credentials: location.credentials,
    forcePathStyle: true,
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const s3Server = await startBuiltServer({
    ...generous,
    FILES_URL: `s3://${bucket}/shop`,
    AWS_ENDPOINT_URL_S3: location.endpoint,
    AWS_ACCESS_KEY_ID: location.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: location.credentials.secretAccessKey,
    AWS_REGION: location.region,
  });
  // The path before: the upload's bytes read from the bucket into staging (hashed, flushed),
  // then uploaded again as the order's file; the server's own modules, in this process.
  const { S3FileStore } = await import('../dist/server/files/s3-file-store.js');
  const { createS3UploadStore } = await import('../dist/server/uploads/s3-upload-store.js');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-bench-'));
  const files = new S3FileStore(scratch, 0, location);
  await files.init();
  const uploads = createS3UploadStore({ location });
  const baselineOrders = new Set();
  async function emptyBucket() {
    const open = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
    for (const u of open.Uploads ?? []) {
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: u.Key, UploadId: u.UploadId }));
    }
    for (;;) {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      if (!page.Contents?.length) break;
      for (const o of page.Contents) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: o.Key }));
    }
  }
  try {
    for (let run = 1; run <= runs; run++) {
      const before = await finishedUpload(s3Server.port, size);
      const started = process.hrtime.bigint();
      const staging = files.newStaging({ maxFileBytes: size * 2, maxOrderBytes: size * 2, maxFiles: 10 });
      const staged = await staging.writeStream(await uploads.read(before.id), 'po.pdf', 'application/pdf');
      const orderId = randomUUID();
      baselineOrders.add(orderId);
      await staging.moveInto(orderId);
      await staging.discard();
      const throughSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (staged.size !== size) throw new Error(`read ${staged.size} of ${size} bytes`);
      const copied = await finishedUpload(s3Server.port, size);
      const copySeconds = await submit(s3Server.port, order(copied));
      rows.push({
        run,
        upload: `${sizeMb} MB, S3 (${new URL(location.endpoint).host})`,
        'before: every byte again (s)': throughSeconds.toFixed(3),
        'Submit now (s)': copySeconds.toFixed(3),
        'before ÷ now': (throughSeconds / copySeconds).toFixed(1),
      });
      // The order's file is the upload's bytes: its size, and the SHA-256 recorded with it.
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'shop/files/' }));
      const stored = (listed.Contents ?? []).filter((o) => !baselineOrders.has(o.Key.split('/')[2]));
      if (stored.length !== 1) throw new Error(`${stored.length} files stored for the order, 1 expected`);
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: stored[0].Key }));
      if (head.ContentLength !== size || !/^[0-9a-f]{64}$/.test(head.Metadata?.sha256 ?? '')) {
        throw new Error(`${stored[0].Key}: ${head.ContentLength} bytes, SHA-256 ${head.Metadata?.sha256}`);
      }
      // The test server's disk is small: each run's objects go before the next.
      await emptyBucket();
    }
  } finally {
    s3Server.child.kill('SIGKILL');
    fs.rmSync(s3Server.dataDir, { recursive: true, force: true });
    fs.rmSync(scratch, { recursive: true, force: true });
    await emptyBucket();
    await client.send(new DeleteBucketCommand({ Bucket: bucket }));
    client.destroy();
  }
}
