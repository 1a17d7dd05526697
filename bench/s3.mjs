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
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  ListObjectsV2Command,
} from '@aws-sdk/client-s3';
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
const KEY = 'bench-public-key';
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

const peakRssMb = (pid) => {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

async function measureServer(env, size) {
  const server = await startBuiltServer({
    PUBLIC_API_KEY: KEY,
    SUBMIT_RATE_LIMIT: '1000000',
    ARTWORK_CHECKS: 'false',
    MAX_FILE_BYTES: String(64 * 1024 ** 3),
    MAX_ORDER_BYTES: String(64 * 1024 ** 3),
    ...env,
  });
  try {
    const seconds = await upload(server.port, size);
    return { seconds, mbps: size / 1024 / 1024 / seconds, rssMb: peakRssMb(server.child.pid) };
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
