// The whole app with its files on a real S3 server (FILES_URL=s3://…): an order's files go to
// the bucket before the commit and come back byte for byte (downloads, the ZIP, previews,
// thumbnails, the privacy export); deletion takes them; a store that freezes mid-order
// refuses it with 503 and keeps nothing, and the same order goes through once it is back.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  backends,
  multipartBody,
  sampleOrder,
  sha256,
  signIn,
  startTestApp,
  submitMultipart,
  until,
  type TestApp,
} from '../../../tests/support/harness.js';
import { freshBucket, hasS3, s3Env, startPausableRelay, type TestBucket } from '../../../tests/support/s3.js';
import { zipEntries } from '../../../tests/support/zip.js';
import { addStaff } from '../staff/staff-service.js';
import { existingOrderIds } from '../storage/orders.js';

let PNG: Buffer;
const PASSWORD = 'correct horse battery staple';

function orderWithFiles() {
  const order = sampleOrder();
  Object.assign(order.layouts['1'], {
    mockupImages: ['Layout_1_Mockup_1.png'],
    files: [{ name: 'Layout_1_Mockup_1.png', type: 'image/png', role: 'mockup' }],
  });
  return order;
}

describe.runIf(hasS3()).each(backends())('the app with its files on S3, on %s', (backend) => {
  let bucket: TestBucket;
  let t: TestApp;
  let cookie = '';

  beforeAll(async () => {
    PNG = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c03' } })
      .png()
      .toBuffer();
    bucket = await freshBucket();
    t = await startTestApp(backend, { ...s3Env(bucket.name, 'shop'), ARTWORK_POLL_MS: '200' });
    await addStaff(t.app.db, 'clerk@shop.ca', PASSWORD);
    cookie = await signIn(t.app, 'clerk@shop.ca', PASSWORD);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await bucket?.remove();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('stores the files in the bucket only, and serves them, the ZIP, the preview and the thumbnail byte for byte', async () => {
    const psd = randomBytes(20 * 1024 * 1024 + 17);
    const files = [
      { name: 'Layout_1_Mockup_1.png', type: 'image/png', data: PNG },
      { name: 'Layout_1_Front.psd', type: 'image/vnd.adobe.photoshop', data: psd },
      { name: 'po é.txt', type: 'text/plain', data: Buffer.from('PO 1234') },
    ];
    const { orderId, reference } = await submitMultipart(t.app, orderWithFiles(), files);

    const detail = (await get(`/api/orders/${orderId}`)).json<{
      attachments: { id: string; name: string; size: number; sha256: string }[];
    }>();
    expect(detail.attachments.map((a) => [a.name, a.size, a.sha256])).toEqual(
      files.map((f) => [f.name, f.data.length, sha256(f.data)]),
    );
    expect((await bucket.keys(`shop/files/${orderId}/`)).sort()).toEqual(
      detail.attachments.map((a) => `shop/files/${orderId}/${a.id}`).sort(),
    );
    expect(fs.existsSync(path.join(t.dataDir, 'files'))).toBe(false);

    for (const [i, a] of detail.attachments.entries()) {
      const res = await get(`/api/orders/${orderId}/files/${a.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe(String(files[i]!.data.length));
      expect(sha256(res.rawPayload)).toBe(sha256(files[i]!.data));
    }

    const zip = await get(`/api/orders/${orderId}/files.zip`);
    expect(zip.statusCode).toBe(200);
    const entries = await zipEntries(zip.rawPayload);
    expect([...entries.keys()]).toEqual(files.map((f) => f.name));
    for (const f of files) expect(sha256(entries.get(f.name)!)).toBe(sha256(f.data));

    const preview = await get(`/api/orders/${orderId}/files/${detail.attachments[0]!.id}/preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(preview.rawPayload.equals(PNG)).toBe(true);
    expect((await get(`/api/orders/${orderId}/files/${detail.attachments[2]!.id}/preview`)).statusCode).toBe(415);

    // The artwork worker measures from a private local copy and stores the thumbnail beside the file.
    const thumb = await until(async () => {
      const res = await get(`/api/orders/${orderId}/files/${detail.attachments[0]!.id}/thumbnail`);
      return res.statusCode === 200 && res;
    });
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(await bucket.keys(`shop/files/${orderId}/${detail.attachments[0]!.id}.thumb.webp`)).toHaveLength(1);
    // Staging and the worker's private copy are gone: the bytes live in the bucket only.
    await until(() => fs.readdirSync(path.join(t.dataDir, 'tmp')).length === 0);

    // Privacy: the export carries the files; deletion removes every object of the order.
    const exported = await get(`/api/orders/${orderId}/data.zip`);
    expect(exported.statusCode).toBe(200);
    const exportedEntries = await zipEntries(exported.rawPayload);
    const psdEntry = [...exportedEntries.entries()].find(([name]) => name.endsWith('Layout_1_Front.psd'));
    expect(psdEntry && sha256(psdEntry[1])).toBe(sha256(psd));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${orderId}`,
      headers: { cookie },
      payload: { reference },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await bucket.keys(`shop/files/${orderId}/`)).toEqual([]);
  }, 120_000);

  it('refuses an order with 503 when the store freezes mid-upload, keeps nothing, and takes the same order once it is back', async () => {
    const relay = await startPausableRelay();
    const frozen = await startTestApp(backend, {
      ...s3Env(bucket.name, 'shop/frozen'),
      AWS_ENDPOINT_URL_S3: relay.endpoint,
      S3_TIMEOUT_MS: '1500',
      ARTWORK_CHECKS: 'false',
    });
    try {
      const big = randomBytes(40 * 1024 * 1024);
      const { payload, contentType } = await multipartBody(orderWithFiles(), [
        { name: 'Layout_1_Mockup_1.png', type: 'image/png', data: PNG },
        { name: 'Layout_1_Back.tif', type: 'image/tiff', data: big },
      ]);
      const submit = () =>
        frozen.app.inject({
          method: 'POST',
          url: '/functions/v1/submit-order',
          headers: { ...authHeaders, 'content-type': contentType, 'idempotency-key': 'frozen-store-1' },
          payload,
        });

      // Frozen after 20 MB of the 40 MB file went towards S3.
      relay.pause(20 * 1024 * 1024);
      const refused = await submit();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ error: { code: 'unavailable' } });
      expect(refused.json().error.message_fr).toContain('stockage de fichiers');
      expect(refused.headers['retry-after']).toBe('30');
      const { count } = (await sql<{ count: number }>`select count(*) as count from orders`.execute(frozen.app.db))
        .rows[0]!;
      expect(Number(count)).toBe(0);
      expect((await frozen.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(503);

      relay.resume();
      // What the failed order left in the bucket belongs to no order: the sweep takes it all.
      await frozen.app.files.sweep((ids) => existingOrderIds(frozen.app.db, ids), 0);
      expect(await bucket.keys('shop/frozen/')).toEqual([]);
      const open = await bucket.client.send(
        new ListMultipartUploadsCommand({ Bucket: bucket.name, Prefix: 'shop/frozen/' }),
      );
      expect(open.Uploads ?? []).toEqual([]);

      const saved = await submit();
      expect(saved.statusCode).toBe(201);
      const { orderId } = saved.json<{ orderId: string }>();
      expect((await frozen.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const stored = await bucket.keys(`shop/frozen/files/${orderId}/`);
      expect(stored).toHaveLength(2);
    } finally {
      relay.resume();
      await frozen.close();
      await relay.close();
    }
  }, 120_000);

  it('a store that freezes mid-upload: the PATCH fails, an order naming the upload gets 503, and the upload resumes once it is back', async () => {
    const relay = await startPausableRelay();
    const frozen = await startTestApp(backend, {
      ...s3Env(bucket.name, 'shop/tus-frozen'),
      AWS_ENDPOINT_URL_S3: relay.endpoint,
      S3_TIMEOUT_MS: '1500',
      ARTWORK_CHECKS: 'false',
    });
    const tus = { ...authHeaders, 'tus-resumable': '1.0.0' };
    // The page's secret for the upload, answered at creation and sent with every later request.
    let secret = '';
    const data = randomBytes(12 * 1024 * 1024);
    const half = 6 * 1024 * 1024;
    const patch = (path: string, offset: number, bytes: Buffer) =>
      frozen.app.inject({
        method: 'PATCH',
        url: path,
        headers: {
          ...tus,
          'upload-secret': secret,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        payload: bytes,
      });
    const order = (url: string) => ({
      ...sampleOrder(),
      files: [],
      uploads: [{ url, secret, name: 'Layout_1_Back.tif', type: 'image/tiff' }],
    });
    const submit = (url: string) =>
      frozen.app.inject({
        method: 'POST',
        url: '/functions/v1/submit-order',
        headers: { ...tus, 'idempotency-key': 'tus-frozen-1' },
        payload: order(url),
      });
    try {
      const created = await frozen.app.inject({
        method: 'POST',
        url: '/storage/v1/upload/resumable',
        headers: { ...tus, 'upload-length': String(data.length) },
      });
      expect(created.statusCode).toBe(201);
      secret = String(created.headers['upload-secret']);
      const url = String(created.headers.location);
      const path = new URL(url).pathname;
      expect((await patch(path, 0, data.subarray(0, half))).statusCode).toBe(204);

      relay.pause();
      const failed = await patch(path, half, data.subarray(half));
      expect(failed.statusCode).toBe(503);
      const refused = await submit(url);
      expect(refused.statusCode).toBe(503);
      const { count } = (await sql<{ count: number }>`select count(*) as count from orders`.execute(frozen.app.db))
        .rows[0]!;
      expect(Number(count)).toBe(0);

      relay.resume();
      const head = await frozen.app.inject({ method: 'HEAD', url: path, headers: { ...tus, 'upload-secret': secret } });
      expect(head.statusCode).toBe(200);
      const offset = Number(head.headers['upload-offset']);
      expect(offset).toBeGreaterThanOrEqual(half);
      expect(offset).toBeLessThan(data.length);
      const done = await patch(path, offset, data.subarray(offset));
      expect(done.statusCode).toBe(204);

      const saved = await submit(url);
      expect(saved.statusCode).toBe(201);
      const { orderId } = saved.json<{ orderId: string }>();
      const [attachment] = await frozen.app.db
        .selectFrom('attachments')
        .select(['storage_key', 'sha256', 'size'])
        .where('order_id', '=', orderId)
        .execute();
      expect(attachment).toMatchObject({ sha256: sha256(data), size: data.length });
      const { stream } = await frozen.app.files.open(attachment!.storage_key);
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(c as Buffer);
      expect(sha256(Buffer.concat(chunks))).toBe(sha256(data));
    } finally {
      relay.resume();
      await frozen.close();
      await relay.close();
    }
  }, 120_000);
});
