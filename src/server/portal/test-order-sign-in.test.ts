// A staff test order (docs/settings.md, "A test order") typed with a customer's email is the
// shop's, not the customer's: the customer's sign-in links still go out (a test order's customer
// mail is dropped, so a link queued under it would be lost), and My orders neither lists nor
// opens it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  backends,
  deliveredText,
  multipartBody,
  pageToken,
  sampleOrder,
  signInRequestsTaken,
  startShopApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';

describe.each(backends())('a test order under a customer email on %s', (backend) => {
  let t: TestApp;
  let owner = '';
  beforeAll(async () => {
    ({
      t,
      staff: { owner },
    } = await startShopApp(backend, { staff: { owner: { email: 'owner@shop.ca', role: 'owner' } } }));
  });
  afterAll(async () => t?.close());

  it('leaves the customer sign-in links and My orders as they were', async () => {
    const real = await submitMultipart(t.app, sampleOrder(), [], { 'x-form-token': pageToken(t) });
    // The owner tries the form with the customer's email (sampleOrder bills ada@example.com).
    const { payload, contentType } = await multipartBody(sampleOrder(), []);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order?test=1',
      headers: { ...authHeaders, 'content-type': contentType, 'x-form-token': pageToken(t), cookie: owner },
      payload,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const testOrderId = placed.json<{ orderId: string }>().orderId;

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/portal/sign-in',
      payload: { email: 'ada@example.com', language: 'en' },
    });
    expect(asked.statusCode).toBe(202);
    await signInRequestsTaken(t.app); // the link and its mail are made in the background (docs/portal.md)
    const mails = await t.app.db
      .selectFrom('mail_queue')
      .select(['id', 'order_id', 'subject'])
      .where('kind', '=', 'customer_update')
      .execute();
    const link = mails.filter((m) => /see your orders/.test(m.subject));
    expect(link.map((m) => m.order_id)).toEqual([real.orderId]);
    const token = /#sign-in=([A-Za-z0-9_-]{43})/.exec(await deliveredText(t, link[0]!))![1]!;

    const opened = await t.app.inject({ method: 'POST', url: '/api/portal/session', payload: { token } });
    expect(opened.statusCode, opened.body).toBe(200);
    const cookie = String(opened.headers['set-cookie']).split(';')[0]!;
    const list = await t.app.inject({ method: 'GET', url: '/api/portal/orders', headers: { cookie } });
    expect(list.json<{ orders: { id: string }[] }>().orders.map((o) => o.id)).toEqual([real.orderId]);
    const direct = await t.app.inject({ method: 'GET', url: `/api/portal/orders/${testOrderId}`, headers: { cookie } });
    expect(direct.statusCode).toBe(404);
  });
});
