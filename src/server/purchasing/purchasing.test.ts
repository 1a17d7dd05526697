// Blanks through their routes, on SQLite and PostgreSQL: the To order list of approved jobs whose
// garments the shop supplies, a purchase order per supplier numbered without a gap (even made at
// once), its PDF and CSV, marked sent, received in two deliveries; the job's blanks flag turns
// ready only when all it needs has come, and each step is in the order's history.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import example from '../../shared/prices/example-price-list.json' with { type: 'json' };
import type { JobCard } from '../../shared/production/production-api.js';
import type { PurchaseOrder, ToOrderList } from '../../shared/purchasing/purchasing-api.js';
import { outboxDirOf } from '../mail/outbox.js';
import { deleteOrder } from '../privacy/index.js';
import { todayOf } from '../invoices/index.js';
import { addStaff } from '../staff/staff-service.js';
import {
  backends,
  pageToken,
  sampleOrder,
  signIn,
  STAFF_PASSWORD,
  startShopApp,
  submitMultipart,
  type TestApp,
  orderLinkToken,
} from '../../../tests/support/harness.js';
import { hasPoppler, pdfImages, pdfText } from '../../../tests/support/pdf.js';
import { nextPoNumber } from './purchasing-store.js';

describe.each(backends())('blanks and purchase orders on %s', (backend) => {
  let t: TestApp;
  let clerk = '';
  let commis = '';
  // The shop's year, as its PO numbers read it.
  const year = 2026;
  beforeAll(async () => {
    // The clock set (docs/testing-clock.md): New Year's Eve in Toronto, already the new year in UTC.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-01T04:30:00Z'));
    ({
      t,
      staff: { clerk, commis },
    } = await startShopApp(backend, {
      env: { GST_HST_NUMBER: '123456782 RT0001', ARTWORK_CHECKS: 'false' },
      staff: {
        clerk: { email: 'clerk@shop.ca', role: 'staff' },
        commis: { email: 'commis@shop.ca', role: 'staff', language: 'fr' },
      },
      priceList: {
        ...example,
        garments: [
          { ...example.garments[0]!, supplier: 'SanMar Canada', supplierSku: 'G500-SM' },
          { id: 'ATC1000', name: 'ATC Everyday tee', colours: [], sizes: ['S', 'M', 'L'], unitCents: 400 },
          {
            id: 'NL3600',
            name: 'Next Level tee',
            colours: [],
            sizes: ['S', 'M'],
            unitCents: 600,
            supplier: 'alphabroder',
          },
        ],
      },
    }));
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  const staff = (method: 'GET' | 'POST', url: string, payload?: object, who = clerk) =>
    t.app.inject({ method, url, headers: { cookie: who }, ...(payload ? { payload } : {}) });

  /** An order of these garments, quoted and approved online: a job. */
  const approvedJob = async (variations: object[], deadline = '') => {
    const order = sampleOrder();
    Object.assign(order.layouts['1'], {
      variations,
      deadline: { hasCriticalDeadline: deadline !== '', date: deadline },
      viewData: { Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 } },
    });
    const { orderId } = await submitMultipart(t.app, order, [], { 'x-form-token': pageToken(t) });
    const lines = [{ description: 'Tees', quantity: 30, unitPriceCents: 1500, taxable: true }];
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
    return orderId;
  };

  const toOrder = async () => (await staff('GET', '/api/purchasing/to-order')).json<ToOrderList>();
  const job = async (orderId: string) => (await staff('GET', `/api/production/jobs/${orderId}`)).json<JobCard>();
  const history = async (orderId: string) =>
    (await staff('GET', `/api/orders/${orderId}`)).json<{ history: { event?: { kind: string } | null }[] }>().history;

  let first = '';
  let second = '';
  let ours = '';
  let po: PurchaseOrder;

  it('refuses without a staff session', async () => {
    for (const url of ['/api/purchasing/to-order', '/api/purchasing/orders']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/purchasing/orders', payload: { supplier: 'SanMar Canada' } }))
        .statusCode,
    ).toBe(401);
  });

  it('lists what approved jobs need by supplier, style, colour and size, summed, plus the overage', async () => {
    first = await approvedJob([
      { type: 'G5000', color: 'Black', sizes: 'S:10, M:20', supplyingGoods: 'no' },
      { type: 'ATC1000', color: 'Navy', sizes: 'L:5', supplyingGoods: 'no' },
    ]);
    // Due later than the first: a short delivery holds it up, not the first.
    second = await approvedJob(
      [{ type: 'gildan 5000 t-shirt', color: 'black', sizes: 's 40', supplyingGoods: 'no' }],
      `${year + 1}-06-30`,
    );
    ours = await approvedJob([{ type: 'G5000', color: 'Red', sizes: 'M:12', supplyingGoods: 'yes' }]);
    const list = await toOrder();
    expect(list.overagePercent).toBe(2);
    expect(list.suppliers.map((s) => s.supplier)).toEqual(['SanMar Canada', '']);
    const sanmar = list.suppliers[0]!;
    expect(sanmar.lines.map((l) => [l.sku, l.colour, l.size, l.needed, l.quantity])).toEqual([
      ['G500-SM', 'Black', 'S', 50, 51],
      ['G500-SM', 'Black', 'M', 20, 21],
    ]);
    expect(sanmar.lines[0]!.orders.map((o) => o.orderId).sort()).toEqual([first, second].sort());
    // The customer's own goods are not the shop's to order.
    expect(Object.keys(list.references)).not.toContain(ours);
    expect((await job(ours)).readiness.blanks).toBe('customer');
    expect((await job(first)).readiness.blanks).toBe('to_order');
  });

  it('refuses a purchase order without a supplier, or with nothing to order from it', async () => {
    const blank = await staff('POST', '/api/purchasing/orders', { supplier: ' ' });
    expect(blank.statusCode).toBe(400);
    const unnamed = await staff('POST', '/api/purchasing/orders', { supplier: 'Nobody Inc.' });
    expect(unnamed.statusCode).toBe(409);
    expect(unnamed.json()).toMatchObject({ error: { code: 'nothing_to_order' } });
    expect((await staff('GET', '/api/purchasing/orders/not-a-uuid')).statusCode).toBe(400);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await staff('GET', `/api/purchasing/orders/${missing}`)).statusCode).toBe(404);
    expect((await staff('GET', `/api/purchasing/orders/${missing}/pdf`)).statusCode).toBe(404);
    expect((await staff('POST', `/api/purchasing/orders/${missing}/sent`)).statusCode).toBe(404);
  });

  it('makes a purchase order for one supplier: numbered, off the To order list, in each order’s history', async () => {
    const made = await staff('POST', '/api/purchasing/orders', { supplier: 'SanMar Canada' });
    expect(made.statusCode).toBe(201);
    po = made.json<PurchaseOrder>();
    expect(po.number).toBe(`PO-${year}-0001`);
    expect(po.pieces).toBe(72);
    expect(po.sentAt).toBeNull();
    expect(po.lines.map((l) => [l.size, l.quantity, l.received, l.short])).toEqual([
      ['S', 51, 0, 51],
      ['M', 21, 0, 21],
    ]);
    expect((await toOrder()).suppliers.map((s) => s.supplier)).toEqual(['']);
    // Made again: nothing left to order from that supplier.
    expect((await staff('POST', '/api/purchasing/orders', { supplier: 'SanMar Canada' })).statusCode).toBe(409);
    for (const orderId of [first, second])
      expect((await history(orderId)).map((h) => h.event?.kind)).toContain('po_made');
    const list = (await staff('GET', '/api/purchasing/orders')).json<{ purchaseOrders: PurchaseOrder[] }>();
    expect(list.purchaseOrders.map((p) => p.number)).toEqual([po.number]);
  });

  it('prints the purchase order as a PDF in the reader’s language, and as the supplier’s CSV', async () => {
    const pdf = await staff('GET', `/api/purchasing/orders/${po.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('PURCHASE ORDER');
    expect(text).toContain(po.number);
    expect(text).toContain('Supplier: SanMar Canada');
    expect(text).toMatch(/G500-SM\s+Gildan 5000 T-shirt\s+Black\s+S\s+51/);
    expect(text).toMatch(/Total pieces\s+72/);
    expect(text).not.toContain('$');
    const fr = pdfText((await staff('GET', `/api/purchasing/orders/${po.id}/pdf`, undefined, commis)).rawPayload);
    expect(fr).toContain('BON DE COMMANDE');
    expect(fr).toMatch(/Fournisseur\s: SanMar Canada/);

    const csv = await staff('GET', `/api/purchasing/orders/${po.id}/csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(`${po.number}.csv`);
    expect(csv.body).toBe('"Style","Colour","Size","Quantity"\n"G500-SM","Black","S",51\n"G500-SM","Black","M",21\n');
  });

  it.skipIf(!hasPoppler)('heads the PO with the shop’s logo and name in force once an owner saves them', async () => {
    const before = (await staff('GET', `/api/purchasing/orders/${po.id}/pdf`)).rawPayload;
    expect(pdfImages(before)).toEqual([]);
    await addStaff(t.app.db, 'logo-owner@shop.ca', STAFF_PASSWORD, 'en', 'owner');
    const owner = await signIn(t.app, 'logo-owner@shop.ca', STAFF_PASSWORD);
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="20"><rect width="80" height="20" fill="#1d4ed8"/></svg>';
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/shop/logo',
      headers: { cookie: owner, 'content-type': 'image/svg+xml' },
      payload: svg,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/shop',
      headers: { cookie: owner },
      payload: { ...saved.json().profile, name: 'Maple Threads Purchasing' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = (await staff('GET', `/api/purchasing/orders/${po.id}/pdf`)).rawPayload;
    // The SVG drawn once, when saved, 140 px high (4:1: the print raster) on the first page, as on invoices.
    expect(pdfImages(after)).toMatchObject([{ page: 1, width: 560, height: 140 }]);
    expect(pdfText(after)).toContain('Maple Threads Purchasing');
  });

  it('marks it sent once, in the history', async () => {
    const sent = (await staff('POST', `/api/purchasing/orders/${po.id}/sent`)).json<PurchaseOrder>();
    expect(sent.sentBy).toBe('clerk@shop.ca');
    const again = (await staff('POST', `/api/purchasing/orders/${po.id}/sent`)).json<PurchaseOrder>();
    expect(again.sentAt).toBe(sent.sentAt);
    expect((await history(first)).filter((h) => h.event?.kind === 'po_sent')).toHaveLength(1);
  });

  it('refuses a receipt it cannot take', async () => {
    const url = `/api/purchasing/orders/${po.id}/receipts`;
    const line = po.lines[0]!.id;
    // Refused by the route's schema: more damaged than received, a negative count, no line.
    for (const lines of [[{ lineId: line, received: 2, damaged: 3 }], [{ lineId: line, received: -1, damaged: 0 }], []])
      expect((await staff('POST', url, { lines })).statusCode).toBe(400);
    const stranger = await staff('POST', url, {
      lines: [{ lineId: '00000000-0000-4000-8000-000000000000', received: 1, damaged: 0 }],
    });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json()).toMatchObject({ error: { code: 'line_unknown' } });
    const missing = '/api/purchasing/orders/00000000-0000-4000-8000-000000000000/receipts';
    expect((await staff('POST', missing, { lines: [{ lineId: line, received: 1, damaged: 0 }] })).statusCode).toBe(404);
  });

  it('turns a job’s blanks ready only when every line it needs has come, and says what is short meanwhile', async () => {
    const [small, medium] = po.lines as [PurchaseOrder['lines'][number], PurchaseOrder['lines'][number]];
    const url = `/api/purchasing/orders/${po.id}/receipts`;
    // 45 small, 3 of them damaged: 42 good for 50 needed; all the mediums.
    const partial = await staff('POST', url, {
      lines: [
        { lineId: small.id, received: 45, damaged: 3, note: '6 short on the box, 3 stained' },
        { lineId: medium.id, received: 21, damaged: 0 },
      ],
    });
    expect(partial.statusCode).toBe(200);
    const after = partial.json<PurchaseOrder>();
    expect(after.lines.map((l) => [l.received, l.damaged, l.short, l.note])).toEqual([
      [45, 3, 9, '6 short on the box, 3 stained'],
      [21, 0, 0, ''],
    ]);
    expect(after.received).toBe(false);
    // The first job, due sooner, gets its 10 smalls; the second has 32 of its 40.
    const late = await job(second);
    expect(late.readiness.blanks).toBe('short');
    expect(late.blanksShort).toEqual([{ style: 'G5000', colour: 'Black', size: 'S', qty: 8 }]);
    expect(late.ready).toBe(false);
    expect((await toOrder()).waiting).toEqual([
      { orderId: second, reference: late.reference, dueOn: late.dueOn, short: late.blanksShort },
    ]);
    // The first has its Gildans but waits for ATC tees no purchase order carries yet.
    const soon = await job(first);
    expect(soon.readiness.blanks).toBe('to_order');
    expect(soon.blanksShort).toEqual([]);

    const rest = await staff('POST', url, {
      lines: [{ lineId: small.id, received: 9, damaged: 0, note: 'back order' }],
    });
    expect(rest.json<PurchaseOrder>()).toMatchObject({ received: true });
    expect(rest.json<PurchaseOrder>().lines[0]!.note).toBe('6 short on the box, 3 stained\nback order');
    const ready = await job(second);
    expect(ready.readiness.blanks).toBe('in');
    expect(ready.blanksShort).toEqual([]);
    expect((await toOrder()).waiting).toEqual([]);
    // The first job still waits for the ATC tees, on no PO: to order.
    expect((await job(first)).readiness.blanks).toBe('to_order');
    expect((await history(second)).filter((h) => h.event?.kind === 'blanks_received')).toHaveLength(2);
  });

  it('numbers purchase orders without a gap, made at once, a rollback giving its number back', async () => {
    const far = year + 5;
    const taken = await Promise.all(
      Array.from({ length: 8 }, () => t.app.db.transaction().execute((trx) => nextPoNumber(trx, far))),
    );
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await nextPoNumber(trx, far);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    taken.push(await t.app.db.transaction().execute((trx) => nextPoNumber(trx, far)));
    expect(taken.sort()).toEqual(Array.from({ length: 9 }, (_, i) => `PO-${far}-${String(i + 1).padStart(4, '0')}`));
  });

  it('makes one purchase order when two clerks make the same one at once', async () => {
    await approvedJob([{ type: 'NL3600', color: 'White', sizes: 'S:6, M:6', supplyingGoods: 'no' }]);
    const both = await Promise.all(
      [0, 1].map(() => staff('POST', '/api/purchasing/orders', { supplier: 'alphabroder' })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const made = both.find((r) => r.statusCode === 201)!.json<PurchaseOrder>();
    expect(made.number).toBe(`PO-${year}-0002`);
    const list = (await staff('GET', '/api/purchasing/orders')).json<{ purchaseOrders: PurchaseOrder[] }>();
    expect(list.purchaseOrders.map((p) => p.number).sort()).toEqual([`PO-${year}-0001`, `PO-${year}-0002`]);
  });

  it('lets an order on a purchase order be deleted on request; the PO keeps its lines', async () => {
    // Settled first: an open balance keeps its order (docs/accounts.md, "Records").
    const { account } = (await staff('GET', `/api/orders/${second}/account`)).json<{
      account: { balanceCents: number };
    }>();
    const paid = await staff('POST', `/api/orders/${second}/payments`, {
      amount: (account.balanceCents / 100).toFixed(2),
      method: 'etransfer',
      receivedOn: todayOf({ timeZone: 'America/Toronto' }),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await deleteOrder(t.app.db, t.app.files, outboxDirOf(t.dataDir), second, 'owner@shop.ca')).toBe(true);
    const after = (await staff('GET', `/api/purchasing/orders/${po.id}`)).json<PurchaseOrder>();
    expect(after.lines.map((l) => l.quantity)).toEqual([51, 21]);
    expect(after.references).toHaveLength(1);
    expect((await toOrder()).waiting).toEqual([]);
  });
});
