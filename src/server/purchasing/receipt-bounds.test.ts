// Goods receipts are bounded: a line takes at most what was ordered and a margin
// (receivableOf), good and damaged pieces each; a line named twice in one receipt, notes past
// their length and deliveries past their number are refused, beside the field, in both
// languages. On SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import example from '../../shared/prices/example-price-list.json' with { type: 'json' };
import {
  MAX_LINE_NOTE_CHARS,
  MAX_RECEIPTS_PER_PURCHASE_ORDER,
  receivableOf,
  type PurchaseOrder,
} from '../../shared/purchasing/purchasing-api.js';
import {
  backends,
  pageToken,
  sampleOrder,
  startShopApp,
  submitMultipart,
  type TestApp,
  orderLinkToken,
} from '../../../tests/support/harness.js';
import { insertReceipt } from './purchasing-store.js';

describe.each(backends())('bounded goods receipts on %s', (backend) => {
  let t: TestApp;
  let clerk = '';
  let po: PurchaseOrder;
  beforeAll(async () => {
    ({
      t,
      staff: { clerk },
    } = await startShopApp(backend, {
      env: { GST_HST_NUMBER: '123456782 RT0001', ARTWORK_CHECKS: 'false' },
      staff: { clerk: { email: 'clerk@shop.ca', role: 'staff' } },
      priceList: {
        ...example,
        garments: [{ ...example.garments[0]!, supplier: 'SanMar Canada', supplierSku: 'G500-SM' }],
      },
    }));
    // An approved job needing 40 small Gildans: a PO line of 41 (2 % overage).
    const order = sampleOrder();
    Object.assign(order.layouts['1'], {
      variations: [{ type: 'G5000', color: 'Black', sizes: 'S:40', supplyingGoods: 'no' }],
      viewData: { Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 } },
    });
    const { orderId } = await submitMultipart(t.app, order, [], { 'x-form-token': pageToken(t) });
    const lines = [{ description: 'Tees', quantity: 40, unitPriceCents: 1500, taxable: true }];
    expect(
      (await staff('POST', `/api/orders/${orderId}/quote/send`, { lines, confirmNoProofs: true })).statusCode,
    ).toBe(201);
    const token = await orderLinkToken(t, orderId);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      payload: { version: 1, fullName: 'Ada Lovelace', agree: true },
    });
    expect(approved.statusCode).toBe(200);
    const made = await staff('POST', '/api/purchasing/orders', { supplier: 'SanMar Canada' });
    expect(made.statusCode, made.body).toBe(201);
    po = made.json<PurchaseOrder>();
  });
  afterAll(async () => t?.close());

  const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: clerk }, ...(payload ? { payload } : {}) });
  const receive = (lines: object[]) => staff('POST', `/api/purchasing/orders/${po.id}/receipts`, { lines });
  const lineNow = async () => (await staff('GET', `/api/purchasing/orders/${po.id}`)).json<PurchaseOrder>().lines[0]!;

  it('refuses more good pieces than ordered and a margin, beside the field, in both languages', async () => {
    const line = po.lines[0]!;
    expect(line.quantity).toBe(41);
    const most = receivableOf(41);
    expect(most).toBe(53);
    const huge = await receive([{ lineId: line.id, received: 100_000, damaged: 0 }]);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toMatchObject({
      code: 'received_too_many',
      fields: ['lines.0.received'],
      message: 'At most 53 good pieces can be received on this line in all (41 ordered, 0 received).',
      message_fr: expect.stringContaining('Au plus 53'),
    });
    // The same line twice in one receipt cannot add up past the bound either.
    const twice = await receive([
      { lineId: line.id, received: 30, damaged: 0 },
      { lineId: line.id, received: 30, damaged: 0 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toMatchObject({ code: 'line_twice', fields: ['lines.1.lineId'] });
    expect((await lineNow()).received).toBe(0);

    // Overage within the margin is taken (suppliers ship a few extra), then nothing more.
    expect((await receive([{ lineId: line.id, received: 50, damaged: 0 }])).statusCode).toBe(200);
    expect((await receive([{ lineId: line.id, received: 3, damaged: 0 }])).statusCode).toBe(200);
    const over = await receive([{ lineId: line.id, received: 1, damaged: 0 }]);
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toContain('(41 ordered, 53 received)');
    // Damaged pieces do not count as good ones, but are bounded the same way.
    expect((await receive([{ lineId: line.id, received: 53, damaged: 53 }])).statusCode).toBe(200);
    const broken = await receive([{ lineId: line.id, received: 1, damaged: 1 }]);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toMatchObject({ code: 'damaged_too_many', fields: ['lines.0.damaged'] });
    expect(await lineNow()).toMatchObject({ received: 106, damaged: 53 });
  });

  it('refuses notes past their length, and deliveries past their number', async () => {
    const line = po.lines[0]!;
    const note = 'n'.repeat(500);
    let refused = 0;
    for (let i = 0; i < 5; i++) {
      const res = await receive([{ lineId: line.id, received: 0, damaged: 0, note }]);
      if (res.statusCode === 400) {
        refused++;
        expect(res.json().error).toMatchObject({ code: 'note_full', fields: ['lines.0.note'] });
      } else expect(res.statusCode).toBe(200);
    }
    expect(refused).toBe(2);
    expect((await lineNow()).note.length).toBeLessThanOrEqual(MAX_LINE_NOTE_CHARS);

    const recorded = await t.app.db
      .selectFrom('purchase_order_receipts')
      .select('id')
      .where('po_id', '=', po.id)
      .execute();
    for (let i = recorded.length; i < MAX_RECEIPTS_PER_PURCHASE_ORDER; i++)
      await insertReceipt(t.app.db, po.id, 'clerk@shop.ca', []);
    const more = await receive([{ lineId: line.id, received: 0, damaged: 0 }]);
    expect(more.statusCode).toBe(409);
    expect(more.json().error).toMatchObject({ code: 'too_many_receipts', message_fr: expect.any(String) });
  });
});
