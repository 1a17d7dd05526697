// Ingest to S3 against local disk, in the same run: one multipart order of each size streamed
// to the built server (a) with its files on local disk and (b) with FILES_URL on an S3 bucket
// (staged on disk, then uploaded before the commit), each a fresh process; and, as the S3
// baseline, the same bytes sent from a file straight to the bucket with the same client
// settings (S3FileStore.upload: what the store allows at all). Seconds from the first byte to
// the 201, MB/s, and each server's peak resident memory (VmHWM).
// Needs a running S3 server: TEST_S3_ENDPOINT, TEST_S3_ACCESS_KEY_ID, TEST_S3_SECRET_ACCESS_KEY
// (scripts/s3-server.sh start prints them as AWS_*).
// Usage: npm run build && node bench/s3.mjs [sizeMB ...]   (default: 100 1024)
import { randomBytes, createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  ListObjectsV2Command,
} from '@aws-sdk/client-s3';
import { BENCH_KEY, procStatusMb, uploadMultipart } from '../scripts/bench-orders.mjs';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { createS3Client } from '../dist/server/files/s3-client.js';
import { S3FileStore } from '../dist/server/files/s3-file-store.js';

const endpoint = process.env.TEST_S3_ENDPOINT;
if (!endpoint) {
  console.log('bench/s3.mjs needs TEST_S3_ENDPOINT, TEST_S3_ACCESS_KEY_ID and TEST_S3_SECRET_ACCESS_KEY.');
  process.exit(0);
}
const sizesMb = process.argv.slice(2).map(Number).filter(Boolean);
const SIZES = (sizesMb.length ? sizesMb : [100, 1024]).map((mb) => mb * 1024 * 1024);
const CHUNK = randomBytes(1024 * 1024);
const bucket = `aof-bench-${randomBytes(4).toString('hex')}`;
const location = {
  kind: 's3',
  bucket,
  prefix: 'bench',
  endpoint,
  region: 'us-east-1',
  credentials: {
    accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? '',
  },
  timeoutMs: 30_000,
};
const s3Env = {
  FILES_URL: `s3://${bucket}/bench`,
  AWS_ENDPOINT_URL_S3: endpoint,
  AWS_ACCESS_KEY_ID: location.credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: location.credentials.secretAccessKey,
  AWS_REGION: 'us-east-1',
};

async function measureServer(env, size) {
  const server = await startBuiltServer({
    PUBLIC_API_KEY: BENCH_KEY,
    SUBMIT_RATE_LIMIT: '1000000',
    ARTWORK_CHECKS: 'false',
    MAX_FILE_BYTES: String(64 * 1024 ** 3),
    MAX_ORDER_BYTES: String(64 * 1024 ** 3),
    ...env,
  });
  try {
    const seconds = await uploadMultipart(server.port, size);
    return { seconds, mbps: size / 1024 / 1024 / seconds, rssMb: procStatusMb(server.child.pid) };
  } finally {
    server.child.kill('SIGKILL');
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

/** The same bytes from a file on disk straight to the bucket. */
async function measureBareS3(size) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-bench-s3-'));
  try {
    const file = path.join(dir, 'upload');
    const fh = fs.openSync(file, 'w');
    const hash = createHash('sha256');
    for (let left = size; left > 0; left -= CHUNK.length) {
      const part = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
      fs.writeSync(fh, part);
      hash.update(part);
    }
    fs.closeSync(fh);
    const store = new S3FileStore(dir, 0, location);
    const key = `${crypto.randomUUID()}/${crypto.randomUUID()}`;
    const started = process.hrtime.bigint();
    await store.upload(key, { tmpPath: file, size, sha256: hash.digest('hex') });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return { seconds, mbps: size / 1024 / 1024 / seconds };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const client = createS3Client(location);
await client.send(new CreateBucketCommand({ Bucket: bucket }));
const rows = [];
try {
  for (const size of SIZES) {
    const disk = await measureServer({}, size);
    const s3 = await measureServer(s3Env, size);
    const bare = await measureBareS3(size);
    rows.push({
      upload: `${Math.round(size / 1024 / 1024)} MB`,
      'local disk s': disk.seconds.toFixed(2),
      'local disk MB/s': disk.mbps.toFixed(0),
      'S3 s': s3.seconds.toFixed(2),
      'S3 MB/s': s3.mbps.toFixed(0),
      'S3 / disk': (s3.mbps / disk.mbps).toFixed(2),
      'bare S3 PUT MB/s': bare.mbps.toFixed(0),
      'peak RSS disk / S3 MB': `${disk.rssMb.toFixed(0)} / ${s3.rssMb.toFixed(0)}`,
    });
  }
} finally {
  let token;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const o of page.Contents ?? []) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: o.Key }));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  await client.send(new DeleteBucketCommand({ Bucket: bucket }));
}
console.table(rows);
process.exit(0);
