// Messages on an order with files, on the order's page and in the inbox (docs/portal.md,
// "Messages on an order"), on SQLite and PostgreSQL: a picture or a PDF checked like artwork
// (its type from its bytes, a picture within the pixel cap, a PDF that opens) and refused with a
// reason in both languages otherwise; its file readable by that order's customer (session or
// link) and the staff only, another order's ids answering 404; the shop's answers signed with
// the staff member's name; unread counts; one mail per order per ten minutes while unread;
// files exported and deleted with the order.
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  pageToken,
  sampleOrder,
  startShopApp,
  startTestApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';
import { pngBomb } from '../../../tests/support/png-bomb.js';
import { slowPdf } from '../../../tests/support/slow-pdf.js';
import { freshBucket, hasS3, s3Env, type TestBucket } from '../../../tests/support/s3.js';
import { zipEntries } from '../../../tests/support/zip.js';
import { mintOrderLink } from '../storage/order-links.js';
import { MESSAGE_MAIL_PAUSE_MS } from './message-store.js';
import { createSignInLink } from './portal-store.js';

type Attached = { name: string; type: string; data: Buffer };

/**
 * POSTs a message to `url` (a portal, order-link or staff path) as a browser sends one with a
 * file: multipart, `body` then `file`.
 */
async function postWithFile(app: FastifyInstance, url: string, body: string, file?: Attached, cookie = '') {
  const form = new FormData();
  form.append('body', body);
  if (file) form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const response = new Response(form);
  return app.inject({
    method: 'POST',
    url,
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')!, ...(cookie ? { cookie } : {}) },
  });
}

describe.each(backends())('files and names on messages, on %s', (backend) => {
  let t: TestApp;
  let clerk = '';
  let ada = '';
  let bob = '';
  let adaLink = '';
  let bobLink = '';
  let adaSession = '';
  let bobSession = '';
  let png: Buffer;

  const order = async (email: string) => {
    const o = sampleOrder();
    o.layouts['1'].billing = { ...o.layouts['1'].billing, email };
    return (await submitMultipart(t.app, o, [], { 'x-form-token': pageToken(t) })).orderId;
  };
  const sessionOf = async (email: string) => {
    const token = await createSignInLink(t.app.db, email);
    const res = await t.app.inject({ method: 'POST', url: '/api/portal/session', payload: { token } });
    return String(res.headers['set-cookie']).split(';')[0]!;
  };
  const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: clerk }, ...(payload ? { payload } : {}) });
  /** POSTs a message with a file to `url` (a portal, order-link or staff path). */
  const post = (url: string, body: string, file?: Attached, cookie = '') =>
    postWithFile(t.app, url, body, file, cookie);
  const shopMails = async (orderId: string) =>
    (
      await t.app.db
        .selectFrom('mail_queue')
        .select('subject')
        .where('order_id', '=', orderId)
        .where('kind', '=', 'shop')
        .execute()
    ).filter((m) => m.subject.startsWith('New message from the customer'));

  beforeAll(async () => {
    ({
      t,
      staff: { clerk },
    } = await startShopApp(backend, {
      env: { ORDER_LINK_RATE_LIMIT: '100000', PORTAL_RATE_LIMIT: '100000' },
      staff: { clerk: { email: 'clerk@shop.ca', role: 'owner' } },
    }));
    ada = await order('ada@example.com');
    bob = await order('bob@example.com');
    adaLink = await mintOrderLink(t.app.db, ada);
    bobLink = await mintOrderLink(t.app.db, bob);
    adaSession = await sessionOf('ada@example.com');
    bobSession = await sessionOf('bob@example.com');
    png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#c03' } })
      .png()
      .toBuffer();
  }, 60_000);
  afterAll(async () => t?.close());

  let fileId = '';

  it('takes a picture on a message from the order’s page, readable by its customer and the staff only', async () => {
    const sent = await post(`/api/o/${adaLink}/messages`, 'Here is the logo.', {
      name: 'logo.png',
      type: 'image/png',
      data: png,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json();
    expect(message).toMatchObject({ author: 'customer', body: 'Here is the logo.', signature: null });
    expect(message.files).toEqual([
      { id: expect.any(String), name: 'logo.png', mediaType: 'image/png', size: png.length },
    ]);
    fileId = message.files[0].id;

    // The same thread from the order's page, from My orders and in the inbox.
    const fromLink = (await t.app.inject({ url: `/api/o/${adaLink}/messages` })).json().messages;
    const fromPortal = (
      await t.app.inject({ url: `/api/portal/orders/${ada}/messages`, headers: { cookie: adaSession } })
    ).json().messages;
    expect(fromLink).toEqual([message]);
    expect(fromPortal).toEqual([message]);

    // The file's own bytes, as a download, from each side that may read it.
    for (const [url, cookie] of [
      [`/api/o/${adaLink}/message-files/${fileId}`, ''],
      [`/api/portal/orders/${ada}/message-files/${fileId}`, adaSession],
      [`/api/orders/${ada}/message-files/${fileId}`, clerk],
    ] as const) {
      const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload.equals(png)).toBe(true);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    }
    // The preview is the server's own WebP drawing, never the sender's bytes.
    const preview = await t.app.inject({ url: `/api/o/${adaLink}/message-files/${fileId}?preview=1` });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    expect((await sharp(preview.rawPayload).metadata()).format).toBe('webp');

    // Another customer's ids answer as unknown ones: by their link, their session, their order.
    for (const [url, cookie] of [
      [`/api/o/${bobLink}/message-files/${fileId}`, ''],
      [`/api/portal/orders/${ada}/message-files/${fileId}`, bobSession],
      [`/api/portal/orders/${bob}/message-files/${fileId}`, bobSession],
      [`/api/portal/orders/${ada}/messages`, bobSession],
      [`/api/orders/${bob}/message-files/${fileId}`, clerk],
      [`/api/o/${'x'.repeat(43)}/messages`, ''],
      [`/api/o/${adaLink}/message-files/not-an-id`, ''],
    ] as const) {
      const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await post(`/api/portal/orders/${ada}/messages`, 'Hi', undefined, bobSession)).statusCode).toBe(404);
    // Without a session, nothing: the staff's path wants a staff session.
    expect((await t.app.inject({ url: `/api/orders/${ada}/message-files/${fileId}` })).statusCode).toBe(401);
  });

  it('refuses what is not a PNG, JPEG, WebP or PDF by its bytes, with a reason in both languages', async () => {
    const url = `/api/o/${adaLink}/messages`;
    const count = async () =>
      (await t.app.db.selectFrom('order_messages').select('id').where('order_id', '=', ada).execute()).length;
    const before = await count();
    const refusals = [
      [
        { name: 'photo.png', type: 'image/png', data: Buffer.from('just some text, not a picture') },
        415,
        'message_file_unsupported',
      ],
      [
        { name: 'anim.gif', type: 'image/gif', data: await sharp(png).gif().toBuffer() },
        415,
        'message_file_unsupported',
      ],
      [{ name: 'big.png', type: 'image/png', data: pngBomb() }, 422, 'message_file_too_many_pixels'],
      [
        { name: 'broken.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog') },
        422,
        'message_file_unreadable',
      ],
      [
        { name: 'huge.png', type: 'image/png', data: Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]) },
        413,
        'message_file_too_large',
      ],
    ] as const;
    for (const [file, status, code] of refusals) {
      const res = await post(url, 'With a file', file);
      expect(res.statusCode, `${file.name}: ${res.body}`).toBe(status);
      expect(res.json().error).toMatchObject({ code, fields: ['file'] });
      expect(res.json().error.message_fr).toMatch(/\S/);
    }
    expect((await post(url, 'With a file', refusals[0][0])).json().error.message).toBe(
      'A file on a message must be a PNG, JPEG or WebP picture, or a PDF.',
    );
    expect(await count()).toBe(before);
    // Nothing of the refused files stays in the order's storage.
    expect(
      await t.app.db.selectFrom('order_message_files').select('id').where('order_id', '=', ada).execute(),
    ).toHaveLength(1);

    // A PDF that opens, with no text: the file is the message.
    const pdf = await PDFDocument.create();
    pdf.addPage([300, 300]);
    const sent = await post(url, '', {
      name: 'proof.pdf',
      type: 'application/octet-stream',
      data: Buffer.from(await pdf.save()),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ body: '', files: [{ name: 'proof.pdf', mediaType: 'application/pdf' }] });
    // Neither text nor file: refused.
    expect((await post(url, '  ')).statusCode).toBe(400);
  }, 120_000);

  it('answers 400 in both languages, and keeps nothing, when a message with a file is cut off', async () => {
    const form = new FormData();
    form.append('body', 'The logo, cut off.');
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
    const response = new Response(form);
    const whole = Buffer.from(await response.arrayBuffer());
    const contentType = response.headers.get('content-type')!;
    const count = async () =>
      (await t.app.db.selectFrom('order_messages').select('id').where('order_id', '=', ada).execute()).length;
    const before = await count();
    for (const [url, cookie] of [
      [`/api/o/${adaLink}/messages`, ''],
      [`/api/portal/orders/${ada}/messages`, adaSession],
      [`/api/orders/${ada}/messages`, clerk],
    ] as const) {
      // The body ends in the middle of the file, before its closing boundary.
      for (const cut of [whole.subarray(0, whole.length - 60), whole.subarray(0, 150)]) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload: cut,
          headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
        });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.json().error).toMatchObject({
          code: 'malformed_multipart',
          message: 'The message was cut off on its way: nothing was saved. Send it again.',
          message_fr: 'Le message a été coupé en chemin\u00a0: rien n’a été enregistré. Envoyez-le de nouveau.',
        });
      }
    }
    expect(await count()).toBe(before);
  });

  it('counts unread messages by order, signs answers with the staff member’s name, and caps the mails', async () => {
    const carol = await order('carol@example.com');
    const link = await mintOrderLink(t.app.db, carol);
    const write = (body: string) => t.app.inject({ method: 'POST', url: `/api/o/${link}/messages`, payload: { body } });
    expect((await write('One')).statusCode).toBe(201);
    expect((await write('Two')).statusCode).toBe(201);
    // Two unread, one mail: the first mail already brings the clerk to the thread.
    expect((await staff('GET', '/api/messages/unread')).json().counts).toMatchObject({ [carol]: 2 });
    expect(await shopMails(carol)).toHaveLength(1);

    // Without a name, the clerk's email signs; with one, "Marie, <shop>".
    expect((await staff('GET', '/api/account/name')).json()).toEqual({ name: null });
    // Opening the thread in the inbox reads them.
    expect((await staff('GET', `/api/orders/${carol}/messages`)).json().messages).toHaveLength(2);
    const plain = await staff('POST', `/api/orders/${carol}/messages`, { body: 'Noted.' });
    expect(plain.json()).toMatchObject({ staffName: null, signature: 'clerk@shop.ca, Our Apparel Shop' });
    expect((await staff('GET', '/api/messages/unread')).json().counts[carol]).toBeUndefined();
    expect((await staff('PUT', '/api/account/name', { name: '  Marie  ' })).json()).toEqual({ name: 'Marie' });
    expect((await staff('PUT', '/api/account/name', { name: 'M'.repeat(61) })).statusCode).toBe(400);
    const named = await staff('POST', `/api/orders/${carol}/messages`, { body: 'Ready Friday.' });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json()).toMatchObject({ staffName: 'Marie', signature: 'Marie, Our Apparel Shop' });
    // The customer reads both, the first signed with the name the clerk has now.
    const thread = (await t.app.inject({ url: `/api/o/${link}/messages` })).json().messages;
    expect(thread.map((m: { signature: string | null }) => m.signature)).toEqual([
      null,
      null,
      'Marie, Our Apparel Shop',
      'Marie, Our Apparel Shop',
    ]);

    // The clerk read the first two: the next message is mailed again; then the pause holds.
    expect((await write('Three')).statusCode).toBe(201);
    expect(await shopMails(carol)).toHaveLength(2);
    expect((await write('Four')).statusCode).toBe(201);
    expect(await shopMails(carol)).toHaveLength(2);
    // Past the pause the clerk is told again, even unread.
    const past = new Date(Date.now() - MESSAGE_MAIL_PAUSE_MS - 1000).toISOString();
    await t.app.db
      .updateTable('order_messages')
      .set({ mailed_at: past })
      .where('order_id', '=', carol)
      .where('mailed_at', 'is not', null)
      .execute();
    expect((await write('Five')).statusCode).toBe(201);
    expect(await shopMails(carol)).toHaveLength(3);
  });

  it('takes bidi overrides and controls out of messages, from either side, and out of the staff’s name', async () => {
    const dave = await order('dave@example.com');
    const link = await mintOrderLink(t.app.db, dave);
    // U+202E shows what follows reversed ("Please pay by tomorrow" as the customer typed it backwards).
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/o/${link}/messages`,
      payload: { body: '\u202eworromot yb yap esaelP\u202c\r\nLine\u0007 two\u2028three\u2066' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().body).toBe('worromot yb yap esaelP\nLine two\nthree');
    const stored = await t.app.db
      .selectFrom('order_messages')
      .select('body')
      .where('order_id', '=', dave)
      .executeTakeFirstOrThrow();
    expect(stored.body).toBe('worromot yb yap esaelP\nLine two\nthree');
    // Only overrides: nothing left to say.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/o/${link}/messages`, payload: { body: '\u202e\u202c' } })).json()
        .error.code,
    ).toBe('message_empty');
    const answer = await staff('POST', `/api/orders/${dave}/messages`, { body: 'Ready\u202e Friday\u001b[31m' });
    expect(answer.json().body).toBe('Ready Friday[31m');
    expect((await staff('PUT', '/api/account/name', { name: '\u202eeiraM\u0000' })).json()).toEqual({ name: 'eiraM' });
    expect((await staff('PUT', '/api/account/name', { name: 'Marie' })).json()).toEqual({ name: 'Marie' });
  });

  it('exports the messages’ files with the order and deletes them with it', async () => {
    const zip = await staff('GET', `/api/orders/${ada}/data.zip`);
    expect(zip.statusCode).toBe(200);
    const entries = await zipEntries(zip.rawPayload);
    expect(entries.get('messages/logo.png')?.equals(png)).toBe(true);
    expect(entries.has('messages/proof.pdf')).toBe(true);
    const data = JSON.parse(entries.get('order.json')!.toString());
    expect(data.messages[0].files).toEqual([
      expect.objectContaining({
        id: fileId,
        name: 'logo.png',
        fileInArchive: 'messages/logo.png',
        media_type: 'image/png',
      }),
    ]);

    const { reference } = await t.app.db
      .selectFrom('orders')
      .select('reference')
      .where('id', '=', ada)
      .executeTakeFirstOrThrow();
    const key = (
      await t.app.db
        .selectFrom('order_message_files')
        .select('storage_key')
        .where('id', '=', fileId)
        .executeTakeFirstOrThrow()
    ).storage_key;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${ada}`,
      headers: { cookie: clerk },
      payload: { reference },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.app.db.selectFrom('order_message_files').select('id').where('order_id', '=', ada).execute()).toEqual(
      [],
    );
    await expect(t.app.files.open(key)).rejects.toThrow();
    expect((await t.app.inject({ url: `/api/o/${adaLink}/message-files/${fileId}` })).statusCode).toBe(404);
  });
});

// The artwork's processor-time budget (docs/decisions/017-artwork-lanes-and-cpu-budget.md) is the
// message file's too: a PDF that draws in about a second is refused under a budget of 100 ms.
describe('files on messages within ARTWORK_RENDER_CPU_MS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { ARTWORK_RENDER_CPU_MS: '100' });
  }, 60_000);
  afterAll(async () => t?.close());

  it('refuses as too complex a PDF that needs more processor time than the artwork may use', async () => {
    const { orderId } = await submitMultipart(t.app, sampleOrder(), [], { 'x-form-token': pageToken(t) });
    const link = await mintOrderLink(t.app.db, orderId);
    const sent = await postWithFile(t.app, `/api/o/${link}/messages`, 'The proof, marked up.', {
      name: 'marked-up.pdf',
      type: 'application/pdf',
      data: await slowPdf(),
    });
    expect(sent.statusCode, sent.body).toBe(422);
    expect(sent.json().error).toMatchObject({ code: 'message_file_too_complex', fields: ['file'] });
    expect(await t.app.db.selectFrom('order_messages').select('id').where('order_id', '=', orderId).execute()).toEqual(
      [],
    );
  }, 60_000);
});

describe.runIf(hasS3())('files on messages with the order’s files on S3', () => {
  let bucket: TestBucket;
  let t: TestApp;
  let clerk = '';

  beforeAll(async () => {
    bucket = await freshBucket();
    ({
      t,
      staff: { clerk },
    } = await startShopApp('sqlite', {
      env: { ...s3Env(bucket.name, 'shop'), ORDER_LINK_RATE_LIMIT: '100000' },
      staff: { clerk: { email: 'clerk@shop.ca', role: 'owner' } },
    }));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await bucket?.remove();
  });

  it('stores the file and its preview in the bucket, serves them, exports them and deletes them with the order', async () => {
    const o = sampleOrder();
    const { orderId, reference } = await submitMultipart(t.app, o, [], { 'x-form-token': pageToken(t) });
    const link = await mintOrderLink(t.app.db, orderId);
    const picture = await sharp({ create: { width: 90, height: 60, channels: 3, background: '#0a6' } })
      .jpeg()
      .toBuffer();
    const sent = await postWithFile(t.app, `/api/o/${link}/messages`, 'A photo of the shirt.', {
      name: 'shirt.jpg',
      type: 'image/jpeg',
      data: picture,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const file = sent.json().files[0] as { id: string; mediaType: string };
    expect(file.mediaType).toBe('image/jpeg');
    const keys = await bucket.keys(`shop/files/${orderId}/`);
    expect(keys).toContain(`shop/files/${orderId}/${file.id}`);
    expect(keys.length).toBeGreaterThan(1);

    const download = await t.app.inject({
      url: `/api/orders/${orderId}/message-files/${file.id}`,
      headers: { cookie: clerk },
    });
    expect(download.rawPayload.equals(picture)).toBe(true);
    const preview = await t.app.inject({ url: `/api/o/${link}/message-files/${file.id}?preview=1` });
    expect(preview.headers['content-type']).toBe('image/webp');
    const zip = await zipEntries(
      (await t.app.inject({ url: `/api/orders/${orderId}/data.zip`, headers: { cookie: clerk } })).rawPayload,
    );
    expect(zip.get('messages/shirt.jpg')?.equals(picture)).toBe(true);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${orderId}`,
      headers: { cookie: clerk },
      payload: { reference },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await bucket.keys(`shop/files/${orderId}/`)).toEqual([]);
  }, 60_000);
});
