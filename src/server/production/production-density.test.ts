// One number for stitches (docs/prices.md, "One number"): a job's imprint estimates its stitches
// with the published price list's own density, the number the stored estimate (and the quote,
// which prices the same way) shows, not the 1,000 a square inch used without a list.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import example from '../../shared/prices/example-price-list.json' with { type: 'json' };
import type { Board } from '../../shared/production/production-api.js';
import {
  backends,
  pageToken,
  sampleOrder,
  startShopApp,
  submitMultipart,
  type TestApp,
  orderLinkToken,
} from '../../../tests/support/harness.js';

const denser = structuredClone(example);
denser.methods.embroidery.stitchesPerSquareInch = 1200;

describe.each(backends())('an imprint’s stitches on %s', (backend) => {
  let t: TestApp;
  let clerk = '';
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T17:00:00Z'));
    const started = await startShopApp(backend, {
      env: { GST_HST_NUMBER: '123456782 RT0001', ARTWORK_CHECKS: 'false' },
      priceList: denser,
      staff: { clerk: { email: 'clerk@shop.ca', role: 'staff' } },
    });
    t = started.t;
    clerk = started.staff.clerk;
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  it('reads the published list’s 1,200 a square inch, as the stored estimate does', async () => {
    const order = sampleOrder();
    Object.assign(order.layouts['1'], {
      variations: [{ type: 'Gildan 5000 T-shirt', color: 'Black', sizes: 'S:10, M:14', supplyingGoods: 'no' }],
      // A square logo 3.5" wide on the left chest: 3.5 × 3.5 in × 1,200 = 14,700 stitches.
      viewData: {
        Front: { image: '', dimensions: '3.5" wide', decoration: 'embroidery', location: 'left-chest', aspect: 1 },
      },
    });
    const { orderId } = await submitMultipart(t.app, order, [], { 'x-form-token': pageToken(t) });
    const stored = await t.app.db
      .selectFrom('orders')
      .select('estimate')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const estimate = JSON.stringify(stored.estimate);
    expect(estimate).toContain('14,700 stitches');

    const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: clerk }, ...(payload ? { payload } : {}) });
    const lines = [{ description: 'Tees', quantity: 24, unitPriceCents: 1500, taxable: true }];
    expect(
      (await staff('POST', `/api/orders/${orderId}/quote/send`, { lines, confirmNoProofs: true })).statusCode,
    ).toBe(201);
    const token = await orderLinkToken(t, orderId);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      payload: { version: 1, fullName: 'Ada Lovelace', agree: true },
    });
    expect(approve.statusCode).toBe(200);

    const board = (await staff('GET', '/api/production/board')).json<Board>();
    const job = board.jobs.find((j) => j.orderId === orderId)!;
    expect(job.imprints.map((i) => [i.method, i.stitches])).toEqual([['embroidery', 14_700]]);
  });
});
