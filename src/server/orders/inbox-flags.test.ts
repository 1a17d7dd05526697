// The inbox shows what needs the clerk (docs/product.md, "The shop's side"), on SQLite and PostgreSQL:
// a change request, an unread message, an order the customer changed since its last quote and a
// quote waiting the owner's number of days are flagged in the list, each appearing and clearing
// as the clerk acts, and `?flag=` narrows the list (and its export) to each; each row carries the
// pieces of the version made and the amount due now, the account's own figure.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import example from '../../shared/prices/example-price-list.json' with { type: 'json' };
import {
  backends,
  deliveredText,
  pageToken,
  sampleOrder,
  signIn,
  STAFF_PASSWORD,
  startShopApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';
import type { OrderList } from '../../shared/inbox-api.js';
import type { CustomerOrderView } from '../../shared/quote-api.js';
import type { StaffAccountView } from '../../shared/invoices/invoice-api.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const START = new Date('2026-03-02T15:00:00Z');

describe.each(backends())('what needs the clerk in the inbox’s list on %s', (backend) => {
  let t: TestApp;
  let clerk = '';
  let owner = '';
  let now = START.getTime();
  // The clock moves by days here: the staff sign in again (a session lasts 12 hours).
  const moveClock = async (ms: number) => {
    now += ms;
    vi.setSystemTime(new Date(now));
    clerk = await signIn(t.app, 'clerk@shop.ca', STAFF_PASSWORD);
    owner = await signIn(t.app, 'owner@shop.ca', STAFF_PASSWORD);
  };

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(START);
    ({
      t,
      staff: { clerk, owner },
    } = await startShopApp(backend, {
      env: { GST_HST_NUMBER: '123456782 RT0001', ARTWORK_CHECKS: 'false', ORDER_LINK_RATE_LIMIT: '100000' },
      staff: { clerk: { email: 'clerk@shop.ca', role: 'staff' }, owner: { email: 'owner@shop.ca', role: 'owner' } },
      priceList: example,
    }));
  });
  afterAll(async () => {
    await t?.close();
    vi.useRealTimers();
  });

  const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = clerk) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const list = async (query = '') => {
    const res = await staff('GET', `/api/orders?pageSize=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<OrderList>();
  };
  const rowOf = async (orderId: string) => (await list()).orders.find((o) => o.id === orderId)!;
  const flagged = async (flag: string) => (await list(`&flag=${flag}`)).orders.map((o) => o.id);
  const twoTees = () => {
    const order = sampleOrder();
    Object.assign(order.layouts['1'], {
      variations: [{ type: 'G5000', color: 'Black', sizes: 'M:1, L:1', supplyingGoods: 'no' }],
      viewData: { Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 } },
    });
    return order;
  };
  const tokenOf = async (orderId: string) => {
    const mails = await t.app.db
      .selectFrom('mail_queue')
      .select(['id', 'order_id', 'created_at'])
      .where('order_id', '=', orderId)
      .where('kind', '=', 'customer_update')
      .execute();
    mails.sort((a, b) => b.created_at.localeCompare(a.created_at));
    return /\/o\/([A-Za-z0-9_-]{43})/.exec(await deliveredText(t, mails[0]!))![1]!;
  };
  const sendQuote = async (orderId: string, quantity: number) => {
    const lines = [{ description: 'Tees', quantity, unitPriceCents: 1500, taxable: true }];
    const sent = await staff('POST', `/api/orders/${orderId}/quote/send`, { lines, confirmNoProofs: true });
    expect(sent.statusCode, sent.body).toBe(201);
    return sent.json<{ version: number }>().version;
  };
  const noFlags = {
    change_requested: false,
    unread_messages: 0,
    edited_by_customer: false,
    quote_waiting_days: null,
  };

  it('flags each thing that needs the clerk, clears it when done, and filters by each', async () => {
    const { orderId } = await submitMultipart(t.app, twoTees(), [], { 'x-form-token': pageToken(t) });
    // Another order, flagged by nothing: no filter lists it.
    const { orderId: quiet } = await submitMultipart(t.app, twoTees(), [], { 'x-form-token': pageToken(t) });
    expect(await rowOf(orderId)).toMatchObject({ flags: noFlags, pieces: 2, amount_due_cents: null });
    for (const flag of ['change_requested', 'unread_message', 'edited_by_customer', 'quote_waiting']) {
      expect(await flagged(flag), flag).toEqual([]);
    }
    // A flag the list does not know is refused.
    expect((await staff('GET', '/api/orders?flag=urgent')).statusCode).toBe(400);

    // A quote waits: not flagged a minute short of 7 days, flagged at 7 (the default) with its days.
    await sendQuote(orderId, 2);
    await moveClock(7 * DAY_MS - 60_000);
    expect((await rowOf(orderId)).flags).toEqual(noFlags);
    expect(await flagged('quote_waiting')).toEqual([]);
    await moveClock(60_000);
    expect((await rowOf(orderId)).flags).toEqual({ ...noFlags, quote_waiting_days: 7 });
    expect(await flagged('quote_waiting')).toEqual([orderId]);
    // The export is the list as filtered.
    const csv = (await staff('GET', '/api/orders/export.csv?flag=quote_waiting')).body;
    expect(csv.split('\n').filter((line) => line.trim() !== '')).toHaveLength(2);

    // The owner's threshold: 10 days, and the same quote no longer waits too long; 8 days later it does.
    const settings = (await staff('GET', '/api/settings/shop', undefined, owner)).json<{
      profile: Record<string, unknown>;
    }>();
    expect(settings.profile.quoteWaitDays).toBe(7);
    const saved = await staff('PUT', '/api/settings/shop', { ...settings.profile, quoteWaitDays: 10 }, owner);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await rowOf(orderId)).flags?.quote_waiting_days).toBeNull();
    expect(await flagged('quote_waiting')).toEqual([]);
    await moveClock(3 * DAY_MS);
    expect((await rowOf(orderId)).flags?.quote_waiting_days).toBe(10);
    expect(await flagged('quote_waiting')).toEqual([orderId]);

    // The customer asks for changes: flagged until the clerk sends the next version (and no longer waiting).
    const token = await tokenOf(orderId);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/changes`,
      payload: { comment: 'Can the print be blue?' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await rowOf(orderId)).flags).toEqual({ ...noFlags, change_requested: true });
    expect(await flagged('change_requested')).toEqual([orderId]);
    expect(await flagged('quote_waiting')).toEqual([]);
    await sendQuote(orderId, 2);
    expect((await rowOf(orderId)).flags).toEqual(noFlags);
    expect(await flagged('change_requested')).toEqual([]);

    // A message from the customer: flagged until the clerk reads the thread.
    const wrote = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/messages`,
      payload: { body: 'Is blue possible?' },
    });
    expect(wrote.statusCode, wrote.body).toBe(201);
    expect((await rowOf(orderId)).flags).toEqual({ ...noFlags, unread_messages: 1 });
    expect(await flagged('unread_message')).toEqual([orderId]);
    expect((await staff('GET', `/api/orders/${orderId}/messages`)).statusCode).toBe(200);
    expect((await rowOf(orderId)).flags).toEqual(noFlags);
    expect(await flagged('unread_message')).toEqual([]);

    // The customer changes the order (2 pieces to 20): flagged until a quote prices that version;
    // the pieces are the current version's while none is approved.
    const page = (await t.app.inject({ url: `/api/o/${token}` })).json<CustomerOrderView>();
    const doc = structuredClone(page.document);
    doc.layouts['1']!.variations[0]!.sizes = 'S:3, M:7, L:6, XL:4';
    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/versions`,
      payload: { document: doc, reason: 'More players joined', baseVersion: page.version },
    });
    expect(changed.statusCode, changed.body).toBe(201);
    expect(await rowOf(orderId)).toMatchObject({
      flags: { ...noFlags, edited_by_customer: true },
      edited_by_customer: true,
      pieces: 20,
    });
    expect(await flagged('edited_by_customer')).toEqual([orderId]);
    const version = await sendQuote(orderId, 20);
    expect((await rowOf(orderId)).flags).toEqual(noFlags);
    expect(await flagged('edited_by_customer')).toEqual([]);

    // Approved: the amount due is the account's (the deposit), and nothing once it is paid.
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/o/${await tokenOf(orderId)}/approve`,
      payload: { version, fullName: 'Ada Lovelace', agree: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const account = (await staff('GET', `/api/orders/${orderId}/account`)).json<StaffAccountView>();
    expect(account.account.state).toBe('deposit_due');
    expect(account.account.dueNowCents).toBeGreaterThan(0);
    expect(await rowOf(orderId)).toMatchObject({ pieces: 20, amount_due_cents: account.account.dueNowCents });
    const paid = await staff('POST', `/api/orders/${orderId}/payments`, {
      method: 'etransfer',
      receivedOn: account.today,
      amount: (account.account.dueNowCents / 100).toFixed(2),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await rowOf(orderId)).toMatchObject({ amount_due_cents: 0, payment_state: 'deposit_paid' });

    // The shop changes the approved order to 30: the approval is withdrawn, and the pieces stay
    // those of the version approved (what is made) until the customer approves again.
    const current = (await staff('GET', `/api/orders/${orderId}`)).json<{ document: typeof doc }>().document;
    current.layouts['1']!.variations[0]!.sizes = 'S:8, M:7, L:6, XL:9';
    const edited = await staff('POST', `/api/orders/${orderId}/versions`, {
      document: current,
      reason: 'Ten more for the coaches',
      baseVersion: 2,
    });
    expect(edited.statusCode, edited.body).toBe(201);
    // A clerk's change is not the customer's: no flag.
    expect(await rowOf(orderId)).toMatchObject({ flags: noFlags, version: 3, pieces: 20 });

    expect((await rowOf(quiet)).flags).toEqual(noFlags);
  });
});
