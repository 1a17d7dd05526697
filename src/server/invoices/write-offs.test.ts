// Write-offs through the routes (docs/accounts.md, "Write-offs"), on SQLite and PostgreSQL:
// $200.00 and $0.01 written off with their HST relief, on line 107, in the journal and the
// order's history, nothing mailed; a clerk not allowed to credit is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  pageToken,
  sampleOrder,
  startShopApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';
import type { SalesJournal, StaffAccountView, TaxReport } from '../../shared/invoices/invoice-api.js';
import { todayOf } from './accounts.js';

const FIFTY_AT_12 = [{ description: 'Gildan 5000, Black, printed', quantity: 50, unitPriceCents: 1200, taxable: true }];
const today = () => todayOf({ timeZone: 'America/Toronto' });

function ontarioOrder() {
  const order = sampleOrder();
  const first = order.layouts['1'];
  first.variations = [{ type: 'Gildan 5000', color: 'Black', sizes: 'S:10, M:20, L:20', supplyingGoods: 'no' }];
  first.billing = { ...first.billing, city: 'Toronto', province: 'ON', postalCode: 'M5V 2T6' };
  first.shipping = { sameAsBilling: true, localPickup: false };
  return { ...order, includePolyBags: false };
}

describe.each(backends())('write-offs on %s', (backend) => {
  let t: TestApp;
  let staff: { owner: string; clerk: string };
  beforeAll(async () => {
    ({ t, staff } = await startShopApp(backend, {
      env: {
        SHOP_PROVINCE: 'ON',
        SHOP_LEGAL_NAME: 'Maple Print Works Inc.',
        GST_HST_NUMBER: '123456782 RT0001',
        ORDER_LINK_RATE_LIMIT: '100000',
      },
      staff: { owner: { email: 'owner@shop.ca', role: 'owner' }, clerk: { email: 'clerk@shop.ca', role: 'staff' } },
    }));
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, who = staff.clerk) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: who },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** An Ontario order invoiced $678.00 ($600.00 + HST $78.00), then paid `paid`. */
  const owing = async (paid: string) => {
    const { orderId } = await submitMultipart(t.app, ontarioOrder(), [], { 'x-form-token': pageToken(t) });
    const sent = await call('POST', `/api/orders/${orderId}/quote/send`, { lines: FIFTY_AT_12, confirmNoProofs: true });
    expect(sent.statusCode, sent.body).toBe(201);
    const { mintOrderLink } = await import('../storage/order-links.js');
    const token = await t.app.db.transaction().execute((trx) => mintOrderLink(trx, orderId));
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      headers: { 'user-agent': 'Test/1.0' },
      payload: { version: sent.json<{ version: number }>().version, fullName: 'Marie Curie', agree: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const pay = await call('POST', `/api/orders/${orderId}/payments`, {
      amount: paid,
      method: 'etransfer',
      receivedOn: today(),
      reference: `ET-${orderId.slice(0, 8)}`,
    });
    expect(pay.statusCode, pay.body).toBe(201);
    return orderId;
  };
  const mailsOf = async (orderId: string) =>
    (await t.app.db.selectFrom('mail_queue').select('id').where('order_id', '=', orderId).execute()).length;

  it('writes off $200.00 with $23.01 of HST relief, and $0.01 with none; line 107, journal, history, no mail', async () => {
    const big = await owing('478.00');
    const refused = await call('POST', `/api/orders/${big}/write-off`, { reason: 'Customer closed' });
    expect(refused.statusCode).toBe(403);
    const noReason = await call('POST', `/api/orders/${big}/write-off`, { reason: '  ' }, staff.owner);
    expect(noReason.statusCode).toBe(422);
    const mailsBefore = await mailsOf(big);
    const written = await call('POST', `/api/orders/${big}/write-off`, { reason: 'Customer closed' }, staff.owner);
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json()).toMatchObject({ totalCents: 20000, taxCents: 2301 });
    expect(await mailsOf(big)).toBe(mailsBefore);
    const account = (await call('GET', `/api/orders/${big}/account`)).json<StaffAccountView>().account;
    expect(account.balanceCents).toBe(0);
    const again = await call('POST', `/api/orders/${big}/write-off`, { reason: 'Again' }, staff.owner);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { code: string } }>().error.code).toBe('nothing_to_write_off');

    const small = await owing('677.99');
    const cent = await call('POST', `/api/orders/${small}/write-off`, { reason: 'Rounding' }, staff.owner);
    expect(cent.json()).toMatchObject({ totalCents: 1, taxCents: 0 });
    expect((await call('GET', `/api/orders/${small}/account`)).json<StaffAccountView>().account.balanceCents).toBe(0);

    const period = `from=${today()}&to=${today()}`;
    const taxes = (await call('GET', `/api/reports/taxes?${period}&format=json`)).json<TaxReport>();
    const line = (n: string) =>
      taxes.returns.find((r) => r.id === 'gst_hst')!.lines.find((l) => l.line === n)!.amountCents;
    // Two invoices of $600.00 + $78.00; the write-offs' relief on 107, not netted on 101 and 103.
    expect([line('101'), line('103'), line('107')]).toEqual([120000, 15600, 2301]);
    const journal = (await call('GET', `/api/reports/journal?${period}&format=json`)).json<SalesJournal>();
    expect(journal.rows.filter((r) => r.writeOff).map((r) => [r.totalCents, r.taxes.HST])).toEqual([
      [-20000, -2301],
      [-1, 0],
    ]);
    const csv = await call('GET', `/api/reports/journal?${period}&format=csv`);
    expect(csv.body).toContain('"Write-off"');
    const history = await t.app.db
      .selectFrom('status_history')
      .select('event')
      .where('order_id', '=', big)
      .where('event', 'is not', null)
      .execute();
    expect(history.map((h) => JSON.parse(h.event!) as { kind: string })).toContainEqual(
      expect.objectContaining({
        kind: 'balance_written_off',
        totalCents: 20000,
        taxCents: 2301,
        reason: 'Customer closed',
      }),
    );
  });

  it('cancels with the credit the dialog named, to the cent, and writes off the cent the taxes cannot credit', async () => {
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/write-off-threshold',
          headers: { cookie: staff.clerk },
          payload: { cents: 100 },
        })
      ).statusCode,
    ).toBe(403);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/write-off-threshold',
      headers: { cookie: staff.owner },
      payload: { cents: 100 },
    });
    expect(set.json()).toEqual({ cents: 100 });
    // $0.04 unpaid: no credit note totals $0.04 at 13 % HST ($0.03 + $0.00, or $0.04 + $0.01).
    const orderId = await owing('677.96');
    const preview = (
      await call('GET', `/api/orders/${orderId}/status-preview?status=cancelled`, undefined, staff.owner)
    ).json<{ unpaidCents: number; creditCents: number; writeOffCents: number }>();
    expect(preview).toMatchObject({ unpaidCents: 4, creditCents: 3, writeOffCents: 1 });
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/status`,
      headers: { cookie: staff.owner },
      payload: { status: 'cancelled', creditUnpaid: true, writeOffRest: true },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const view = (await call('GET', `/api/orders/${orderId}/account`)).json<StaffAccountView>();
    const notes = view.invoices.filter((i) => i.kind === 'credit_note');
    expect(notes.map((n) => n.totalCents)).toEqual([preview.creditCents, preview.writeOffCents]);
    expect(view.account.balanceCents).toBe(0);
  });
});
