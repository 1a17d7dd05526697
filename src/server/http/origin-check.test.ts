// The cross-site check: decided by the route the router matched, for every unsafe method.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff } from '../staff/staff-service.js';
import { authHeaders, sampleOrder, startTestApp, type TestApp } from '../../../tests/support/harness.js';

const PASSWORD = 'correct horse battery staple';

describe('origin check', () => {
  let t: TestApp;
  let cookie = '';
  let orderId = '';
  beforeAll(async () => {
    t = await startTestApp('sqlite', { PUBLIC_URL: 'https://orders.shop.example' });
    await addStaff(t.app.db, 'clerk@shop.ca', PASSWORD);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { origin: 'https://orders.shop.example' },
      payload: { email: 'clerk@shop.ca', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const order = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order',
      headers: authHeaders,
      payload: sampleOrder(),
    });
    orderId = order.json<{ orderId: string }>().orderId;
  });
  afterAll(async () => t?.close());

  const status = async () =>
    (await t.app.inject({ url: `/api/orders/${orderId}`, headers: { cookie } })).json<{ order: { status: string } }>()
      .order.status;

  it('refuses a change from another site even when the path is percent-encoded', async () => {
    for (const url of [
      `/api/orders/${orderId}/status`,
      `/%61pi/orders/${orderId}/status`,
      `/api/orders/${orderId}/%73tatus`,
    ]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url,
        headers: { cookie, origin: 'https://evil.example' },
        payload: { status: 'cancelled' },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('cross_site');
    }
    expect(await status()).toBe('new');
  });

  it('refuses a cross-site request without an Origin when the browser marks it so', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/%61pi/orders/${orderId}/status`,
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode).toBe(403);
    expect(await status()).toBe('new');
  });

  it('applies to every unsafe method, sign-in and sign-out included', async () => {
    for (const [method, url] of [
      ['POST', '/api/session'],
      ['POST', '/%61pi/session'],
      ['DELETE', '/api/session'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { cookie, origin: 'null' },
        payload: { email: 'clerk@shop.ca', password: PASSWORD },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // The session still works: the sign-out was refused.
    expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(200);
  });

  it('lets the app’s own origin change things', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/status`,
      headers: { cookie, origin: 'https://orders.shop.example' },
      payload: { status: 'quoted' },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(await status()).toBe('quoted');
  });

  it('leaves the public submit-order function to CORS', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order',
      headers: { ...authHeaders, origin: 'https://evil.example' },
      payload: sampleOrder(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
