// A purchase order a supplier's desk can use (docs/production.md, "Blanks and purchase orders"),
// on SQLite and PostgreSQL: the overage on each style and colour's total (2% of 20 is 1 piece, on
// the largest size), and the PO carrying the ship-to address, the shop's address and phone, the
// shop's account number with that supplier (a setting) and the need-by date from the job's due date.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import example from '../../shared/prices/example-price-list.json' with { type: 'json' };
import type { JobCard } from '../../shared/production/production-api.js';
import type { PurchaseOrder, SupplierAccounts, ToOrderList } from '../../shared/purchasing/purchasing-api.js';
import {
  backends,
  pageToken,
  sampleOrder,
  startShopApp,
  submitMultipart,
  type TestApp,
  orderLinkToken,
} from '../../../tests/support/harness.js';
import { hasPoppler, pdfText } from '../../../tests/support/pdf.js';

describe.each(backends())('a purchase order’s heading on %s', (backend) => {
  let t: TestApp;
  let clerk = '';
  let owner = '';
  beforeAll(async () => {
    // The clock set (docs/testing-clock.md): a Thursday noon in Toronto.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T17:00:00Z'));
    ({
      t,
      staff: { clerk, owner },
    } = await startShopApp(backend, {
      env: {
        GST_HST_NUMBER: '123456782 RT0001',
        ARTWORK_CHECKS: 'false',
      },
      staff: { owner: { email: 'owner@shop.ca', role: 'owner' }, clerk: { email: 'clerk@shop.ca', role: 'staff' } },
      priceList: {
        ...example,
        garments: [{ ...example.garments[0]!, supplier: 'SanMar Canada', supplierSku: 'G500-SM' }],
      },
    }));
    // The owner's profile: the shop's name, address and phone in force.
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/shop',
      headers: { cookie: owner },
      payload: {
        name: 'Maple Threads',
        legalName: 'Maple Threads Inc.',
        address: '12 King St W, Toronto ON M5H 1A1',
        province: 'ON',
        timeZone: 'America/Toronto',
        fiscalYearEnd: '03-31',
        gstHst: '123456782RT0001',
        qst: '',
        pst: [],
        email: 'hello@maplethreads.ca',
        phone: '416-555-0100',
        brandColour: '#1D4ED8',
        logo: '',
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: clerk }, ...(payload ? { payload } : {}) });

  it('orders 2% of 20 as one piece on the largest size, and heads the PO as a supplier’s desk needs it', async () => {
    const order = sampleOrder();
    Object.assign(order.layouts['1'], {
      variations: [{ type: 'G5000', color: 'Black', sizes: 'S:3, M:7, L:6, XL:4', supplyingGoods: 'no' }],
      deadline: { hasCriticalDeadline: true, date: '2026-12-18' },
      viewData: { Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 } },
    });
    const { orderId } = await submitMultipart(t.app, order, [], { 'x-form-token': pageToken(t) });
    const lines = [{ description: 'Tees', quantity: 20, unitPriceCents: 1500, taxable: true }];
    expect(
      (await staff('POST', `/api/orders/${orderId}/quote/send`, { lines, confirmNoProofs: true })).statusCode,
    ).toBe(201);
    const token = await orderLinkToken(t, orderId);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/o/${token}/approve`,
          payload: { version: 1, fullName: 'Ada Lovelace', agree: true },
        })
      ).statusCode,
    ).toBe(200);

    const list = (await staff('GET', '/api/purchasing/to-order')).json<ToOrderList>();
    const sanmar = list.suppliers.find((s) => s.supplier === 'SanMar Canada')!;
    expect(sanmar.lines.map((l) => [l.size, l.needed, l.quantity])).toEqual([
      ['S', 3, 3],
      ['M', 7, 7],
      ['L', 6, 6],
      ['XL', 4, 5],
    ]);
    expect(sanmar.pieces).toBe(21);

    // The shop's account number with SanMar, a setting any clerk keeps.
    const saved = await staff('PUT', '/api/purchasing/suppliers', {
      supplier: 'SanMar Canada',
      accountNumber: ' 88-41207 ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<SupplierAccounts>().accounts).toEqual([{ supplier: 'SanMar Canada', accountNumber: '88-41207' }]);
    const tooLong = await staff('PUT', '/api/purchasing/suppliers', {
      supplier: 'SanMar Canada',
      accountNumber: 'x'.repeat(61),
    });
    expect(tooLong.statusCode).toBe(400);

    const made = await staff('POST', '/api/purchasing/orders', { supplier: 'SanMar Canada' });
    expect(made.statusCode, made.body).toBe(201);
    const po = made.json<PurchaseOrder>();
    const job = (await staff('GET', `/api/production/jobs/${orderId}`)).json<JobCard>();
    expect(job.dueOn).toBe('2026-12-18');
    expect(po).toMatchObject({
      pieces: 21,
      shipTo: 'Maple Threads, 12 King St W, Toronto ON M5H 1A1',
      shopAddress: '12 King St W, Toronto ON M5H 1A1',
      shopPhone: '416-555-0100',
      accountNumber: '88-41207',
      needBy: '2026-12-18',
    });
    // A PO keeps what it printed: the setting changed later does not change it.
    await staff('PUT', '/api/purchasing/suppliers', { supplier: 'SanMar Canada', accountNumber: '' });
    expect((await staff('GET', '/api/purchasing/suppliers')).json<SupplierAccounts>().accounts).toEqual([]);
    expect((await staff('GET', `/api/purchasing/orders/${po.id}`)).json<PurchaseOrder>().accountNumber).toBe(
      '88-41207',
    );

    if (!hasPoppler) return;
    const text = pdfText((await staff('GET', `/api/purchasing/orders/${po.id}/pdf`)).rawPayload);
    expect(text).toContain('From: Maple Threads, 12 King St W, Toronto ON M5H 1A1');
    expect(text).toContain('Phone: 416-555-0100');
    expect(text).toContain('Our account number: 88-41207');
    expect(text).toContain('Ship to: Maple Threads, 12 King St W, Toronto ON M5H 1A1');
    expect(text).toContain('Needed by: 2026-12-18');
    expect(text).toMatch(/Black\s+XL\s+5/);
  });
});
