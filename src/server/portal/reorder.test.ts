// "Order again" (docs/portal.md), on SQLite and PostgreSQL: the signed-in customer reads a past
// order to start the form from, and submits a new order that reuses its stored files without a
// new upload, each copied and checked against its SHA-256; another customer's order or file is
// refused as unknown; the inbox says "Reorder of …"; the price list's setup waiver applies within
// its months, and not after.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import example from '../../shared/prices/example-price-list.json';
import { addStaff } from '../staff/index.js';
import {
  authHeaders,
  backends,
  localFilePath,
  multipartBody,
  pageToken,
  sampleOrder,
  sha256,
  signIn,
  startTestApp,
  submitMultipart,
  until,
  type TestApp,
} from '../../../tests/support/harness.js';
import {
  freshBucket,
  hasS3,
  s3Env,
  startPausableRelay,
  type PausableRelay,
  type TestBucket,
} from '../../../tests/support/s3.js';
import type { ReorderSource } from '../../shared/portal-api.js';
import type { PublicPriceList, SeenEstimate } from '../../shared/price-list-api.js';
import { priceOrder } from '../../shared/prices/price-order.js';
import { repeatedDecorations, reusedArtwork } from '../../shared/prices/repeated-decorations.js';
import { createSignInLink } from './portal-store.js';
import { dateIn } from '../../shared/dates.js';

const PASSWORD = 'correct horse battery staple';
// A tiny PNG (1×1), and another customer's bytes.
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const BOB_LOGO = Buffer.concat([LOGO, Buffer.from('bob')]);

describe.each(backends())('Order again on %s', (backend) => {
  let t: TestApp;
  let owner = '';
  let ada = '';
  let bob = '';
  const past = { ada: '', adaRef: '', bob: '' };

  /** A screen-printed front (2 colours) with its graphic, 15 pieces: $30 of screens. */
  const orderWithLogo = (email: string) => {
    const o = sampleOrder();
    const first = o.layouts['1'] as Record<string, unknown>;
    first.billing = { ...(first.billing as object), email, province: 'ON', city: 'Toronto', postalCode: 'M5V 2T6' };
    first.viewData = {
      Front: { image: 'Layout_1_Front.png', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 },
    };
    return o;
  };

  const session = async (email: string) => {
    const token = await createSignInLink(t.app.db, email);
    const res = await t.app.inject({ method: 'POST', url: '/api/portal/session', payload: { token } });
    expect(res.statusCode, res.body).toBe(200);
    return String(res.headers['set-cookie']).split(';')[0]!;
  };

  const source = (cookie: string, orderId: string) =>
    t.app.inject({ url: `/api/portal/orders/${orderId}/reorder`, headers: { cookie } });

  const submit = async (order: unknown, cookie?: string) => {
    const { payload, contentType } = await multipartBody(order, []);
    return t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order',
      headers: { ...authHeaders, 'content-type': contentType, ...(cookie ? { cookie } : {}) },
      payload,
    });
  };

  /** The past order again, its files reused by id, as the form sends it. */
  const again = (s: ReorderSource, files = s.files.map((f) => ({ id: f.id, name: f.name }))) => ({
    ...s.document,
    reorder: { orderId: s.orderId, files },
  });

  const attachmentsOf = (orderId: string) =>
    t.app.db
      .selectFrom('attachments')
      .select(['id', 'name', 'sha256', 'storage_key'])
      .where('order_id', '=', orderId)
      .execute();

  const estimateOf = async (orderId: string) => {
    const row = await t.app.db
      .selectFrom('orders')
      .select('estimate')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return JSON.parse(String(row.estimate)) as SeenEstimate;
  };
  const screens = async (orderId: string) =>
    (await estimateOf(orderId)).lines.filter((l) => l.description.en.includes('Screens')).map((l) => l.totalCents);

  /** The reorder with a file uploaded anew, as the form sends it. */
  const submitWith = async (order: unknown, files: { name: string; type: string; data: Buffer }[]) => {
    const { payload, contentType } = await multipartBody(order, files);
    const res = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order',
      headers: { ...authHeaders, 'content-type': contentType, cookie: ada },
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ orderId: string }>().orderId;
  };

  /** What the form's live estimate shows for `order`: the published list, priced as estimate.tsx does. */
  const formEstimate = async (s: ReorderSource, order: ReturnType<typeof again>) => {
    const list = (await t.app.inject({ url: '/api/price-list' })).json<PublicPriceList>();
    const priced = priceOrder(list.priceList, order, {
      date: new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date()),
      shopProvince: list.shop.province,
      registrations: list.shop.registrations,
      reorder: {
        reference: s.reference,
        placedOn: s.placedOn,
        decorations: repeatedDecorations(s.document, s.files),
        artwork: reusedArtwork(order.reorder.files, new Map(s.files.map((f) => [f.id, f.sha256]))),
      },
    });
    return {
      totalCents: priced.totalCents,
      lines: priced.lines.map((l) => ({ description: l.description, totalCents: l.totalCents })),
    };
  };

  beforeAll(async () => {
    t = await startTestApp(backend, {
      SHOP_PROVINCE: 'ON',
      GST_HST_NUMBER: '123456782 RT0001',
      ARTWORK_POLL_MS: '200',
    });
    await addStaff(t.app.db, 'owner@shop.ca', PASSWORD);
    owner = await signIn(t.app, 'owner@shop.ca', PASSWORD);
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/prices',
      headers: { cookie: owner },
      payload: { ...structuredClone(example), reorderSetupWaiverMonths: 12 },
    });
    expect(published.statusCode, published.body).toBe(201);
    const a = await submitMultipart(
      t.app,
      orderWithLogo('ada@example.com'),
      [{ name: 'Layout_1_Front.png', type: 'image/png', data: LOGO }],
      { 'x-form-token': pageToken(t) },
    );
    past.ada = a.orderId;
    past.adaRef = a.reference;
    past.bob = (
      await submitMultipart(
        t.app,
        orderWithLogo('bob@example.com'),
        [{ name: 'Layout_1_Front.png', type: 'image/png', data: BOB_LOGO }],
        { 'x-form-token': pageToken(t) },
      )
    ).orderId;
    ada = await session('ada@example.com');
    bob = await session('bob@example.com');
  });
  afterAll(async () => t?.close());

  it('gives the signed-in customer their past order and its stored files, never another customer’s', async () => {
    const res = await source(ada, past.ada);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json<ReorderSource>();
    expect(s).toMatchObject({ orderId: past.ada, reference: past.adaRef });
    expect(s.placedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(s.document.layouts['1']!.viewData.Front).toMatchObject({ image: 'Layout_1_Front.png', colours: 2 });
    expect(s.files).toEqual([
      expect.objectContaining({
        name: 'Layout_1_Front.png',
        mediaType: 'image/png',
        size: LOGO.length,
        sha256: sha256(LOGO),
      }),
    ]);
    // Bob's order is as unknown to Ada as no order; without a session, nobody's.
    expect((await source(ada, past.bob)).statusCode).toBe(404);
    expect((await source(ada, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/portal/orders/${past.ada}/reorder` })).statusCode).toBe(401);
  });

  it('shows a stored file’s thumbnail to the signed-in customer of its order only, 404 to anyone else', async () => {
    // The server makes the thumbnail after the order is saved; the source says when there is one.
    const s = await until(async () => {
      const answer = (await source(ada, past.ada)).json<ReorderSource>();
      return answer.files[0]?.preview && answer;
    });
    const thumbnail = (orderId: string, fileId: string, cookie?: string) =>
      t.app.inject({
        url: `/api/portal/orders/${orderId}/files/${fileId}/thumbnail`,
        headers: cookie ? { cookie } : {},
      });
    const own = await thumbnail(past.ada, s.files[0]!.id, ada);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // Bob's own file, Ada's file by Bob, Ada's file under Bob's order, an unknown file: all 404.
    const [bobsFile] = await attachmentsOf(past.bob);
    expect((await thumbnail(past.bob, bobsFile!.id, ada)).statusCode).toBe(404);
    expect((await thumbnail(past.ada, s.files[0]!.id, bob)).statusCode).toBe(404);
    expect((await thumbnail(past.bob, s.files[0]!.id, bob)).statusCode).toBe(404);
    expect((await thumbnail(past.ada, bobsFile!.id, ada)).statusCode).toBe(404);
    expect((await thumbnail(past.ada, '00000000-0000-4000-8000-000000000000', ada)).statusCode).toBe(404);
    expect((await thumbnail(past.ada, s.files[0]!.id)).statusCode).toBe(401);
  });

  it('saves a reorder without an upload: the files copied from storage with their SHA-256, the setup waived', async () => {
    const s = (await source(ada, past.ada)).json<ReorderSource>();
    const res = await submit(again(s), ada);
    expect(res.statusCode, res.body).toBe(201);
    const { orderId } = res.json<{ orderId: string }>();
    const [before] = await attachmentsOf(past.ada);
    const after = await attachmentsOf(orderId);
    expect(after.map((a) => [a.name, a.sha256])).toEqual([['Layout_1_Front.png', sha256(LOGO)]]);
    // A copy of its own: deleting either order's data leaves the other's file.
    expect(after[0]!.storage_key).not.toBe(before!.storage_key);
    if (backend === 'sqlite')
      expect(sha256(fs.readFileSync(localFilePath(t.app, after[0]!.storage_key)))).toBe(sha256(LOGO));
    const row = await t.app.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect([row.reorder_of, row.reorder_of_reference]).toEqual([past.ada, past.adaRef]);
    expect(JSON.parse(String(row.document))).not.toHaveProperty('reorder');
    // The first order paid its screens; the reorder, within 12 months, does not.
    expect(await screens(past.ada)).toEqual([3_000]);
    expect(await screens(orderId)).toEqual([0]);
  });

  it('waives only the repeated decoration’s screens: a new location pays its own, as the form showed', async () => {
    const s = (await source(ada, past.ada)).json<ReorderSource>();
    const order = again(s);
    order.layouts['1']!.viewData.Back = {
      image: 'Layout_1_Back.png',
      dimensions: '10" wide',
      decoration: 'screen-printing',
      colours: 1,
    };
    const orderId = await submitWith(order, [{ name: 'Layout_1_Back.png', type: 'image/png', data: BOB_LOGO }]);
    // The front's 2 screens are kept from the first order; the back's new screen is charged.
    expect(await screens(orderId)).toEqual([0, 1_500]);
    const stored = await estimateOf(orderId);
    expect(stored).toMatchObject(await formEstimate(s, order));
  });

  it('keeps the waiver when a team’s sizes, collected from My orders, change the reorder', async () => {
    const s = (await source(ada, past.ada)).json<ReorderSource>();
    const order = again(s);
    order.layouts['1']!.variations = [
      { type: 'G5000', color: 'Black', sizes: 'M:5', supplyingGoods: 'no', itemPO: '' },
    ];
    const res = await submit(order, ada);
    expect(res.statusCode, res.body).toBe(201);
    const { orderId } = res.json<{ orderId: string }>();
    expect(await screens(orderId)).toEqual([0]);
    const before = (await estimateOf(orderId)).totalCents;

    const url = `/api/portal/orders/${orderId}/team-sizes`;
    const started = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: ada },
      payload: { layout: '1', variation: 0, title: 'Team', closesOn: dateIn(t.config.timeZone) },
    });
    expect(started.statusCode, started.body).toBe(201);
    const { collection, link } = started.json<{ collection: { id: string }; link: string }>();
    for (const name of ['Ann', 'Ben']) {
      await t.app.inject({ method: 'PUT', url: `/api/c/${link}/entry`, payload: { name, size: 'L' } });
    }
    const closed = await t.app.inject({
      method: 'POST',
      url: `${url}/${collection.id}/close`,
      headers: { cookie: ada },
    });
    expect(closed.json()).toMatchObject({ outcome: 'applied' });
    // Priced again on 2 pieces, the repeated screens still waived.
    expect(await screens(orderId)).toEqual([0]);
    expect((await estimateOf(orderId)).totalCents).not.toBe(before);
  });

  it('charges the setup of the same place with other artwork: a file uploaded anew is new artwork', async () => {
    const s = (await source(ada, past.ada)).json<ReorderSource>();
    const order = again(s, []);
    const orderId = await submitWith(order, [
      { name: 'Layout_1_Front.png', type: 'image/png', data: Buffer.concat([LOGO, Buffer.from('v2')]) },
    ]);
    expect(await screens(orderId)).toEqual([3_000]);
    expect(await estimateOf(orderId)).toMatchObject(await formEstimate(s, order));
  });

  it('charges setup again once the repeated order is older than the waiver’s months', async () => {
    const s = (await source(ada, past.ada)).json<ReorderSource>();
    const saved = await t.app.db
      .selectFrom('orders')
      .select('created_at')
      .where('id', '=', past.ada)
      .executeTakeFirstOrThrow();
    const longAgo = new Date(Date.now() - 400 * 86_400_000).toISOString();
    await t.app.db.updateTable('orders').set({ created_at: longAgo }).where('id', '=', past.ada).execute();
    try {
      const res = await submit(again(s), ada);
      expect(res.statusCode, res.body).toBe(201);
      expect(await screens(res.json<{ orderId: string }>().orderId)).toEqual([3_000]);
    } finally {
      await t.app.db.updateTable('orders').set({ created_at: saved.created_at }).where('id', '=', past.ada).execute();
    }
  });

  it('refuses another customer’s order or file, and a reorder without a session, saving nothing', async () => {
    const s = (await source(ada, past.ada)).json<ReorderSource>();
    const [bobsFile] = await attachmentsOf(past.bob);
    const count = async () => (await t.app.db.selectFrom('orders').select('id').execute()).length;
    const n = await count();
    // Bob's file named in Ada's reorder of her own order.
    const foreignFile = await submit(again(s, [{ id: bobsFile!.id, name: 'Layout_1_Front.png' }]), ada);
    expect(foreignFile.statusCode).toBe(404);
    expect(foreignFile.json()).toMatchObject({ error: { code: 'reorder_not_found', fields: ['reorder.files.0.id'] } });
    // Bob's order, by Ada; Ada's order, by Bob.
    expect((await submit({ ...again(s), reorder: { orderId: past.bob, files: [] } }, ada)).statusCode).toBe(404);
    expect((await submit(again(s), bob)).statusCode).toBe(404);
    expect((await submit(again(s))).statusCode).toBe(401);
    expect(await count()).toBe(n);
  });

  it('refuses a stored file whose bytes no longer match its SHA-256', async () => {
    if (backend !== 'sqlite') return; // the local file store: its bytes are on this disk
    const s = (await source(ada, past.ada)).json<ReorderSource>();
    const [stored] = await attachmentsOf(past.ada);
    const file = localFilePath(t.app, stored!.storage_key);
    const original = fs.readFileSync(file);
    fs.writeFileSync(file, Buffer.concat([original, Buffer.from('tampered')]));
    try {
      const res = await submit(again(s), ada);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'reused_file_changed' } });
    } finally {
      fs.writeFileSync(file, original);
    }
  });

  it('shows the inbox "Reorder of" the old order’s number, in the list and on the order', async () => {
    const s = (await source(ada, past.ada)).json<ReorderSource>();
    const { orderId } = (await submit(again(s), ada)).json<{ orderId: string }>();
    const list = await t.app.inject({ url: '/api/orders', headers: { cookie: owner } });
    const listed = list.json<{ orders: { id: string; reorder_of_reference: string | null }[] }>().orders;
    expect(listed.find((o) => o.id === orderId)?.reorder_of_reference).toBe(past.adaRef);
    expect(listed.find((o) => o.id === past.ada)?.reorder_of_reference).toBeNull();
    const detail = await t.app.inject({ url: `/api/orders/${orderId}`, headers: { cookie: owner } });
    expect(detail.json().order.reorder_of_reference).toBe(past.adaRef);
  });
});

// On S3 (docs/portal.md, Order again): the reused files are copied inside the bucket, never
// through this server; an object that no longer carries the SHA-256 it was stored with is read
// and hashed as it is copied, and refused when its bytes changed.
describe.runIf(hasS3()).each(backends())('Order again with the files on S3, on %s', (backend) => {
  let bucket: TestBucket;
  let relay: PausableRelay;
  let t: TestApp;
  let cookie = '';
  const ART = randomBytes(3 * 1024 * 1024);
  let past: ReorderSource;

  beforeAll(async () => {
    bucket = await freshBucket();
    // The app talks to S3 through a relay that counts the bytes each way.
    relay = await startPausableRelay();
    t = await startTestApp(backend, {
      ...s3Env(bucket.name, 'shop'),
      AWS_ENDPOINT_URL_S3: relay.endpoint,
      ARTWORK_CHECKS: 'false',
    });
    const o = sampleOrder();
    const first = o.layouts['1'] as Record<string, unknown>;
    first.billing = { ...(first.billing as object), email: 'ada@example.com' };
    first.viewData = { Front: { image: 'Layout_1_Front.tif', dimensions: '10" wide', decoration: 'dtf' } };
    await submitMultipart(t.app, o, [{ name: 'Layout_1_Front.tif', type: 'image/tiff', data: ART }], {
      'x-form-token': pageToken(t),
    });
    const token = await createSignInLink(t.app.db, 'ada@example.com');
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/portal/session', payload: { token } });
    cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    const orders = await t.app.db.selectFrom('orders').select('id').execute();
    const res = await t.app.inject({ url: `/api/portal/orders/${orders[0]!.id}/reorder`, headers: { cookie } });
    past = res.json<ReorderSource>();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await relay?.close();
    await bucket?.remove();
  });

  const reorder = async () => {
    const { payload, contentType } = await multipartBody(
      {
        ...past.document,
        reorder: { orderId: past.orderId, files: past.files.map((f) => ({ id: f.id, name: f.name })) },
      },
      [],
    );
    return t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order',
      headers: { ...authHeaders, 'content-type': contentType, cookie },
      payload,
    });
  };
  const objectOf = (storageKey: string) => ({ Bucket: bucket.name, Key: `shop/files/${storageKey}` });
  const storedKey = async (orderId: string) =>
    (
      await t.app.db
        .selectFrom('attachments')
        .select(['storage_key', 'sha256'])
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).storage_key;
  const bytesOf = async (storageKey: string) =>
    Buffer.from(
      await (await bucket.client.send(new GetObjectCommand(objectOf(storageKey)))).Body!.transformToByteArray(),
    );

  it('copies each reused file inside the bucket: its bytes never come through this server', async () => {
    const before = relay.bytes();
    const res = await reorder();
    expect(res.statusCode, res.body).toBe(201);
    const after = relay.bytes();
    // A 3 MiB file, and less than 256 KiB of requests and answers each way.
    expect(after.towardsS3 - before.towardsS3).toBeLessThan(256 * 1024);
    expect(after.fromS3 - before.fromS3).toBeLessThan(256 * 1024);
    const key = await storedKey(res.json<{ orderId: string }>().orderId);
    expect(key).not.toBe(await storedKey(past.orderId));
    expect(sha256(await bytesOf(key))).toBe(sha256(ART));
    const head = await bucket.client.send(new HeadObjectCommand(objectOf(key)));
    expect(head.Metadata?.sha256).toBe(sha256(ART));
  });

  it('reads and hashes an object stored without its SHA-256, and refuses one whose bytes changed', async () => {
    const key = await storedKey(past.orderId);
    const put = (Body: Buffer) =>
      bucket.client.send(new PutObjectCommand({ ...objectOf(key), Body, ContentLength: Body.length }));
    try {
      // The same bytes without the recorded SHA-256: copied through this server, hashed, accepted.
      await put(ART);
      const before = relay.bytes();
      const res = await reorder();
      expect(res.statusCode, res.body).toBe(201);
      expect(relay.bytes().fromS3 - before.fromS3).toBeGreaterThan(ART.length);
      expect(sha256(await bytesOf(await storedKey(res.json<{ orderId: string }>().orderId)))).toBe(sha256(ART));
      // Other bytes under the stored file's key: refused, nothing saved.
      await put(Buffer.concat([ART, Buffer.from('tampered')]));
      const n = (await t.app.db.selectFrom('orders').select('id').execute()).length;
      const changed = await reorder();
      expect(changed.statusCode).toBe(409);
      expect(changed.json()).toMatchObject({ error: { code: 'reused_file_changed' } });
      expect((await t.app.db.selectFrom('orders').select('id').execute()).length).toBe(n);
    } finally {
      await bucket.client.send(
        new PutObjectCommand({
          ...objectOf(key),
          Body: ART,
          ContentLength: ART.length,
          Metadata: { sha256: sha256(ART) },
        }),
      );
    }
  });
});
