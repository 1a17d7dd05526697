// The customer's portal (docs/portal.md), on SQLite and PostgreSQL: a link by email that answers
// the same for anyone, works once for 15 minutes and opens a session of its own; My orders shows
// that email's orders with the very account their pages show; another customer's order, invoice
// or page answers 404 as an unknown one would; every new endpoint is rate-limited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff } from '../staff/index.js';
import {
  backends,
  deliveredText,
  pageToken,
  sampleOrder,
  signIn,
  signInRequestsTaken,
  startTestApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';
import { zipEntries } from '../../../tests/support/zip.js';
import { createSignInLink } from './portal-store.js';

const PASSWORD = 'correct horse battery staple';

describe.each(backends())('the customer portal on %s', (backend) => {
  let t: TestApp;
  let clerk = '';
  const orders: Record<'adaOld' | 'adaNew' | 'bob', string> = { adaOld: '', adaNew: '', bob: '' };
  const tokens: Record<string, string> = {};
  let adaInvoiceId = '';
  let bobInvoiceId = '';

  const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: clerk }, ...(payload ? { payload } : {}) });

  /** The last customer mail of an order, as delivered. */
  const lastMail = async (orderId: string, subject?: RegExp) => {
    const rows = await t.app.db
      .selectFrom('mail_queue')
      .select(['id', 'order_id', 'subject'])
      .where('order_id', '=', orderId)
      .where('kind', '=', 'customer_update')
      .orderBy('created_at')
      .execute();
    const row = rows.filter((r) => !subject || subject.test(r.subject)).at(-1)!;
    return { subject: row.subject, text: await deliveredText(t, row) };
  };

  const order = async (email: string, city = 'Toronto') => {
    const o = sampleOrder();
    const first = o.layouts['1'];
    first.billing = { ...first.billing, email, city, province: 'ON', postalCode: 'M5V 2T6' };
    const { orderId } = await submitMultipart(t.app, { ...o, includePolyBags: false }, [], {
      'x-form-token': pageToken(t),
    });
    return orderId;
  };

  /** Quoted ($600 + HST) and approved by its customer: an invoice with a deposit due. */
  const approve = async (orderId: string) => {
    const lines = [{ description: 'Gildan 5000, printed', quantity: 50, unitPriceCents: 1200, taxable: true }];
    expect(
      (await staff('POST', `/api/orders/${orderId}/quote/send`, { lines, confirmNoProofs: true })).statusCode,
    ).toBe(201);
    const token = /\/o\/([A-Za-z0-9_-]{43})/.exec((await lastMail(orderId)).text)![1]!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      payload: { version: 1, fullName: 'Ada Lovelace', agree: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    tokens[orderId] = token;
    return (res.json().view.account.invoices[0] as { id: string }).id;
  };

  /** Asks for a link, and waits for the background to make it (and its mail) or forget it. */
  const askLink = async (email: string, remoteAddress = '127.0.0.1', language = 'en') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/portal/sign-in',
      remoteAddress,
      payload: { email, language },
    });
    await signInRequestsTaken(t.app);
    return res;
  };

  const portalCookie = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0]!;

  beforeAll(async () => {
    t = await startTestApp(backend, {
      SHOP_PROVINCE: 'ON',
      GST_HST_NUMBER: '123456782 RT0001',
      ORDER_LINK_RATE_LIMIT: '100000',
      PORTAL_SIGN_IN_RATE_LIMIT: '4',
    });
    await addStaff(t.app.db, 'clerk@shop.ca', PASSWORD, 'en', 'owner');
    clerk = await signIn(t.app, 'clerk@shop.ca', PASSWORD);
    orders.adaOld = await order('ada@example.com');
    orders.adaNew = await order('Ada@Example.com');
    orders.bob = await order('bob@example.com');
    adaInvoiceId = await approve(orders.adaOld);
    bobInvoiceId = await approve(orders.bob);
  });
  afterAll(async () => t?.close());

  let session = '';

  it('answers the same for an email with orders and one without, and mails a link only to the first', async () => {
    const before = await t.app.db.selectFrom('mail_queue').select('id').execute();
    const known = await askLink('ADA@example.com ', '10.0.0.1');
    const unknown = await askLink('nobody@example.com', '10.0.0.2');
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['set-cookie']).toBeUndefined();
    const after = await t.app.db.selectFrom('mail_queue').select(['id', 'order_id', 'recipient']).execute();
    const added = after.filter((m) => !before.some((b) => b.id === m.id));
    // One mail, to the newest order's billing email as the customer typed it there.
    expect(added).toEqual([expect.objectContaining({ order_id: orders.adaNew, recipient: 'Ada@Example.com' })]);
    const mail = await lastMail(orders.adaNew, /see your orders/);
    expect(mail.text).toContain('It works once, for 15 minutes:');
    const token = /\/my-orders#sign-in=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    // No link in any row: only its hash is kept.
    const stored = await t.app.db.selectFrom('portal_sign_in_links').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    const opened = await t.app.inject({ method: 'POST', url: '/api/portal/session', payload: { token } });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ email: 'ada@example.com' });
    expect(String(opened.headers['set-cookie'])).toMatch(/^portal_session=[^;]+;.*HttpOnly.*SameSite=Lax/);
    session = portalCookie(opened);

    // Single use: the same link again is refused, as an unknown one is.
    const again = await t.app.inject({ method: 'POST', url: '/api/portal/session', payload: { token } });
    const bogus = await t.app.inject({
      method: 'POST',
      url: '/api/portal/session',
      payload: { token: 'x'.repeat(43) },
    });
    expect([again.statusCode, bogus.statusCode]).toEqual([400, 400]);
    expect(again.json().error.code).toBe('sign_in_link_invalid');
    expect(again.body).toBe(bogus.body);
  });

  it('writes the link in French for a French page', async () => {
    expect((await askLink('bob@example.com', '10.0.0.3', 'fr')).statusCode).toBe(202);
    const mail = await lastMail(orders.bob, /voir vos commandes/);
    expect(mail.text).toContain('Il fonctionne une seule fois, pendant 15\u00a0minutes\u00a0:');
  });

  it('refuses a link past its 15 minutes', async () => {
    const token = await createSignInLink(t.app.db, 'ada@example.com', new Date(Date.now() - 15 * 60 * 1000 - 1000));
    const res = await t.app.inject({ method: 'POST', url: '/api/portal/session', payload: { token } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('sign_in_link_invalid');
  });

  it('lists that email’s orders, newest first, with the account their own page shows', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/portal/orders', headers: { cookie: session } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body.orders.map((o: { id: string }) => o.id)).toEqual([orders.adaNew, orders.adaOld]);
    const page = (await t.app.inject({ method: 'GET', url: `/api/o/${tokens[orders.adaOld]}` })).json();
    expect(body.orders[1].view).toEqual(page);
    expect(body.orders[1].view.account.account.dueNowCents).toBeGreaterThan(0);
    expect(body.orders[0].view.account).toBeNull();
  });

  it('opens the order’s own page by a fresh link, and downloads only its own invoices', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `/my-orders/${orders.adaOld}/page`,
      headers: { cookie: session },
    });
    expect(page.statusCode).toBe(303);
    const token = /^\/o\/([A-Za-z0-9_-]{43})$/.exec(String(page.headers.location))![1]!;
    expect((await t.app.inject({ method: 'GET', url: `/api/o/${token}` })).json().reference).toBeTruthy();
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/portal/orders/${orders.adaOld}/invoices/${adaInvoiceId}`,
      headers: { cookie: session },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Signed out, the page sends the customer to sign in.
    const out = await t.app.inject({ method: 'GET', url: `/my-orders/${orders.adaOld}/page` });
    expect([out.statusCode, out.headers.location]).toEqual([303, '/my-orders']);
  });

  it('answers 404 for another customer’s order, invoice and page, as for an unknown one', async () => {
    const as = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: session } });
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const theirs = await as(`/api/portal/orders/${orders.bob}`);
    const nobody = await as(`/api/portal/orders/${unknownId}`);
    expect([theirs.statusCode, nobody.statusCode]).toEqual([404, 404]);
    expect(theirs.json().error.code).toBe(nobody.json().error.code);
    expect((await as(`/api/portal/orders/${orders.bob}/invoices/${bobInvoiceId}`)).statusCode).toBe(404);
    // Bob's invoice under Ada's own order is not Ada's either.
    expect((await as(`/api/portal/orders/${orders.adaOld}/invoices/${bobInvoiceId}`)).statusCode).toBe(404);
    expect((await as(`/api/portal/orders/${orders.bob}/receipts/${bobInvoiceId}`)).statusCode).toBe(404);
    expect((await as(`/my-orders/${orders.bob}/page`)).statusCode).toBe(404);
    expect((await as(`/api/portal/orders/not-an-id`)).statusCode).toBe(404);
  });

  it('carries messages on an order both ways, each emailed as a link, kept and deleted with the order', async () => {
    const customer = (method: 'GET' | 'POST', orderId: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/portal/orders/${orderId}/messages`,
        headers: { cookie: session },
        ...(payload ? { payload } : {}),
      });
    const mailsOf = async (orderId: string) =>
      t.app.db.selectFrom('mail_queue').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute();
    const before = (await mailsOf(orders.adaOld)).length;
    const sent = await customer('POST', orders.adaOld, { body: 'Can the logo be 2 cm higher?' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ author: 'customer', staffEmail: null, body: 'Can the logo be 2 cm higher?' });
    // The shop is told by a link to the inbox, without the text.
    const toShop = (await mailsOf(orders.adaOld)).slice(before);
    expect(toShop).toHaveLength(1);
    expect(toShop[0]).toMatchObject({ kind: 'shop', subject: expect.stringMatching(/^New message from the customer/) });
    // As delivered: the worker may have sent it already, and the queue keeps no body once sent.
    const shopText = await deliveredText(t, toShop[0]!);
    expect(shopText).toContain(`/inbox/orders/${orders.adaOld}`);
    expect(shopText).not.toContain('2 cm');
    expect((await customer('POST', orders.adaOld, { body: '   ' })).statusCode).toBe(400);

    // Another customer's order: 404 for reading and for writing, nothing stored.
    expect((await customer('GET', orders.bob)).statusCode).toBe(404);
    expect((await customer('POST', orders.bob, { body: 'hello' })).statusCode).toBe(404);
    expect((await staff('GET', `/api/orders/${orders.bob}/messages`)).json().messages).toEqual([]);

    // The inbox counts it unread until the clerk opens the thread, and answers in their name.
    expect((await staff('GET', '/api/messages/unread')).json().counts).toEqual({ [orders.adaOld]: 1 });
    expect((await staff('GET', `/api/orders/${orders.adaOld}/messages`)).json().messages).toHaveLength(1);
    expect((await staff('GET', '/api/messages/unread')).json().counts).toEqual({});
    const answer = await staff('POST', `/api/orders/${orders.adaOld}/messages`, { body: 'Yes, done.' });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ author: 'shop', staffEmail: 'clerk@shop.ca' });
    const toCustomer = (await mailsOf(orders.adaOld)).at(-1)!;
    expect(toCustomer).toMatchObject({ kind: 'customer_update', recipient: 'ada@example.com' });
    const customerText = await deliveredText(t, toCustomer);
    expect(customerText).toContain('Read the message and answer on the order’s page:');
    expect(customerText).toMatch(/\/o\/[A-Za-z0-9_-]{43}\n/);
    expect(customerText).toContain('Or in My orders: http');
    expect(customerText).not.toContain('Yes, done.');
    const thread = (await customer('GET', orders.adaOld)).json().messages;
    expect(thread.map((m: { body: string }) => m.body)).toEqual(['Can the logo be 2 cm higher?', 'Yes, done.']);

    // Exported with the order's data, and deleted with it.
    const zip = await staff('GET', `/api/orders/${orders.adaOld}/data.zip`);
    const data = JSON.parse((await zipEntries(zip.rawPayload)).get('order.json')!.toString());
    expect(data.messages.map((m: { body: string }) => m.body)).toEqual(['Can the logo be 2 cm higher?', 'Yes, done.']);
    const carol = await order('carol@example.com');
    const reference = (
      await t.app.db.selectFrom('orders').select('reference').where('id', '=', carol).executeTakeFirstOrThrow()
    ).reference;
    expect((await staff('POST', `/api/orders/${carol}/messages`, { body: 'For Carol.' })).statusCode).toBe(201);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${carol}`,
      headers: { cookie: clerk },
      payload: { reference },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.app.db.selectFrom('order_messages').select('id').where('order_id', '=', carol).execute()).toEqual(
      [],
    );
  });

  it('keeps customer and staff sessions apart, and signs out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: session } })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/portal/orders', headers: { cookie: clerk } })).statusCode,
    ).toBe(401);
    const out = await t.app.inject({ method: 'DELETE', url: '/api/portal/session', headers: { cookie: session } });
    expect(out.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/portal/session', headers: { cookie: session } })).statusCode,
    ).toBe(401);
  });

  it('refuses an address that is not an email beside its field', async () => {
    const res = await askLink('not an email', '10.0.0.4');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_email', fields: ['email'] });
  });

  it('limits links per email (silently) and requests per address (429)', async () => {
    const linksOf = async () =>
      (
        await t.app.db
          .selectFrom('portal_sign_in_links')
          .select('email')
          .where('email', '=', 'bob@example.com')
          .execute()
      ).length;
    const start = await linksOf();
    // From many addresses: the email's own limit (5 an hour) holds, and the answer never changes.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        askLink('bob@example.com', `10.1.0.${i + 1}`).then((r) => [r.statusCode, r.body]),
      ),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await linksOf()).toBe(5);
    expect(start).toBe(1);
    // From one address: PORTAL_SIGN_IN_RATE_LIMIT (4 here) per window, then 429 with Retry-After.
    const codes = [];
    for (let i = 0; i < 5; i += 1) codes.push((await askLink('nobody@example.com', '10.2.0.1')).statusCode);
    expect(codes).toEqual([202, 202, 202, 202, 429]);
  });
});
