// What a customer and a clerk read of an order placed and discussed at 23:30 in Toronto on New
// Year's Eve, when it is already 04:30 on January 1 in UTC (docs/accounts.md, "Dates"): the day
// "Order again" says it was placed, and each message's time in My orders, on the order's page and
// in the inbox, are the shop's: December 31, 2026, never UTC's January 1.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messageTime } from './client/components/message-thread.js';
import type { StaffSession } from './shared/inbox-api.js';
import type { OrderMessages, PortalOrders, ReorderSource } from './shared/portal-api.js';
import {
  backends,
  pageToken,
  sampleOrder,
  startShopApp,
  submitMultipart,
  type TestApp,
} from '../tests/support/harness.js';
import { createSignInLink } from './server/portal/portal-store.js';

// 23:30 on December 31, 2026 in Toronto (EST, UTC−5).
const NEW_YEARS_EVE = new Date('2026-12-31T23:30:00-05:00');

describe.each(backends())('the shop’s time zone in My orders, the order’s page and the inbox, on %s', (backend) => {
  let t: TestApp;
  let clerk = '';
  let customer = '';
  let orderId = '';

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NEW_YEARS_EVE);
    const started = await startShopApp(backend, {
      env: { SHOP_PROVINCE: 'ON', SHOP_TIMEZONE: 'America/Toronto' },
      staff: { clerk: { email: 'clerk@shop.ca', role: 'staff' } },
    });
    t = started.t;
    clerk = started.staff.clerk;
    ({ orderId } = await submitMultipart(t.app, sampleOrder(), [], { 'x-form-token': pageToken(t) }));
    const token = await createSignInLink(t.app.db, 'ada@example.com');
    const session = await t.app.inject({ method: 'POST', url: '/api/portal/session', payload: { token } });
    expect(session.statusCode, session.body).toBe(200);
    customer = String(session.headers['set-cookie']).split(';')[0]!;
  }, 120_000);
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  it('stores the instant in UTC: the next day there', async () => {
    const row = await t.app.db
      .selectFrom('orders')
      .select('created_at')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(String(row.created_at).slice(0, 10)).toBe('2027-01-01');
  });

  it('says "Order again" repeats an order placed on December 31', async () => {
    const res = await t.app.inject({ url: `/api/portal/orders/${orderId}/reorder`, headers: { cookie: customer } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ReorderSource>().placedOn).toBe('2026-12-31');
  });

  it('dates each message in the shop’s time zone, in My orders, on the order’s page and in the inbox', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/messages`,
      headers: { cookie: clerk },
      payload: { body: 'Happy New Year! Your proof is ready.' },
    });
    expect(sent.statusCode, sent.body).toBe(201);

    // The inbox: the session says the shop's time zone.
    const staff = await t.app.inject({ url: '/api/session', headers: { cookie: clerk } });
    const { timeZone: inboxZone } = staff.json<StaffSession>();
    expect(inboxZone).toBe('America/Toronto');
    const inbox = await t.app.inject({ url: `/api/orders/${orderId}/messages`, headers: { cookie: clerk } });
    const [staffSees] = inbox.json<OrderMessages>().messages;
    expect(messageTime(staffSees!.createdAt, 'en', inboxZone)).toMatch(/^December 31, 2026 at 11:30/);
    expect(messageTime(staffSees!.createdAt, 'fr', inboxZone)).toMatch(/^31 décembre 2026 à 23 h 30/);

    // My orders (and the order's page, whose view says the same zone): the customer's thread.
    const mine = await t.app.inject({ url: '/api/portal/orders', headers: { cookie: customer } });
    const { view } = mine.json<PortalOrders>().orders[0]!;
    expect(view.timeZone).toBe('America/Toronto');
    const thread = await t.app.inject({
      url: `/api/portal/orders/${orderId}/messages`,
      headers: { cookie: customer },
    });
    const [customerSees] = thread.json<OrderMessages>().messages;
    expect(messageTime(customerSees!.createdAt, 'en', view.timeZone)).toMatch(/^December 31, 2026 at 11:30/);
    // What UTC would have said.
    expect(messageTime(customerSees!.createdAt, 'en', 'UTC')).toMatch(/^January 1, 2027/);
  });
});
