// Resumable uploads (tus 1.0) and orders that name them: refused over the limits before a
// byte, resumed from the offset the server gives, adopted whole by one order only.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { outboxDirOf } from '../mail/outbox.js';
import { runHousekeeping } from '../privacy/housekeeping.js';
import {
  authHeaders,
  backends,
  localFilePath,
  multipartBody,
  sampleOrder,
  sha256,
  startTestApp,
  until,
  type TestApp,
} from '../../../tests/support/harness.js';

const UPLOAD = '/storage/v1/upload/resumable';
const MiB = 1024 * 1024;
const tusHeaders = { ...authHeaders, 'tus-resumable': '1.0.0' };
const metadata = (name: string, type: string) =>
  `filename ${Buffer.from(name).toString('base64')},filetype ${Buffer.from(type).toString('base64')}`;

/**
 * The secret each upload's creation answered, by path: these helpers send it as the page does
 * (HEAD, PATCH, DELETE, and the order that names the upload). The attacks below leave it out.
 */
const secrets = new Map<string, string>();
const secretOf = (url: string) => secrets.get(new URL(url, 'http://localhost').pathname) ?? '';
const withSecret = (url: string) => ({ ...tusHeaders, 'upload-secret': secretOf(url) });
/** The order's upload references, each with its secret (as the form sends them). */
const withSecrets = <B extends { uploads?: { url: string }[] }>(body: B): B => ({
  ...body,
  ...(body.uploads ? { uploads: body.uploads.map((u) => ({ secret: secretOf(u.url), ...u })) } : {}),
});

/** Creates an upload; with `first`, sends those bytes in the creation request (creation-with-upload). */
async function create(t: TestApp, size: number, name = 'art.psd', first?: Buffer, remoteAddress = '10.1.0.1') {
  const res = await t.app.inject({
    method: 'POST',
    url: UPLOAD,
    remoteAddress,
    headers: {
      ...tusHeaders,
      'upload-length': String(size),
      'upload-metadata': metadata(name, 'image/vnd.adobe.photoshop'),
      ...(first ? { 'content-type': 'application/offset+octet-stream' } : {}),
    },
    ...(first ? { payload: first } : {}),
  });
  if (res.headers.location && res.headers['upload-secret']) {
    secrets.set(new URL(String(res.headers.location)).pathname, String(res.headers['upload-secret']));
  }
  return res;
}

async function patch(t: TestApp, url: string, offset: number, bytes: Buffer) {
  return t.app.inject({
    method: 'PATCH',
    url: new URL(url).pathname,
    headers: { ...withSecret(url), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: bytes,
  });
}

async function head(t: TestApp, url: string) {
  return t.app.inject({ method: 'HEAD', url: new URL(url).pathname, headers: withSecret(url) });
}

/** A whole upload in two requests: creation with the first half, then a PATCH with the rest. */
async function upload(t: TestApp, data: Buffer, name = 'art.psd'): Promise<string> {
  const half = Math.floor(data.length / 2);
  const created = await create(t, data.length, name, data.subarray(0, half));
  expect(created.statusCode).toBe(201);
  const url = String(created.headers.location);
  const done = await patch(t, url, half, data.subarray(half));
  expect(done.statusCode).toBe(204);
  expect(done.headers['upload-offset']).toBe(String(data.length));
  return url;
}

async function submitJson(t: TestApp, body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/functions/v1/submit-order',
    headers: { ...authHeaders, ...headers },
    payload: withSecrets(body as { uploads?: { url: string }[] }) as object,
  });
}

/** An order whose one file is its purchase order, "Purchase order.pdf". */
const purchaseOrderOnly = () =>
  sampleOrder({
    layouts: {
      '1': {
        ...sampleOrder().layouts['1'],
        garmentOption: 'po',
        files: [{ name: 'Purchase order.pdf', type: 'application/pdf', role: 'po' }],
      },
    },
  });

const uploadsDir = (t: TestApp) => path.join(t.dataDir, 'uploads');
const storedUploads = (t: TestApp) => fs.readdirSync(uploadsDir(t)).sort();
const idOf = (url: string) => url.split('/').pop()!;

describe.each(backends())('resumable uploads on %s', (backend) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers the tus OPTIONS with its version and extensions, and CORS for the allowed origins only', async () => {
    t = await startTestApp(backend, { CORS_ORIGINS: 'https://shop.example' });
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: UPLOAD,
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, authorization, tus-resumable, upload-length',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['tus-version']).toBe('1.0.0');
    expect(String(res.headers['tus-extension']).split(',')).toEqual(
      expect.arrayContaining(['creation', 'creation-with-upload', 'termination', 'expiration']),
    );
    expect(res.headers['access-control-allow-origin']).toBe('https://shop.example');
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/apikey/);
    const stranger = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { ...tusHeaders, origin: 'https://evil.example', 'upload-length': '10' },
    });
    expect(stranger.statusCode).toBe(403);
  });

  it('limits how many uploads one address may create per window', async () => {
    t = await startTestApp(backend, { UPLOAD_RATE_LIMIT: '2' });
    expect((await create(t, 10)).statusCode).toBe(201);
    expect((await create(t, 10)).statusCode).toBe(201);
    const third = await create(t, 10);
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('rate_limited');
    expect(third.json().error.message).toMatch(
      /^Too many uploads from this address\. Please try again in 10 minutes\.$/,
    );
    expect(third.json().error.message_fr).toBe(
      'Trop de téléversements de cette adresse. Veuillez réessayer dans 10 minutes.',
    );
    expect((await create(t, 10, 'other.psd', undefined, '10.1.0.9')).statusCode).toBe(201);
  });

  it('refuses a request without the public key', async () => {
    t = await startTestApp(backend);
    const res = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(res.statusCode).toBe(401);
    expect(storedUploads(t)).toEqual([]);
  });

  it('refuses at creation, before any byte, a file over MAX_FILE_BYTES, an unknown length and an address over budget', async () => {
    t = await startTestApp(backend, {
      MAX_FILE_BYTES: String(5 * MiB),
      UPLOAD_BUDGET_BYTES_PER_DAY: String(8 * MiB),
      MIN_FREE_DISK_BYTES: '0',
    });
    const tooBig = await create(t, 5 * MiB + 1, 'huge.tif');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toMatchObject({
      code: 'file_too_large',
      message: '"huge.tif" is larger than the limit of 5 MB per file. Nothing was sent.',
      message_fr: "«\u00a0huge.tif\u00a0» dépasse la limite de 5 Mo par fichier. Rien n'a été envoyé.",
    });
    const deferred = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { ...tusHeaders, 'upload-defer-length': '1' },
    });
    expect(deferred.statusCode).toBe(400);
    expect(deferred.json().error.code).toBe('upload_length_required');

    // The declared sizes count toward the address's daily budget.
    expect((await create(t, 4 * MiB)).statusCode).toBe(201);
    const over = await create(t, 5 * MiB);
    expect(over.statusCode).toBe(413);
    expect(over.json().error.code).toBe('upload_budget_exceeded');
    expect(over.json().error.message).toMatch(/daily limit of 8 MB per connection \(4 MB left today\)/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own budget.
    expect((await create(t, 5 * MiB, 'a.psd', undefined, '10.1.0.2')).statusCode).toBe(201);
    const rows = await t.app.db.selectFrom('uploads').select(['address', 'size']).orderBy('address').execute();
    expect(rows).toEqual([
      { address: '10.1.0.1', size: 4 * MiB },
      { address: '10.1.0.2', size: 5 * MiB },
    ]);
  });

  it('resumes after a partial upload from the offset HEAD gives, and keeps its files private', async () => {
    t = await startTestApp(backend);
    const data = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
    const created = await create(t, data.length, 'art.psd', data.subarray(0, 100_000));
    expect(created.statusCode).toBe(201);
    const url = String(created.headers.location);
    expect(url).toMatch(new RegExp(`^http://[^/]+${UPLOAD}/[0-9a-f]{32}$`));
    expect(created.headers['upload-offset']).toBe('100000');

    const status = await head(t, url);
    expect(status.statusCode).toBe(200);
    expect(status.headers['upload-offset']).toBe('100000');
    expect(status.headers['upload-length']).toBe(String(data.length));

    // A PATCH at the wrong offset is refused; at the right one it continues.
    const conflict = await patch(t, url, 0, data.subarray(0, 10));
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.code).toBe('upload_offset_conflict');
    expect((await patch(t, url, 100_000, data.subarray(100_000, 200_000))).statusCode).toBe(204);
    expect((await head(t, url)).headers['upload-offset']).toBe('200000');
    expect((await patch(t, url, 200_000, data.subarray(200_000))).statusCode).toBe(204);

    const id = idOf(url);
    expect(storedUploads(t)).toEqual([id, `${id}.json`]);
    for (const name of storedUploads(t)) expect(fs.statSync(path.join(uploadsDir(t), name)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(uploadsDir(t)).mode & 0o777).toBe(0o700);
    expect(sha256(fs.readFileSync(path.join(uploadsDir(t), id)))).toBe(sha256(data));
  });

  it('keeps the bytes of a PATCH cut mid-way, flushed, and resumes from them', async () => {
    t = await startTestApp(backend);
    const data = Buffer.from(Array.from({ length: 4 * MiB }, (_, i) => (i * 7) % 256));
    const created = await create(t, data.length, 'cut.psd');
    const url = String(created.headers.location);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // A real connection that drops after 3 MiB of a 4 MiB PATCH.
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      [
        `PATCH ${new URL(url).pathname} HTTP/1.1`,
        'host: 127.0.0.1',
        `apikey: ${authHeaders.apikey}`,
        `upload-secret: ${secretOf(url)}`,
        'tus-resumable: 1.0.0',
        'upload-offset: 0',
        'content-type: application/offset+octet-stream',
        `content-length: ${data.length}`,
        '',
        '',
      ].join('\r\n'),
    );
    await new Promise((resolve) => socket.write(data.subarray(0, 3 * MiB), resolve));
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.destroy();
    const offset = await until(async () => {
      const n = Number((await head(t!, url)).headers['upload-offset']);
      return n > 0 && n;
    });
    expect(offset).toBeGreaterThan(2 * MiB);
    expect(offset).toBeLessThanOrEqual(3 * MiB);
    expect((await patch(t, url, offset, data.subarray(offset))).statusCode).toBe(204);
    expect(sha256(fs.readFileSync(path.join(uploadsDir(t), idOf(url))))).toBe(sha256(data));
  });

  it('adopts a finished upload by a link, with the SHA-256 taken as its bytes arrived, across a restart', async () => {
    t = await startTestApp(backend);
    const data = Buffer.alloc(5 * MiB + 3);
    for (let i = 0; i + 4 <= data.length; i += 4096) data.writeUInt32LE(i, i);
    // The first half before a restart, the rest after: the digest still covers every byte.
    const created = await create(t, data.length, 'big.pdf', data.subarray(0, 2 * MiB));
    const url = String(created.headers.location);
    await t.restart();
    expect((await patch(t, url, 2 * MiB, data.subarray(2 * MiB))).statusCode).toBe(204);
    const kept = JSON.parse(fs.readFileSync(path.join(uploadsDir(t), `${idOf(url)}.json`), 'utf8'));
    expect(kept).toMatchObject({ sha256: sha256(data), sha256Bytes: data.length });
    const inode = fs.statSync(path.join(uploadsDir(t), idOf(url))).ino;

    const order = purchaseOrderOnly();
    const res = await submitJson(t, {
      ...order,
      files: [],
      uploads: [{ url, name: 'Purchase order.pdf', type: 'application/pdf' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.app.db
      .selectFrom('attachments')
      .select(['size', 'sha256', 'storage_key'])
      .where('order_id', '=', res.json<{ orderId: string }>().orderId)
      .where('name', '=', 'Purchase order.pdf')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ size: data.length, sha256: sha256(data) });
    const stored = localFilePath(t.app, row.storage_key);
    // The very file that was uploaded (same inode): no byte was copied.
    expect(fs.statSync(stored).ino).toBe(inode);
    expect(sha256(fs.readFileSync(stored))).toBe(sha256(data));
    expect(storedUploads(t)).toEqual([]);
  });

  it('copies, hashing every byte, an upload whose digest was never kept (a crash after its last bytes)', async () => {
    t = await startTestApp(backend);
    const data = Buffer.alloc(1 * MiB, 7);
    const url = await upload(t, data, 'po.pdf');
    const file = path.join(uploadsDir(t), idOf(url));
    const inode = fs.statSync(file).ino;
    const {
      sha256: _digest,
      sha256Bytes: _bytes,
      ...withoutDigest
    } = JSON.parse(fs.readFileSync(`${file}.json`, 'utf8'));
    fs.writeFileSync(`${file}.json`, JSON.stringify(withoutDigest));
    const order = purchaseOrderOnly();
    const res = await submitJson(t, {
      ...order,
      files: [],
      uploads: [{ url, name: 'Purchase order.pdf', type: 'application/pdf' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.app.db
      .selectFrom('attachments')
      .select(['sha256', 'storage_key'])
      .where('name', '=', 'Purchase order.pdf')
      .executeTakeFirstOrThrow();
    expect(row.sha256).toBe(sha256(data));
    expect(fs.statSync(localFilePath(t.app, row.storage_key)).ino).not.toBe(inode);
  });

  it('saves an order naming finished uploads with their SHA-256, in JSON and in multipart', async () => {
    t = await startTestApp(backend);
    const mockup = Buffer.from('\x89PNG\r\n\x1a\n mockup bytes '.repeat(5000));
    const po = Buffer.alloc(3 * MiB + 17, 9);
    const mockupUrl = await upload(t, mockup, 'mockup.png');
    const poUrl = await upload(t, po, 'po.pdf');
    const order = sampleOrder({
      layouts: {
        '1': {
          ...sampleOrder().layouts['1'],
          garmentOption: 'po',
          mockupImages: ['Layout_1_Mockup_1.png'],
          files: [{ name: 'Purchase order.pdf', type: 'application/pdf', role: 'po' }],
        },
      },
    });
    const res = await submitJson(t, {
      ...order,
      files: [],
      uploads: [
        { url: mockupUrl, name: 'Layout_1_Mockup_1.png', type: 'image/png' },
        { url: poUrl, name: 'Purchase order.pdf', type: 'application/pdf' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const { orderId } = res.json<{ orderId: string }>();
    const attachments = await t.app.db
      .selectFrom('attachments')
      .select(['name', 'size', 'sha256', 'role', 'media_type', 'storage_key'])
      .where('order_id', '=', orderId)
      .orderBy('position')
      .execute();
    expect(attachments.map(({ storage_key: _, ...a }) => a)).toEqual([
      {
        name: 'Layout_1_Mockup_1.png',
        size: mockup.length,
        sha256: sha256(mockup),
        role: 'mockup',
        media_type: 'image/png',
      },
      { name: 'Purchase order.pdf', size: po.length, sha256: sha256(po), role: 'po', media_type: 'application/pdf' },
    ]);
    const stored = fs.readFileSync(localFilePath(t.app, attachments[1]!.storage_key));
    expect(sha256(stored)).toBe(sha256(po));
    // Adopted: gone from the upload store, kept as the order's in the table.
    expect(storedUploads(t)).toEqual([]);
    const rows = await t.app.db.selectFrom('uploads').select(['order_id', 'stored']).execute();
    expect(rows).toEqual([
      { order_id: orderId, stored: 0 },
      { order_id: orderId, stored: 0 },
    ]);
    const document = JSON.parse(
      (await t.app.db.selectFrom('orders').select('document').where('id', '=', orderId).executeTakeFirstOrThrow())
        .document,
    ) as Record<string, unknown>;
    expect(document.uploads).toBeUndefined();

    // Multipart: the `order` part names the upload, another file travels as a part as before.
    const art = Buffer.alloc(200_000, 3);
    const artUrl = await upload(t, art, 'front.png');
    const multi = sampleOrder({
      layouts: {
        '1': {
          ...sampleOrder().layouts['1'],
          viewData: { Front: { image: 'Layout_1_Front.png', dimensions: '10" wide', decoration: 'dtf' } },
          files: [{ name: 'notes.txt', type: 'text/plain' }],
        },
      },
    });
    const { payload, contentType } = await multipartBody(
      withSecrets({ ...multi, uploads: [{ url: artUrl, name: 'Layout_1_Front.png', type: 'image/png' }] }),
      [{ name: 'notes.txt', type: 'text/plain', data: 'hello' }],
    );
    const second = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order',
      headers: { ...authHeaders, 'content-type': contentType },
      payload,
    });
    expect(second.statusCode).toBe(201);
    const names = await t.app.db
      .selectFrom('attachments')
      .select(['name', 'sha256', 'role', 'view'])
      .where('order_id', '=', second.json<{ orderId: string }>().orderId)
      .orderBy('position')
      .execute();
    expect(names).toEqual([
      { name: 'notes.txt', sha256: sha256('hello'), role: 'other', view: null },
      { name: 'Layout_1_Front.png', sha256: sha256(art), role: 'view', view: 'Front' },
    ]);
  });

  it('lets an upload belong to one order only, and an idempotent retry moves nothing twice', async () => {
    t = await startTestApp(backend);
    const data = Buffer.alloc(100_000, 5);
    const url = await upload(t, data, 'art.pdf');
    const body = { ...sampleOrder(), files: [], uploads: [{ url, name: 'art.pdf', type: 'application/pdf' }] };
    const first = await submitJson(t, body, { 'idempotency-key': 'order-1' });
    expect(first.statusCode).toBe(201);
    const again = await submitJson(t, body, { 'idempotency-key': 'order-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());

    const other = await submitJson(t, body, { 'idempotency-key': 'order-2' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toMatchObject({ code: 'upload_already_used', fields: ['uploads.0.url'] });
    expect(await t.app.db.selectFrom('orders').select('id').execute()).toHaveLength(1);
    expect(await t.app.db.selectFrom('attachments').select('id').execute()).toHaveLength(1);
    expect(fs.readdirSync(path.join(t.dataDir, 'tmp'))).toEqual([]);
  });

  it('refuses with 422 and the field an unfinished, unknown or foreign upload, and saves nothing', async () => {
    t = await startTestApp(backend);
    const created = await create(t, 1000, 'half.psd', Buffer.alloc(400, 1));
    const half = String(created.headers.location);
    const cases: [string, string, RegExp][] = [
      [half, 'upload_incomplete', /is not finished: 400 of 1000 bytes received/],
      [`http://localhost${UPLOAD}/${'a'.repeat(32)}`, 'unknown_upload', /names an upload this server does not have/],
      ['https://elsewhere.example/files/123', 'invalid_upload_url', /is not the address of an upload on this server/],
      // The path of a real upload behind another origin, or a scheme that is not the web's:
      // only the path was ever used, but nothing but this server's own address is taken.
      [`http://evil.example${new URL(half).pathname}`, 'invalid_upload_url', /is not the address of an upload/],
      [`file://${new URL(half).pathname}`, 'invalid_upload_url', /is not the address of an upload/],
      [`//evil.example${new URL(half).pathname}`, 'invalid_upload_url', /is not the address of an upload/],
      [`/\\evil.example${new URL(half).pathname}`, 'invalid_upload_url', /is not the address of an upload/],
      [`https://localhost${new URL(half).pathname}`, 'invalid_upload_url', /is not the address of an upload/],
      // This server's own address as a path: read, and refused only because the upload is unfinished.
      [new URL(half).pathname, 'upload_incomplete', /is not finished/],
    ];
    for (const [url, code, message] of cases) {
      const res = await submitJson(t, {
        ...sampleOrder(),
        files: [],
        uploads: [{ url, name: 'half.psd', type: '' }],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({ code, fields: ['uploads.0.url'] });
      expect(res.json().error.message).toMatch(message);
    }
    expect(await t.app.db.selectFrom('orders').select('id').execute()).toEqual([]);
  });

  it('opens an upload only to the page that created it: without its secret, it does not exist', async () => {
    t = await startTestApp(backend);
    const data = Buffer.alloc(300_000, 9);
    const created = await create(t, data.length, 'secret.psd', data.subarray(0, 100_000));
    expect(created.statusCode).toBe(201);
    const url = String(created.headers.location);
    const secret = String(created.headers['upload-secret']);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const stored = await t.app.db.selectFrom('uploads').select('secret_hash').executeTakeFirstOrThrow();
    expect(stored.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.secret_hash).not.toContain(secret);

    // Another address with the link, and no or a wrong secret: the same 404 as no upload at all.
    for (const headers of [tusHeaders, { ...tusHeaders, 'upload-secret': 'guess' }]) {
      const from = { remoteAddress: '10.9.9.9', headers };
      const peek = await t.app.inject({ method: 'HEAD', url: new URL(url).pathname, ...from });
      expect(peek.statusCode).toBe(404);
      expect(peek.headers['upload-metadata']).toBeUndefined();
      const write = await t.app.inject({
        method: 'PATCH',
        url: new URL(url).pathname,
        ...from,
        headers: { ...headers, 'upload-offset': '100000', 'content-type': 'application/offset+octet-stream' },
        payload: Buffer.alloc(200_000, 6),
      });
      expect(write.statusCode).toBe(404);
      const remove = await t.app.inject({ method: 'DELETE', url: new URL(url).pathname, ...from });
      expect(remove.statusCode).toBe(404);
    }
    // The page finishes it; an order without the secret cannot adopt it, one with it can.
    expect((await patch(t, url, 100_000, data.subarray(100_000))).statusCode).toBe(204);
    const ref = { url, name: 'secret.psd', type: 'image/vnd.adobe.photoshop' };
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order',
      headers: authHeaders,
      payload: { ...sampleOrder(), files: [], uploads: [{ ...ref, secret: 'guess' }] },
    });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().error).toMatchObject({ code: 'unknown_upload', fields: ['uploads.0.url'] });
    const mine = await submitJson(t, { ...sampleOrder(), files: [], uploads: [ref] });
    expect(mine.statusCode, mine.body).toBe(201);
  });

  it('terminates an upload on DELETE and gives its unsent bytes back to the budget', async () => {
    t = await startTestApp(backend, { UPLOAD_BUDGET_BYTES_PER_DAY: String(3 * MiB), MIN_FREE_DISK_BYTES: '0' });
    const created = await create(t, 2 * MiB, 'a.psd', Buffer.alloc(MiB, 1));
    const url = String(created.headers.location);
    expect((await create(t, 2 * MiB)).statusCode).toBe(413);
    const gone = await t.app.inject({ method: 'DELETE', url: new URL(url).pathname, headers: withSecret(url) });
    expect(gone.statusCode).toBe(204);
    expect((await head(t, url)).statusCode).toBe(404);
    const late = await patch(t, url, MiB, Buffer.alloc(10, 1));
    expect(late.statusCode).toBe(404);
    expect(late.json().error.message).toBe(
      'There is no upload at this address: it expired, was removed or never existed. Choose the file again.',
    );
    expect(storedUploads(t).filter((n) => n.startsWith(idOf(url)))).toEqual([]);
    expect(await t.app.db.selectFrom('uploads').select('id').execute()).toEqual([]);
    // The MiB sent stays counted; the MiB never sent is given back.
    expect((await create(t, 2 * MiB)).statusCode).toBe(201);
  });

  it('sweeps uploads no order adopted after UPLOAD_EXPIRY_HOURS, and keeps younger ones', async () => {
    t = await startTestApp(backend, { UPLOAD_EXPIRY_HOURS: '24' });
    const old = await upload(t, Buffer.alloc(1000, 1), 'old.psd');
    const young = await upload(t, Buffer.alloc(1000, 2), 'young.psd');
    // Seen from 25 hours on: the young one was made 2 hours after the old one. (Moving the
    // sweep's clock, not the rows, keeps the app's own housekeeping run out of the way.)
    await t.app.db
      .updateTable('uploads')
      .set({ created_at: new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString() })
      .where('id', '=', idOf(young))
      .execute();
    const result = await runHousekeeping({
      db: t.app.db,
      files: t.app.files,
      outboxDir: outboxDirOf(t.dataDir),
      retentionDays: 0,
      uploads: t.app.uploads,
      uploadExpiryHours: 24,
      now: new Date(Date.now() + 25 * 60 * 60 * 1000),
    });
    expect(result.uploadsExpired).toBe(1);
    expect(storedUploads(t)).toEqual([idOf(young), `${idOf(young)}.json`]);
    expect((await head(t, old)).statusCode).toBe(404);
    expect((await head(t, young)).statusCode).toBe(200);
    expect((await t.app.db.selectFrom('uploads').select('id').execute()).map((r) => r.id)).toEqual([idOf(young)]);
  });
});
