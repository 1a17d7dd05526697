import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { zipEntries } from '../../../tests/support/zip.js';
import { addStaff, createSession } from '../staff/staff-service.js';
import { buildApp } from '../app.js';
import type { Mailer, OutgoingMail } from '../mail/mailer.js';
import { outboxDirOf } from '../mail/outbox.js';
import {
  authHeaders,
  backends,
  multipartBody,
  pageToken,
  sampleOrder,
  startTestApp,
  type TestApp,
} from '../../../tests/support/harness.js';
import { runHousekeeping } from './housekeeping.js';

const PASSWORD = 'correct horse battery staple';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a60000000049454e44ae426082',
  'hex',
);

async function until<T>(what: () => Promise<T | false | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function submit(t: TestApp, key?: string) {
  const order = sampleOrder();
  Object.assign(order.layouts['1'], {
    mockupImages: ['Layout_1_Mockup_1.png'],
    files: [{ name: 'Layout_1_Mockup_1.png', type: 'image/png', role: 'mockup' }],
  });
  const { payload, contentType } = await multipartBody(order, [
    { name: 'Layout_1_Mockup_1.png', type: 'image/png', data: PNG },
    { name: 'order.json', type: 'application/json', data: '{"mine": true}' },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/functions/v1/submit-order',
    // As the page sends it, with its form token: the customer gets a confirmation too.
    headers: {
      ...authHeaders,
      'content-type': contentType,
      'x-form-token': pageToken(t),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ orderId: string; reference: string }>();
}

async function signIn(t: TestApp, email = 'clerk@shop.ca'): Promise<string> {
  await addStaff(t.app.db, email, PASSWORD);
  const res = await t.app.inject({ method: 'POST', url: '/api/session', payload: { email, password: PASSWORD } });
  expect(res.statusCode).toBe(200);
  return String(res.headers['set-cookie']).split(';')[0]!;
}

/** A clerk's change to the order (its version 2): 20 pieces. Returns the sizes as changed. */
async function editOrder(t: TestApp, cookie: string, orderId: string): Promise<string> {
  const { document } = (
    await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: { cookie } })
  ).json<{
    document: { layouts: Record<string, { variations: { sizes: string }[] }> };
  }>();
  const sizes = 'S:3, M:7, L:6, XL:4';
  document.layouts['1']!.variations[0]!.sizes = sizes;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/versions`,
    headers: { cookie },
    payload: { document, reason: 'Customer called: 20 pieces', baseVersion: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return sizes;
}

/** Everything stored anywhere that still names the order. */
async function traces(t: TestApp, orderId: string, reference: string) {
  const db = t.app.db;
  const rows = {
    orders: await db.selectFrom('orders').select('id').where('id', '=', orderId).execute(),
    attachments: await db.selectFrom('attachments').select('id').where('order_id', '=', orderId).execute(),
    artwork: await db.selectFrom('artwork').select('attachment_id').where('order_id', '=', orderId).execute(),
    history: await db.selectFrom('status_history').select('id').where('order_id', '=', orderId).execute(),
    mails: await db.selectFrom('mail_queue').select('id').where('order_id', '=', orderId).execute(),
    versions: await db.selectFrom('order_versions').select('number').where('order_id', '=', orderId).execute(),
    keys: (await db.selectFrom('idempotency_keys').select('response').execute()).filter((k) =>
      String(k.response).includes(orderId),
    ),
  };
  const outbox = outboxDirOf(t.dataDir);
  const emls = fs.existsSync(outbox)
    ? fs.readdirSync(outbox).filter((f) => fs.readFileSync(path.join(outbox, f), 'utf8').includes(reference))
    : [];
  return { ...rows, files: fs.existsSync(path.join(t.dataDir, 'files', orderId)), emls };
}

const allSent = (t: TestApp, orderId: string) =>
  until(async () => {
    const rows = await t.app.db.selectFrom('mail_queue').select('status').where('order_id', '=', orderId).execute();
    return rows.length === 2 && rows.every((r) => r.status === 'sent');
  });

describe.each(backends())('access and deletion requests on %s', (backend) => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });
  const start = async (env: Record<string, string> = {}) => {
    const t = await startTestApp(backend, { MAIL_POLL_MS: '100', ...env });
    cleanup.push(() => t.close());
    return t;
  };

  it("exports an order's data from the inbox as one ZIP: order.json and every file", async () => {
    const t = await start();
    const { orderId, reference } = await submit(t);
    const cookie = await signIn(t);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/status`,
      headers: { cookie },
      payload: { status: 'quoted' },
    });
    await allSent(t, orderId);
    const edited = await editOrder(t, cookie, orderId);

    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/data.zip` })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/data.zip`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${reference}-data.zip"`);
    const entries = await zipEntries(res.rawPayload);
    expect([...entries.keys()]).toEqual(['order.json', 'Layout_1_Mockup_1.png', 'order (2).json']);
    expect(entries.get('Layout_1_Mockup_1.png')).toEqual(PNG);
    expect(entries.get('order (2).json')!.toString()).toBe('{"mine": true}');
    const data = JSON.parse(entries.get('order.json')!.toString());
    expect(data.order).toMatchObject({
      id: orderId,
      reference,
      status: 'quoted',
      customer_email: 'ada@example.com',
      include_poly_bags: true,
    });
    expect(data.order.search_text).toBeUndefined();
    expect(data.document.layouts['1'].billing.email).toBe('ada@example.com');
    expect(data.attachments.map((a: { name: string; fileInArchive: string }) => [a.name, a.fileInArchive])).toEqual([
      ['Layout_1_Mockup_1.png', 'Layout_1_Mockup_1.png'],
      ['order.json', 'order (2).json'],
    ]);
    expect(data.statusHistory).toMatchObject([
      { from_status: 'new', to_status: 'quoted', changed_by: 'clerk@shop.ca' },
      // The clerk's change, recorded in the history as well.
      { from_status: 'quoted', to_status: 'quoted', changed_by: 'clerk@shop.ca' },
    ]);
    expect(data.mails).toHaveLength(2);
    expect(data.mails[0]).toMatchObject({ kind: 'customer', recipient: 'ada@example.com', status: 'sent' });
    expect(data.mails[0].text_body).toBeUndefined();
    // Every version of the order: what the customer sent, then the clerk's change with who and why.
    expect(data.versions).toMatchObject([
      {
        number: 1,
        author_kind: 'customer',
        author: null,
        reason: '',
        document: { layouts: { 1: { variations: [{}] } } },
      },
      { number: 2, author_kind: 'staff', author: 'clerk@shop.ca', reason: 'Customer called: 20 pieces' },
    ]);
    expect(data.versions[0].document.layouts['1'].variations[0].sizes).not.toBe(edited);
    expect(data.versions[1].document.layouts['1'].variations[0].sizes).toBe(edited);
  });

  it('deletes an order from the inbox only with its reference typed, leaving no trace but an audit line', async () => {
    const t = await start();
    const { orderId, reference } = await submit(t, 'key-of-the-deleted-order');
    const other = await submit(t);
    const cookie = await signIn(t);
    await allSent(t, orderId);
    await allSent(t, other.orderId);
    await editOrder(t, cookie, orderId);
    const before = await traces(t, orderId, reference);
    expect(before.versions).toHaveLength(2);
    expect(before.files).toBe(true);
    expect(before.emls).toHaveLength(2);
    expect(before.keys).toHaveLength(1);

    const del = (reference: string, headers: Record<string, string> = { cookie }) =>
      t.app.inject({ method: 'DELETE', url: `/api/orders/${orderId}`, headers, payload: { reference } });
    expect((await del(reference, {})).statusCode).toBe(401);
    const wrong = await del('ABCD-EFGH');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toEqual({
      code: 'reference_mismatch',
      message: `Type the order's reference, ${reference}, to confirm.`,
      message_fr: `Tapez la référence de la commande, ${reference}, pour confirmer.`,
      fields: ['reference'],
    });
    expect((await traces(t, orderId, reference)).orders).toHaveLength(1);

    const ok = await del(reference.toLowerCase());
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ reference });
    expect(await traces(t, orderId, reference)).toEqual({
      orders: [],
      attachments: [],
      artwork: [],
      history: [],
      mails: [],
      keys: [],
      versions: [],
      files: false,
      emls: [],
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: { cookie } })).statusCode).toBe(
      404,
    );
    expect((await del(reference)).statusCode).toBe(404);
    // The other order is untouched.
    expect((await traces(t, other.orderId, other.reference)).emls).toHaveLength(2);
    expect((await traces(t, other.orderId, other.reference)).files).toBe(true);

    const audit = await t.app.db.selectFrom('audit_log').selectAll().execute();
    expect(audit).toEqual([
      { id: expect.any(String), at: expect.any(String), action: 'order_deleted', reference, actor: 'clerk@shop.ca' },
    ]);
    expect(JSON.stringify(audit)).not.toMatch(/ada|lovelace|halifax|analytical/i);
    // A retry with the deleted order's key makes a new order instead of replaying the old answer.
    const again = await submit(t, 'key-of-the-deleted-order');
    expect(again.orderId).not.toBe(orderId);
  });

  it('empties mail bodies once sent, and keeps them while the mail waits for a retry', async () => {
    let fail = true;
    const sent: OutgoingMail[] = [];
    const mailer: Mailer = {
      send: (mail) => {
        if (fail) return Promise.reject(new Error('421 <ada@example.com>: try again later'));
        sent.push(mail);
        return Promise.resolve();
      },
      close: () => {},
    };
    const t = await start({ MAIL_RETRY_BASE_MS: '100' });
    // Only `app` sends, with the mailer above.
    await t.app.mailWorker.stop();
    const app = await buildApp(t.config, { mailer });
    cleanup.push(() => app.close());
    const { orderId, reference } = await submit({ ...t, app });
    const rows = () =>
      app.db
        .selectFrom('mail_queue')
        .select(['status', 'text_body', 'html_body'])
        .where('order_id', '=', orderId)
        .execute();
    await until(async () =>
      (await app.db.selectFrom('mail_queue').select('attempts').execute()).some((r) => r.attempts),
    );
    for (const r of await rows()) {
      if (r.status !== 'sent') {
        expect(r.text_body).toContain(reference);
        expect(r.html_body).toContain(reference);
      }
    }
    fail = false;
    await allSent({ ...t, app }, orderId);
    for (const r of await rows()) expect(r).toEqual({ status: 'sent', text_body: '', html_body: '' });
  });

  it('purges completed and cancelled orders past RETENTION_DAYS at start, with the actor "retention"', async () => {
    const t = await start({ RETENTION_DAYS: '30' });
    const old = await submit(t);
    const oldButReopened = await submit(t);
    const oldButOpen = await submit(t);
    const recent = await submit(t);
    await allSent(t, old.orderId);
    const cookie = await signIn(t);
    for (const o of [old, oldButReopened, recent])
      await t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${o.orderId}/status`,
        headers: { cookie },
        payload: { status: o === old ? 'cancelled' : 'completed' },
      });
    const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
    const db = t.app.db;
    for (const o of [old, oldButReopened, oldButOpen]) {
      await db.updateTable('orders').set({ created_at: longAgo }).where('id', '=', o.orderId).execute();
      await db.updateTable('status_history').set({ changed_at: longAgo }).where('order_id', '=', o.orderId).execute();
    }
    // Completed long ago, but changed last week: kept.
    await db
      .updateTable('status_history')
      .set({ changed_at: new Date(Date.now() - 7 * 86_400_000).toISOString() })
      .where('order_id', '=', oldButReopened.orderId)
      .execute();

    const app = await t.restart();
    // The purge removes the files, then the outbox copies: wait for all of it.
    await until(async () => {
      const left = await traces(t, old.orderId, old.reference);
      return !left.files && left.emls.length === 0 && left.mails.length === 0;
    });
    const left = (await app.db.selectFrom('orders').select('id').execute()).map((r) => r.id).sort();
    expect(left).toEqual([oldButReopened.orderId, oldButOpen.orderId, recent.orderId].sort());
    expect(await traces(t, old.orderId, old.reference)).toMatchObject({ files: false, emls: [], mails: [] });
    expect(await app.db.selectFrom('audit_log').select(['action', 'reference', 'actor']).execute()).toEqual([
      { action: 'order_deleted', reference: old.reference, actor: 'retention' },
    ]);
  });

  it('checks retention periodically while running, not only at start', async () => {
    const t = await start({ RETENTION_DAYS: '1' });
    const app = await buildApp(t.config, { housekeepingIntervalMs: 200 });
    cleanup.push(() => app.close());
    const { orderId, reference } = await submit({ ...t, app });
    await app.db
      .updateTable('orders')
      .set({ status: 'completed', created_at: '2001-01-01T00:00:00.000Z' })
      .where('id', '=', orderId)
      .execute();
    await until(async () => !(await traces({ ...t, app }, orderId, reference)).files);
    expect(await app.db.selectFrom('orders').select('id').execute()).toEqual([]);
    expect(await app.db.selectFrom('audit_log').select(['reference', 'actor']).execute()).toEqual([
      { reference, actor: 'retention' },
    ]);
  });

  it('keeps every order when RETENTION_DAYS is not set', async () => {
    const t = await start();
    const { orderId } = await submit(t);
    await t.app.db.updateTable('orders').set({ status: 'completed', created_at: '2001-01-01T00:00:00.000Z' }).execute();
    const result = await runHousekeeping({
      db: t.app.db,
      files: t.app.files,
      outboxDir: outboxDirOf(t.dataDir),
      retentionDays: 0,
    });
    expect(result.ordersDeleted).toBe(0);
    expect(await t.app.db.selectFrom('orders').select('id').execute()).toEqual([{ id: orderId }]);
  });

  // Several processes share one database only on PostgreSQL (docs/operations.md, Deploying on PostgreSQL).
  it.skipIf(backend === 'sqlite')(
    'deletes each expired order once when several processes purge at the same time',
    async () => {
      const t = await start();
      const orders = [await submit(t), await submit(t), await submit(t)];
      await t.app.db
        .updateTable('orders')
        .set({ status: 'completed', created_at: '2001-01-01T00:00:00.000Z' })
        .execute();
      const second = await buildApp(t.config);
      cleanup.push(() => second.close());
      const run = (app: typeof second) =>
        runHousekeeping({ db: app.db, files: app.files, outboxDir: outboxDirOf(t.dataDir), retentionDays: 1 });
      const results = await Promise.all([run(t.app), run(second), run(t.app), run(second)]);
      expect(results.reduce((n, r) => n + r.ordersDeleted, 0)).toBe(3);
      const audit = await t.app.db.selectFrom('audit_log').select('reference').execute();
      expect(audit.map((a) => a.reference).sort()).toEqual(orders.map((o) => o.reference).sort());
      expect(fs.readdirSync(path.join(t.dataDir, 'files'))).toEqual([]);
    },
  );

  it('removes expired sessions at sign-in and in housekeeping', async () => {
    const t = await start();
    await addStaff(t.app.db, 'clerk@shop.ca', PASSWORD);
    const staff = await t.app.db.selectFrom('staff').select('id').executeTakeFirstOrThrow();
    const expire = async () => {
      await createSession(t.app.db, staff.id);
      await t.app.db
        .updateTable('sessions')
        .set({ expires_at: '2001-01-01T00:00:00.000Z' })
        .where('expires_at', '>', new Date().toISOString())
        .execute();
    };
    await expire();
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: 'clerk@shop.ca', password: PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    const live = await t.app.db.selectFrom('sessions').select('expires_at').execute();
    expect(live).toHaveLength(1);
    expect(live[0]!.expires_at > new Date().toISOString()).toBe(true);

    await expire();
    expect(await t.app.db.selectFrom('sessions').select('id').execute()).toHaveLength(2);
    const result = await runHousekeeping({
      db: t.app.db,
      files: t.app.files,
      outboxDir: outboxDirOf(t.dataDir),
      retentionDays: 0,
    });
    expect(result.sessionsDeleted).toBe(2);
    expect(await t.app.db.selectFrom('sessions').select('id').execute()).toEqual([]);
  });

  it('logs requests by path, never the search or an email address', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const mailer: Mailer = {
      send: () => Promise.reject(new Error('550 5.1.1 <ada@example.com>: Recipient address rejected')),
      close: () => {},
    };
    const t = await start({ LOG_LEVEL: 'silent' });
    const app = await buildApp({ ...t.config, LOG_LEVEL: 'info', MAIL_POLL_MS: 100 }, { mailer, logStream });
    cleanup.push(() => app.close());
    await t.app.mailWorker.stop();
    const { orderId } = await submit({ ...t, app });
    const cookie = await signIn({ ...t, app });
    const search = await app.inject({ method: 'GET', url: '/api/orders?q=ada@example.com', headers: { cookie } });
    expect(search.json().total).toBe(1);
    await app.inject({ method: 'GET', url: `/api/orders/${orderId}?q=Lovelace`, headers: { cookie } });
    await until(() => Promise.resolve(lines.some((l) => l.includes('mail not sent'))));

    const log = lines.join('');
    expect(log).toContain('"path":"/api/orders"');
    expect(log).toContain('[email]');
    expect(log).not.toMatch(/ada@example\.com|ada%40example|lovelace|clerk@shop\.ca|q=/i);
    expect(log).not.toContain('remoteAddress');
  });
});
