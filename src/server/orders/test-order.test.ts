// A test order from the owner's checklist (docs/settings.md, "A test order"): placed on the form
// with ?test=1 by signed-in staff only, marked in the inbox, it mails no customer (the shop's own
// notice still goes), its approval issues no invoice, a payment takes no receipt number, and the
// checklist's step is done.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dateIn } from '../../shared/dates.js';
import { addStaff } from '../staff/staff-service.js';
import { mintOrderLink } from '../storage/order-links.js';
import {
  multipartBody,
  backends,
  pageToken,
  sampleOrder,
  signIn,
  startTestApp,
  submitMultipart,
  authHeaders,
  type TestApp,
} from '../../../tests/support/harness.js';

const PASSWORD = 'correct horse battery staple';
const METRICS = 'a-metrics-token-long-enough-0123456789';
const LINES = [{ description: 'Gildan 5000, Black, printed', quantity: 50, unitPriceCents: 1200, taxable: true }];

describe.each(backends())('a test order on %s', (backend) => {
  let t: TestApp;
  let owner = '';
  beforeAll(async () => {
    // The clock set (docs/testing-clock.md): a Saturday evening in Toronto, already Sunday in UTC, where
    // the shop's day and the UTC date differ.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T02:30:00Z'));
    t = await startTestApp(backend, {
      SHOP_PROVINCE: 'ON',
      GST_HST_NUMBER: '123456782 RT0001',
      SHOP_EMAIL: 'shop@maple.example',
      METRICS_TOKEN: METRICS,
    });
    await addStaff(t.app.db, 'owner@shop.ca', PASSWORD, 'en', 'owner');
    owner = await signIn(t.app, 'owner@shop.ca', PASSWORD);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  const submit = async (query: string, cookie?: string) => {
    const { payload, contentType } = await multipartBody(sampleOrder(), []);
    return t.app.inject({
      method: 'POST',
      url: `/functions/v1/submit-order${query}`,
      headers: {
        ...authHeaders,
        'content-type': contentType,
        'x-form-token': pageToken(t),
        ...(cookie ? { cookie } : {}),
      },
      payload,
    });
  };
  const mailKinds = async (orderId: string) =>
    (await t.app.db.selectFrom('mail_queue').select('kind').where('order_id', '=', orderId).execute())
      .map((r) => r.kind)
      .sort();
  const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: owner }, ...(payload ? { payload } : {}) });
  const counters = async () => t.app.db.selectFrom('document_counters').selectAll().execute();

  it('is refused without a staff session, and mails only the shop when placed by one', async () => {
    const anonymous = await submit('?test=1');
    expect(anonymous.statusCode).toBe(401);

    // A real order, for comparison: its customer gets a confirmation.
    const real = await submitMultipart(t.app, sampleOrder(), [], { 'x-form-token': pageToken(t) });
    expect(await mailKinds(real.orderId)).toContain('customer');

    const placed = await submit('?test=1', owner);
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId } = placed.json<{ orderId: string }>();
    expect(await mailKinds(orderId)).toEqual(['shop']);

    const list = (await staff('GET', '/api/orders')).json<{ orders: { id: string; is_test: boolean }[] }>();
    expect(list.orders.find((o) => o.id === orderId)?.is_test).toBe(true);
    expect(list.orders.find((o) => o.id === real.orderId)?.is_test).toBe(false);
    expect((await staff('GET', `/api/orders/${orderId}`)).json().order.is_test).toBe(true);

    const checklist = (await staff('GET', '/api/settings/checklist')).json<{
      steps: { step: string; done: boolean }[];
    }>();
    expect(checklist.steps.find((s) => s.step === 'testOrder')).toEqual({ step: 'testOrder', done: true });
  });

  it('takes no number: its quote mails nobody, its approval issues no invoice, a payment is refused', async () => {
    const placed = await submit('?test=1', owner);
    const { orderId } = placed.json<{ orderId: string }>();
    const before = await counters();
    const sent = await staff('POST', `/api/orders/${orderId}/quote/send`, { lines: LINES, confirmNoProofs: true });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await mailKinds(orderId)).toEqual(['shop']);
    // The owner opens the customer's page (the link a real customer would have been mailed) and approves.
    const token = await mintOrderLink(t.app.db, orderId);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      headers: { 'user-agent': 'Test/1.0' },
      payload: { version: sent.json<{ version: number }>().version, fullName: 'Owner Testing', agree: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await staff('GET', `/api/orders/${orderId}/account`)).json().invoices).toEqual([]);
    const paid = await staff('POST', `/api/orders/${orderId}/payments`, {
      method: 'etransfer',
      amount: '10.00',
      receivedOn: dateIn(t.config.timeZone),
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toMatchObject({ code: 'test_order' });
    expect(await counters()).toEqual(before);
    // The shop heard of the order and of the approval; the customer of nothing.
    expect(await mailKinds(orderId)).toEqual(['shop', 'shop']);
  });
  /** Quoted and approved on the customer's page: a real order is then invoiced and becomes a job. */
  const approve = async (orderId: string) => {
    const sent = await staff('POST', `/api/orders/${orderId}/quote/send`, { lines: LINES, confirmNoProofs: true });
    expect(sent.statusCode, sent.body).toBe(201);
    const token = await mintOrderLink(t.app.db, orderId);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      headers: { 'user-agent': 'Test/1.0' },
      payload: { version: sent.json<{ version: number }>().version, fullName: 'Owner Testing', agree: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
  };
  const ordersReceived = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS}` } });
    return Number(/^aof_orders_received_total (\d+)$/m.exec(res.body)?.[1]);
  };

  it('counts in no business figure: orders received, the export, the production board, the tax report', async () => {
    const received = await ordersReceived();
    const real = await submitMultipart(t.app, sampleOrder(), [], { 'x-form-token': pageToken(t) });
    const test = (await submit('?test=1', owner)).json<{ orderId: string }>();
    // The real order counts; the test order does not.
    expect(await ordersReceived()).toBe(received + 1);
    await approve(real.orderId);
    await approve(test.orderId);

    const exported = (await staff('GET', '/api/orders/export.csv')).body;
    const reference = async (id: string) => (await staff('GET', `/api/orders/${id}`)).json().order.reference as string;
    expect(exported).toContain(await reference(real.orderId));
    expect(exported).not.toContain(await reference(test.orderId));

    // The board, the calendar's load and the blanks to order read jobs: a test order is never one.
    const board = (await staff('GET', '/api/production/board')).json<{ jobs: { orderId: string }[] }>();
    expect(board.jobs.map((j) => j.orderId)).toContain(real.orderId);
    expect(board.jobs.map((j) => j.orderId)).not.toContain(test.orderId);
    expect((await staff('GET', `/api/production/jobs/${test.orderId}`)).statusCode).toBe(404);

    // The accountant's report of the day holds the real order's invoice alone: 50 × $12.00 at 13 % HST.
    const today = dateIn(t.config.timeZone);
    const taxes = (await staff('GET', `/api/reports/taxes?from=${today}&to=${today}&format=json`)).json<{
      rows: { code: string; taxableCents: number }[];
    }>();
    const hst = taxes.rows.filter((r) => r.code === 'HST').reduce((sum, r) => sum + r.taxableCents, 0);
    const invoicedReal = (await staff('GET', `/api/orders/${real.orderId}/account`)).json().invoices;
    expect(invoicedReal).toHaveLength(1);
    expect(hst).toBe(60_000);
  });
});
