// Past one machine: two built servers (as `npm start` runs them) on different ports, one
// PostgreSQL database, one S3 bucket and no shared folder. An order submitted through one is
// served, file by file and as a ZIP, by the other; a resumable upload begun on one is resumed
// on the other and adopted by an order sent to either.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../../../scripts/built-server.mjs';
import { API_KEY, freshPostgres, multipartBody, PG_URL, sampleOrder, sha256 } from '../../../tests/support/harness.js';
import { freshBucket, hasS3, s3Env, type TestBucket } from '../../../tests/support/s3.js';
import { builtServer } from '../../../tests/support/built-server.js';
import { zipEntries } from '../../../tests/support/zip.js';
import { addStaff } from '../staff/staff-service.js';
import { openDatabase } from '../storage/db.js';

if (!PG_URL) console.log('Two-process S3 test skipped: it needs TEST_DATABASE_URL (one PostgreSQL for both).');
const PASSWORD = 'correct horse battery staple';

if (PG_URL && hasS3()) await builtServer();

describe.runIf(PG_URL && hasS3())('two server processes, one PostgreSQL, one S3 bucket', () => {
  let bucket: TestBucket;
  let database: { url: string; drop: () => Promise<void> };
  const servers: BuiltServer[] = [];

  beforeAll(async () => {
    bucket = await freshBucket();
    database = await freshPostgres();
    for (let i = 0; i < 2; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `aof-s3-process-${i}-`));
      servers.push(
        await startBuiltServer(
          {
            ...s3Env(bucket.name, 'shop'),
            DATABASE_URL: database.url,
            PUBLIC_API_KEY: API_KEY,
            ARTWORK_CHECKS: 'false',
            // Both share the bucket: leave the other's order in flight alone at start.
            SWEEP_MIN_AGE_SECONDS: '3600',
          },
          { dataDir, waitMs: 60_000 },
        ),
      );
    }
    const { db } = await openDatabase({ dataDir: servers[0]!.dataDir, databaseUrl: database.url });
    await addStaff(db, 'clerk@shop.ca', PASSWORD);
    await db.destroy();
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) {
      s.child.kill('SIGTERM');
      await new Promise((resolve) => (s.child.exitCode !== null ? resolve(null) : s.child.once('exit', resolve)));
      fs.rmSync(s.dataDir, { recursive: true, force: true });
    }
    await database?.drop();
    await bucket?.remove();
  });

  it('takes an order through one and serves its files and its ZIP from the other, byte for byte', async () => {
    const [a, b] = servers as [BuiltServer, BuiltServer];
    const files = [
      { name: 'Layout_1_Front.psd', type: 'image/vnd.adobe.photoshop', data: Buffer.alloc(18 * 1024 * 1024, 7) },
      { name: 'po.txt', type: 'text/plain', data: Buffer.from('PO 42') },
    ];
    const { payload, contentType } = await multipartBody(sampleOrder(), files);
    const submitted = await fetch(`${a.url}/functions/v1/submit-order`, {
      method: 'POST',
      headers: { apikey: API_KEY, authorization: `Bearer ${API_KEY}`, 'content-type': contentType },
      body: payload,
    });
    expect(submitted.status).toBe(201);
    const { orderId, reference } = (await submitted.json()) as { orderId: string; reference: string };

    const session = await fetch(`${b.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'clerk@shop.ca', password: PASSWORD }),
    });
    expect(session.status).toBe(200);
    const cookie = session.headers.get('set-cookie')!.split(';')[0]!;

    const zip = await fetch(`${b.url}/api/orders/${orderId}/files.zip`, { headers: { cookie } });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-disposition')).toContain(`${reference}.zip`);
    const entries = await zipEntries(Buffer.from(await zip.arrayBuffer()));
    expect([...entries.keys()]).toEqual(files.map((f) => f.name));
    for (const f of files) expect(sha256(entries.get(f.name)!)).toBe(sha256(f.data));

    // The same ZIP from the process that took the order, and no file on either machine's disk.
    const again = await fetch(`${a.url}/api/orders/${orderId}/files.zip`, { headers: { cookie } });
    expect(again.status).toBe(200);
    const againEntries = await zipEntries(Buffer.from(await again.arrayBuffer()));
    for (const f of files) expect(sha256(againEntries.get(f.name)!)).toBe(sha256(f.data));
    for (const s of servers) expect(fs.existsSync(path.join(s.dataDir, 'files'))).toBe(false);
    expect(await bucket.keys(`shop/files/${orderId}/`)).toHaveLength(2);
  }, 120_000);

  it('resumes on one process an upload begun on the other, and an order through either adopts it', async () => {
    const [a, b] = servers as [BuiltServer, BuiltServer];
    const tus = { apikey: API_KEY, authorization: `Bearer ${API_KEY}`, 'tus-resumable': '1.0.0' };
    const data = Buffer.alloc(12 * 1024 * 1024);
    for (let i = 0; i < data.length; i += 4096) data.writeUInt32LE(i, i);
    const half = 6 * 1024 * 1024;
    const created = await fetch(`${a.url}/storage/v1/upload/resumable`, {
      method: 'POST',
      headers: {
        ...tus,
        'upload-length': String(data.length),
        'upload-metadata': `filename ${Buffer.from('Layout_1_Front.psd').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const url = created.headers.get('location')!;
    const path = new URL(url).pathname;
    // The page's secret for this upload, answered at creation: any process takes it.
    const secret = created.headers.get('upload-secret')!;
    const patch = (base: string, offset: number, bytes: Buffer) =>
      fetch(`${base}${path}`, {
        method: 'PATCH',
        headers: {
          ...tus,
          'upload-secret': secret,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(bytes),
      });
    expect((await patch(a.url, 0, data.subarray(0, half))).status).toBe(204);
    // The other process knows how far it got, from the bucket alone.
    const head = await fetch(`${b.url}${path}`, { method: 'HEAD', headers: { ...tus, 'upload-secret': secret } });
    expect(head.headers.get('upload-offset')).toBe(String(half));
    const done = await patch(b.url, half, data.subarray(half));
    expect(done.status).toBe(204);
    expect(done.headers.get('upload-offset')).toBe(String(data.length));

    const submitted = await fetch(`${b.url}/functions/v1/submit-order`, {
      method: 'POST',
      headers: { ...tus, 'content-type': 'application/json' },
      body: JSON.stringify({
        ...sampleOrder(),
        files: [],
        // Behind one public address both processes have the same origin; here each has its own
        // port, so the upload is named by the origin of the process the order goes to (an
        // upload URL of another origin is refused: uploads/upload-routes.ts, uploadIdOfUrl).
        uploads: [{ url: `${b.url}${path}`, secret, name: 'Layout_1_Front.psd', type: 'image/vnd.adobe.photoshop' }],
      }),
    });
    expect(submitted.status).toBe(201);
    const { orderId } = (await submitted.json()) as { orderId: string };

    const session = await fetch(`${a.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'clerk@shop.ca', password: PASSWORD }),
    });
    const cookie = session.headers.get('set-cookie')!.split(';')[0]!;
    const zip = await fetch(`${a.url}/api/orders/${orderId}/files.zip`, { headers: { cookie } });
    expect(zip.status).toBe(200);
    const entries = await zipEntries(Buffer.from(await zip.arrayBuffer()));
    expect(sha256(entries.get('Layout_1_Front.psd')!)).toBe(sha256(data));
    // Adopted: the order's object is in the bucket, the upload is gone from it.
    expect(await bucket.keys(`shop/files/${orderId}/`)).toHaveLength(1);
    expect(await bucket.keys('shop/uploads/')).toEqual([]);
  }, 120_000);
});
