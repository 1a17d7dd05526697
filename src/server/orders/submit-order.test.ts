import fs from 'node:fs';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrderByReference, listAttachments } from '../storage/orders.js';
import {
  API_KEY,
  authHeaders,
  backends,
  localFilePath,
  multipartBody,
  sampleOrder,
  sha256,
  startTestApp,
  type TestApp,
} from '../../../tests/support/harness.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const dataUrl = (type: string, data: Buffer) => `data:${type};base64,${data.toString('base64')}`;

describe.each(backends())('submit-order on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, {
      MAX_JSON_BYTES: String(2 * 1024 * 1024),
      MAX_FILE_BYTES: String(3 * 1024 * 1024),
      CORS_ORIGINS: 'https://shop.example.com',
    });
  });
  afterAll(async () => t?.close());

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order',
      headers: { ...authHeaders, ...headers },
      payload: payload as string,
    });

  const postMultipart = async (
    order: unknown,
    files: Parameters<typeof multipartBody>[1],
    headers: Record<string, string> = {},
    orderField?: string,
  ) => {
    const { payload, contentType } = await multipartBody(order, files, orderField);
    return post(payload, { 'content-type': contentType, ...headers });
  };

  async function stored(reference: string) {
    const order = await findOrderByReference(t.app.db, reference);
    expect(order).toBeDefined();
    const attachments = await listAttachments(t.app.db, order!.id);
    const onDisk = attachments.map((a) => ({ ...a, bytes: fs.readFileSync(localFilePath(t.app, a.storage_key)) }));
    return { order: order!, document: JSON.parse(order!.document), attachments: onDisk };
  }

  const orderCount = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('orders')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('multipart (what the order form sends)', () => {
    it('saves the order and every file, byte for byte, with roles and layouts', async () => {
      const mockup = Buffer.concat([PNG, Buffer.from('mockup')]);
      const front = Buffer.concat([PNG, Buffer.from('front')]);
      const po = Buffer.from('%PDF-1.4 purchase order');
      const order = sampleOrder();
      Object.assign(order.layouts['1'], {
        files: [
          { name: 'Layout_1_Mockup_1.png', type: 'image/png', size: mockup.length, role: 'mockup' },
          { name: 'PO 77.pdf', type: 'application/pdf', size: po.length, role: 'po' },
        ],
        mockupImages: ['Layout_1_Mockup_1.png'],
        viewData: { Front: { image: 'Layout_1_Front.png', dimensions: '10" wide', decoration: 'embroidery' } },
      });
      const res = await postMultipart(order, [
        { name: 'Layout_1_Mockup_1.png', type: 'image/png', data: mockup },
        { name: 'Layout_1_Front.png', type: 'image/png', data: front },
        { name: 'PO 77.pdf', type: 'application/pdf', data: po },
      ]);
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.orderId).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);

      const s = await stored(body.reference);
      expect(s.order.customer_name).toBe('Ada Lovelace');
      expect(s.order.customer_email).toBe('ada@example.com');
      expect(s.order.include_poly_bags).toBe(1);
      expect(s.order.status).toBe('new');
      expect(s.attachments.map((a) => [a.name, a.role, a.layout_number, a.view, a.media_type, a.size])).toEqual([
        ['Layout_1_Mockup_1.png', 'mockup', 1, null, 'image/png', mockup.length],
        ['Layout_1_Front.png', 'view', 1, 'Front', 'image/png', front.length],
        ['PO 77.pdf', 'po', 1, null, 'application/pdf', po.length],
      ]);
      for (const [a, data] of s.attachments.map((a, i) => [a, [mockup, front, po][i]!] as const)) {
        expect(a.sha256).toBe(sha256(data));
        expect(sha256(a.bytes)).toBe(sha256(data));
      }
      expect(s.document.layouts['1'].viewData.Front).toEqual({
        image: 'Layout_1_Front.png',
        dimensions: '10" wide',
        decoration: 'embroidery',
      });
      expect(s.document.layouts['1'].billing.province).toBe('NS');
    });

    it('cleans dangerous file names and makes duplicates unique', async () => {
      const res = await postMultipart(sampleOrder(), [
        { name: '..\\..\\evil\u202Egpj.exe', type: 'application/x-msdownload', data: 'a' },
        { name: '.hidden', type: 'text/plain', data: 'b' },
        { name: 'art.pdf', type: 'application/pdf', data: 'c' },
        { name: 'art.pdf', type: 'application/pdf', data: 'd' },
        { name: `${'x'.repeat(300)}.pdf`, type: 'application/pdf', data: 'e' },
      ]);
      expect(res.statusCode).toBe(201);
      const names = (await stored(res.json().reference)).attachments.map((a) => a.name);
      expect(names.slice(0, 4)).toEqual(['evilgpj.exe', 'hidden', 'art.pdf', 'art (2).pdf']);
      expect(names[4]).toHaveLength(180);
      expect(names[4]!.endsWith('.pdf')).toBe(true);
    });

    it('refuses a file over the per-file limit with 413 naming it, and saves nothing', async () => {
      const before = await orderCount();
      const res = await postMultipart(sampleOrder(), [
        { name: 'huge.psd', type: 'image/vnd.adobe.photoshop', data: Buffer.alloc(3 * 1024 * 1024 + 1) },
      ]);
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('file_too_large');
      expect(res.json().error.message).toContain('3 MB');
      expect(await orderCount()).toBe(before);
      expect(fs.readdirSync(path.join(t.dataDir, 'tmp'))).toEqual([]);
    });

    it('fails fast on an invalid order part, before reading the files', async () => {
      const order = sampleOrder();
      (order.layouts['1'] as Record<string, unknown>).mockupOption = 'paint';
      const res = await postMultipart(order, [{ name: 'a.png', type: 'image/png', data: PNG }]);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'invalid_order' });
      expect(res.json().error.message).toContain('layouts.1.mockupOption');
    });

    it.each([
      ['no order part', undefined, [{ name: 'a.png', type: 'image/png', data: 'x' }], undefined, 400, 'missing_order'],
      ['an order part that is not JSON', '{nope', [], undefined, 400, 'invalid_json'],
      ['an unexpected field', sampleOrder(), [], 'orders', 400, 'unexpected_part'],
      [
        'a reference to a file that was not sent',
        {
          ...sampleOrder(),
          layouts: { '1': { ...sampleOrder().layouts['1'], mockupImages: ['Layout_1_Mockup_1.png'] } },
        },
        [],
        undefined,
        422,
        'missing_attachment',
      ],
    ])('answers %s with its status and code', async (_name, order, files, field, status, code) => {
      const before = await orderCount();
      const res = await postMultipart(order, files as Parameters<typeof multipartBody>[1], {}, field);
      expect(res.statusCode).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(typeof res.json().error.message).toBe('string');
      expect(await orderCount()).toBe(before);
    });

    it('answers a cut-off multipart body with 400 and saves nothing', async () => {
      const before = await orderCount();
      const { payload, contentType } = await multipartBody(sampleOrder(), [
        { name: 'a.bin', type: 'application/octet-stream', data: Buffer.alloc(100_000, 1) },
      ]);
      const res = await post(payload.subarray(0, payload.length - 5_000), { 'content-type': contentType });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('malformed_multipart');
      expect(await orderCount()).toBe(before);
      expect(fs.readdirSync(path.join(t.dataDir, 'tmp'))).toEqual([]);
    });
  });

  describe('JSON (older clients)', () => {
    it('stores files given as data URLs and bare base64, and embedded images once', async () => {
      const mock = Buffer.concat([PNG, Buffer.from('m1')]);
      const back = Buffer.concat([PNG, Buffer.from('back')]);
      const pdf = Buffer.from('%PDF-1.7 art');
      const order = sampleOrder();
      Object.assign(order.layouts['1'], {
        files: [{}, {}],
        mockupImages: [dataUrl('image/png', mock)],
        viewData: { Back: { image: dataUrl('image/png', back), dimensions: '12" wide', decoration: 'dtf' } },
      });
      const res = await post({
        ...order,
        files: [
          { name: 'art.pdf', type: 'application/pdf', data: dataUrl('application/pdf', pdf) },
          { name: 'Layout_1_Mockup_1.png', type: 'image/png', data: dataUrl('image/png', mock) },
          { name: 'notes.txt', type: 'text/plain', data: Buffer.from('hello').toString('base64') },
        ],
      });
      expect(res.statusCode).toBe(201);
      const s = await stored(res.json().reference);
      expect(s.attachments.map((a) => [a.name, a.role, a.view, a.sha256])).toEqual([
        ['art.pdf', 'other', null, sha256(pdf)],
        ['Layout_1_Mockup_1.png', 'mockup', null, sha256(mock)],
        ['notes.txt', 'other', null, sha256('hello')],
        ['Layout_1_Back.png', 'view', 'Back', sha256(back)],
      ]);
      expect(s.order.document).not.toContain('base64');
      expect(s.document.layouts['1'].mockupImages).toEqual(['Layout_1_Mockup_1.png']);
      expect(s.document.layouts['1'].viewData.Back.image).toBe('Layout_1_Back.png');
    });

    it('refuses invalid base64 with 400 naming the file, and saves nothing', async () => {
      const before = await orderCount();
      const res = await post({
        ...sampleOrder(),
        files: [{ name: 'bad.png', type: 'image/png', data: 'data:image/png;base64,@@@not base64!' }],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_file_data');
      expect(res.json().error.message).toContain('bad.png');
      expect(await orderCount()).toBe(before);
    });

    it('refuses a body over the JSON limit with 413 saying how large orders are sent', async () => {
      const res = await post({
        ...sampleOrder(),
        files: [{ name: 'big.bin', type: 'application/octet-stream', data: 'A'.repeat(3 * 1024 * 1024) }],
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('order_too_large');
      expect(res.json().error.message).toContain('multipart/form-data');
    });

    it('answers 422 naming every missing required billing field', async () => {
      const order = sampleOrder();
      Object.assign(order.layouts['1'].billing, { firstName: '', email: '', postalCode: '  ' });
      const res = await post(order);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({
        code: 'missing_fields',
        message: 'Please fill in the required billing fields: First Name, Postal Code, Email.',
        message_fr: 'Veuillez remplir les champs de facturation obligatoires\u202f: Prénom, Code postal, Courriel.',
        fields: ['billing.firstName', 'billing.postalCode', 'billing.email'],
      });
    });

    it.each([
      [
        'a decoration method that does not exist',
        { viewData: { Front: { image: '', dimensions: '', decoration: 'painting' } } },
        'layouts.1.viewData.Front.decoration',
      ],
      [
        'a view that does not exist',
        { viewData: { Collar: { image: '', dimensions: '', decoration: '' } } },
        'layouts.1.viewData',
      ],
      ['a garment option that does not exist', { garmentOption: 'mail' }, 'layouts.1.garmentOption'],
      [
        'supplying goods that is not yes or no',
        { variations: [{ supplyingGoods: 'maybe' }] },
        'layouts.1.variations.0.supplyingGoods',
      ],
      ['a string over its cap', { jobNotes: 'x'.repeat(20_001) }, 'layouts.1.jobNotes'],
      ['too many variations', { variations: Array.from({ length: 101 }, () => ({})) }, 'layouts.1.variations'],
      [
        'a province that does not exist',
        { billing: { ...sampleOrder().layouts['1'].billing, province: 'Texas' } },
        'layouts.1.billing.province',
      ],
      [
        'an email that is not one',
        { billing: { ...sampleOrder().layouts['1'].billing, email: 'ada-at-example' } },
        'layouts.1.billing.email',
      ],
    ])('answers 422 for %s', async (_name, change, where) => {
      const order = sampleOrder();
      Object.assign(order.layouts['1'], change);
      const res = await post(order);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('invalid_order');
      expect(res.json().error.message).toContain(where);
    });

    it('answers 422 for layout keys that are not positive whole numbers, and for no layout 1', async () => {
      const bad = await post({ ...sampleOrder(), layouts: { '0': sampleOrder().layouts['1'] } });
      expect(bad.statusCode).toBe(422);
      const noOne = await post({ ...sampleOrder(), layouts: { '2': sampleOrder().layouts['1'] } });
      expect(noOne.statusCode).toBe(422);
      expect(noOne.json().error.code).toBe('missing_layout');
    });

    it('accepts a province by name and stores its code', async () => {
      const order = sampleOrder();
      order.layouts['1'].billing.province = 'british columbia';
      const res = await post(order);
      expect(res.statusCode).toBe(201);
      expect((await stored(res.json().reference)).document.layouts['1'].billing.province).toBe('BC');
    });

    it.each([
      ['not JSON', '{"layouts":', 'application/json', 400, 'invalid_json'],
      ['a JSON array', '[]', 'application/json', 400, 'invalid_body'],
      ['another media type', 'layouts=1', 'text/plain', 415, 'unsupported_media_type'],
    ])('answers a body that is %s with its status and code', async (_name, payload, type, status, code) => {
      const res = await post(payload, { 'content-type': type });
      expect(res.statusCode).toBe(status);
      expect(res.json().error.code).toBe(code);
    });
  });

  describe('keys, CORS and idempotency', () => {
    it.each([
      ['no key', {}],
      ['a wrong apikey', { apikey: 'nope-nope-nope' }],
      ['a wrong bearer and no apikey', { authorization: 'Bearer nope-nope' }],
    ])('answers 401 to %s', async (_name, headers) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/functions/v1/submit-order',
        headers: headers as Record<string, string>,
        payload: sampleOrder(),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    });

    it('answers the CORS preflight for the headers supabase-js and our client send', async () => {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: '/functions/v1/submit-order',
        headers: {
          origin: 'https://shop.example.com',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, x-client-info, apikey, content-type, idempotency-key',
        },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('https://shop.example.com');
      expect(res.headers['access-control-allow-headers']).toBe(
        'authorization, x-client-info, apikey, content-type, idempotency-key, x-form-token',
      );
    });

    it('returns the first answer for a repeated Idempotency-Key and creates nothing new', async () => {
      const before = await orderCount();
      const first = await post(sampleOrder(), { 'idempotency-key': `k-${backend}-seq` });
      const second = await post(sampleOrder(), { 'idempotency-key': `k-${backend}-seq` });
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual(first.json());
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(await orderCount()).toBe(before + 1);
    });

    it('makes one order when the same key arrives several times at once', async () => {
      const before = await orderCount();
      const { payload, contentType } = await multipartBody(sampleOrder(), [
        { name: 'a.bin', type: 'application/octet-stream', data: Buffer.alloc(500_000, 7) },
      ]);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          post(payload, { 'content-type': contentType, 'idempotency-key': `k-${backend}-concurrent` }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((a) => a.json().orderId)).size).toBe(1);
      expect(await orderCount()).toBe(before + 1);
    });

    it('lets a key be used again after its first request failed', async () => {
      const bad = sampleOrder();
      bad.layouts['1'].billing.email = '';
      expect((await post(bad, { 'idempotency-key': `k-${backend}-retry` })).statusCode).toBe(422);
      expect((await post(sampleOrder(), { 'idempotency-key': `k-${backend}-retry` })).statusCode).toBe(201);
    });
  });

  describe('over a real connection', () => {
    let url: string;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address() as { port: number };
      url = `http://127.0.0.1:${address.port}`;
    });

    it('takes a multipart order streamed by fetch, with the bytes intact', async () => {
      const big = Buffer.alloc(2 * 1024 * 1024 + 123);
      for (let i = 0; i < big.length; i += 4096) big.writeUInt32LE((i * 2654435761) >>> 0, i);
      const form = new FormData();
      form.append('order', JSON.stringify(sampleOrder()));
      form.append('files', new Blob([big], { type: 'application/octet-stream' }), 'art.ai');
      const res = await fetch(`${url}/functions/v1/submit-order`, { method: 'POST', headers: authHeaders, body: form });
      expect(res.status).toBe(201);
      const s = await stored(((await res.json()) as { reference: string }).reference);
      expect(s.attachments[0]!.sha256).toBe(sha256(big));
      expect(s.attachments[0]!.bytes.equals(big)).toBe(true);
    });

    it('works unchanged for a client of @supabase/supabase-js calling functions.invoke', async () => {
      const supabase = createClient(url, API_KEY, {
        auth: { persistSession: false },
        realtime: { transport: ws as never },
      });
      const order = sampleOrder();
      order.layouts['1'].mockupImages = [dataUrl('image/png', PNG)] as never;
      const { data, error } = await supabase.functions.invoke('submit-order', {
        body: {
          ...order,
          files: [{ name: 'Layout_1_Mockup_1.png', type: 'image/png', data: dataUrl('image/png', PNG) }],
        },
      });
      expect(error).toBeNull();
      expect(data.reference).toMatch(/^\w{4}-\w{4}$/);
      const s = await stored(data.reference);
      expect(s.attachments.map((a) => [a.name, a.role, a.sha256])).toEqual([
        ['Layout_1_Mockup_1.png', 'mockup', sha256(PNG)],
      ]);
    });

    it('reports health', async () => {
      const res = await fetch(`${url}/healthz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
    });
  });
});

describe.each(backends())('durability on %s', (backend) => {
  it('sweeps, once started, files that no committed order references', async () => {
    const t = await startTestApp(backend);
    try {
      const ok = await t.app.inject({
        method: 'POST',
        url: '/functions/v1/submit-order',
        ...(await asMultipart([{ name: 'keep.txt', data: 'keep' }])),
      });
      expect(ok.statusCode).toBe(201);
      const orphanOrder = path.join(t.dataDir, 'files', '11111111-2222-4333-8444-555555555555');
      const orphanTmp = path.join(t.dataDir, 'tmp', 'half-written');
      fs.mkdirSync(orphanOrder, { recursive: true });
      fs.writeFileSync(path.join(orphanOrder, 'x'), 'partial');
      fs.mkdirSync(orphanTmp, { recursive: true });
      const app = await t.restart();
      // Only once listening (a process that cannot get its port sweeps nothing): the sweep that
      // the onListen hook runs, here by hand, as the tests inject requests without a port.
      expect(fs.existsSync(orphanOrder)).toBe(true);
      await app.sweepLeftovers();
      expect(fs.existsSync(orphanOrder)).toBe(false);
      expect(fs.existsSync(orphanTmp)).toBe(false);
      const kept = await listAttachments(app.db, ok.json().orderId);
      expect(fs.readFileSync(localFilePath(app, kept[0]!.storage_key), 'utf8')).toBe('keep');
    } finally {
      await t.close();
    }
  });

  it('answers 503 and saves nothing when the file store is down', async () => {
    const t = await startTestApp(backend);
    try {
      const tmp = path.join(t.dataDir, 'tmp');
      fs.rmSync(tmp, { recursive: true });
      fs.writeFileSync(tmp, 'not a folder');
      const res = await t.app.inject({
        method: 'POST',
        url: '/functions/v1/submit-order',
        ...(await asMultipart([{ name: 'a.txt', data: 'a' }])),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('unavailable');
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(503);
      expect(await t.app.db.selectFrom('orders').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('answers 503 and keeps no files when the database refuses the commit', async () => {
    const t = await startTestApp(backend);
    try {
      if (backend === 'sqlite') {
        await sql`pragma query_only = on`.execute(t.app.db);
      } else {
        // Every connection of the pool is cut, as when the server restarts. The
        // background jobs may open one between the first cut and the ALTER, with
        // the old default: a second cut after the ALTER closes it too.
        const cutOthers = sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
        await cutOthers.execute(t.app.db);
        await sql`alter database ${sql.id(new URL(t.config.DATABASE_URL).pathname.slice(1))} set default_transaction_read_only = on`.execute(
          t.app.db,
        );
        await cutOthers.execute(t.app.db);
        await sql`select pg_terminate_backend(pg_backend_pid())`.execute(t.app.db).catch(() => {});
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/functions/v1/submit-order',
        ...(await asMultipart([{ name: 'a.txt', data: 'a' }])),
      });
      expect(res.statusCode).toBe(503);
      expect(JSON.stringify(res.json())).not.toMatch(/stack|at .*\.js/);
      expect(fs.readdirSync(path.join(t.dataDir, 'files'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

async function asMultipart(files: { name: string; data: string }[]) {
  const { payload, contentType } = await multipartBody(
    sampleOrder(),
    files.map((f) => ({ ...f, type: 'text/plain' })),
  );
  return { payload, headers: { ...authHeaders, 'content-type': contentType } };
}
