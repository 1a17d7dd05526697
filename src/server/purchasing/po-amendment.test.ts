// A change after a purchase order (docs/production.md, "A change after a purchase order"), on
// SQLite and PostgreSQL: an approved order of 2 tees is on a PO and received; the clerk makes it
// 20 and the customer approves again. The job's blanks flag resets, the Blanks page says what is
// now short per line, and an amended PO (the same number, "rev 2") orders 20, the sent one kept.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import example from '../../shared/prices/example-price-list.json' with { type: 'json' };
import type { JobCard } from '../../shared/production/production-api.js';
import type { PurchaseOrder, ToOrderList } from '../../shared/purchasing/purchasing-api.js';
import {
  backends,
  deliveredText,
  pageToken,
  sampleOrder,
  startShopApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';
import { hasPoppler, pdfText } from '../../../tests/support/pdf.js';

describe.each(backends())('a change after a purchase order on %s', (backend) => {
  let t: TestApp;
  let clerk = '';
  beforeAll(async () => {
    // The clock set (docs/testing-clock.md): PO numbers read the shop's year.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T17:00:00Z'));
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
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: clerk }, ...(payload ? { payload } : {}) });
  const tokenOf = async (orderId: string) => {
    const mails = await t.app.db
      .selectFrom('mail_queue')
      .select(['id', 'order_id'])
      .where('order_id', '=', orderId)
      .where('kind', '=', 'customer_update')
      .orderBy('created_at', 'desc')
      .execute();
    return /\/o\/([A-Za-z0-9_-]{43})/.exec(await deliveredText(t, mails[0]!))![1]!;
  };
  const sendAndApprove = async (orderId: string, version: number, quantity: number) => {
    const lines = [{ description: 'Tees', quantity, unitPriceCents: 1500, taxable: true }];
    const sent = await staff('POST', `/api/orders/${orderId}/quote/send`, { lines, confirmNoProofs: true });
    expect(sent.statusCode, sent.body).toBe(201);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/o/${await tokenOf(orderId)}/approve`,
      payload: { version, fullName: 'Ada Lovelace', agree: true },
    });
    expect(approve.statusCode, approve.body).toBe(200);
  };
  const job = async (orderId: string) => (await staff('GET', `/api/production/jobs/${orderId}`)).json<JobCard>();

  it('says what is now short, and amends the PO as a new revision of its number', async () => {
    const order = sampleOrder();
    Object.assign(order.layouts['1'], {
      variations: [{ type: 'G5000', color: 'Black', sizes: 'M:1, L:1', supplyingGoods: 'no' }],
      viewData: { Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 } },
    });
    const { orderId } = await submitMultipart(t.app, order, [], { 'x-form-token': pageToken(t) });
    await sendAndApprove(orderId, 1, 2);
    const made = await staff('POST', '/api/purchasing/orders', { supplier: 'SanMar Canada' });
    expect(made.statusCode, made.body).toBe(201);
    const first = made.json<PurchaseOrder>();
    expect(first.number).toBe('PO-2026-0001');
    expect(first.lines.map((l) => [l.size, l.quantity])).toEqual([
      ['M', 1],
      ['L', 2],
    ]);
    await staff('POST', `/api/purchasing/orders/${first.id}/sent`);
    const got = await staff('POST', `/api/purchasing/orders/${first.id}/receipts`, {
      lines: first.lines.map((l) => ({ lineId: l.id, received: l.quantity, damaged: 0 })),
    });
    expect(got.statusCode, got.body).toBe(200);
    expect((await job(orderId)).readiness.blanks).toBe('in');
    // Nothing changed yet: nothing to amend.
    const early = await staff('POST', `/api/purchasing/orders/${first.id}/amend`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('nothing_changed');

    // The clerk makes it 20; the customer approves again.
    const doc = (await staff('GET', `/api/orders/${orderId}`)).json<{ document: typeof order }>().document;
    doc.layouts['1'].variations[0]!.sizes = 'S:3, M:7, L:6, XL:4';
    const saved = await staff('POST', `/api/orders/${orderId}/versions`, {
      document: doc,
      reason: 'The whole team wants one',
      baseVersion: 1,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    await sendAndApprove(orderId, 2, 20);

    // The job: 20 pieces, its blanks no longer in.
    const grown = await job(orderId);
    expect(grown.pieces).toBe(20);
    expect(grown.readiness.blanks).toBe('to_order');
    // The Blanks page: what is now short on PO-2026-0001, per line; nothing new on To order.
    const list = (await staff('GET', '/api/purchasing/to-order')).json<ToOrderList>();
    expect(list.suppliers).toEqual([]);
    expect(list.changes).toHaveLength(1);
    expect(list.changes[0]).toMatchObject({ poId: first.id, number: 'PO-2026-0001', supplier: 'SanMar Canada' });
    expect(list.changes[0]!.lines.map((l) => [l.size, l.ordered, l.needed, l.short, l.excess])).toEqual([
      ['S', 0, 3, 3, 0],
      ['M', 1, 7, 6, 0],
      ['L', 1, 6, 5, 0],
      ['XL', 0, 4, 4, 0],
    ]);

    // The amended PO: the same number, rev 2, what the 20 need with the overage; what came carried.
    const amended = await staff('POST', `/api/purchasing/orders/${first.id}/amend`);
    expect(amended.statusCode, amended.body).toBe(201);
    const rev2 = amended.json<PurchaseOrder>();
    expect(rev2).toMatchObject({
      number: 'PO-2026-0001 rev 2',
      revision: 2,
      pieces: 21,
      sentAt: null,
      supersededBy: null,
    });
    expect(rev2.lines.map((l) => [l.size, l.quantity, l.received])).toEqual([
      ['S', 3, 0],
      ['M', 7, 1],
      ['L', 6, 2],
      ['XL', 5, 0],
    ]);
    // The sent one is kept as it was sent, marked replaced; deliveries go on the revision.
    const kept = (await staff('GET', `/api/purchasing/orders/${first.id}`)).json<PurchaseOrder>();
    expect(kept).toMatchObject({
      number: 'PO-2026-0001',
      sentAt: expect.any(String),
      supersededBy: 'PO-2026-0001 rev 2',
    });
    expect(kept.lines.map((l) => [l.size, l.quantity, l.received])).toEqual([
      ['M', 1, 1],
      ['L', 2, 2],
    ]);
    const late = await staff('POST', `/api/purchasing/orders/${first.id}/receipts`, {
      lines: [{ lineId: kept.lines[0]!.id, received: 1, damaged: 0 }],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('superseded');
    expect((await staff('POST', `/api/purchasing/orders/${first.id}/amend`)).statusCode).toBe(409);
    const after = (await staff('GET', '/api/purchasing/to-order')).json<ToOrderList>();
    expect(after.changes).toEqual([]);
    expect(after.suppliers).toEqual([]);
    // The job is short of what the revision has not brought yet.
    expect((await job(orderId)).blanksShort!.reduce((s, x) => s + x.qty, 0)).toBe(17);

    if (!hasPoppler) return;
    const text = pdfText((await staff('GET', `/api/purchasing/orders/${rev2.id}/pdf`)).rawPayload);
    expect(text).toContain('PO-2026-0001 rev 2');
    expect(text).toMatch(/Total pieces\s+21/);
  });
});
