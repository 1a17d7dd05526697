// Closing periods (docs/accounts.md, "Closing a period"): an owner closes December at 00:10 on
// 1 January; a cheque dated 31 December is refused with words, then recorded on today's date with
// its date in the note; a December payment cannot be voided; December's payments report, tax
// report and journal are the same bytes after January's activity; reopening takes a reason and
// stays in the history. Through the real routes, on SQLite and PostgreSQL, the clock set.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  backends,
  pageToken,
  sampleOrder,
  signIn,
  STAFF_PASSWORD,
  startShopApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';
import type { TaxReport } from '../../shared/invoices/invoice-api.js';
import type { PeriodsView } from '../../shared/invoices/periods.js';

/** $600.00 + HST 13 % $78.00 = $678.00; deposit 50 % $339.00. */
const FIFTY_AT_12 = [{ description: 'Gildan 5000, Black, printed', quantity: 50, unitPriceCents: 1200, taxable: true }];

function ontarioOrder() {
  const order = sampleOrder();
  const first = order.layouts['1'];
  first.variations = [{ type: 'Gildan 5000', color: 'Black', sizes: 'S:10, M:20, L:20', supplyingGoods: 'no' }];
  first.billing = { ...first.billing, city: 'Toronto', province: 'ON', postalCode: 'M5V 2T6' };
  first.shipping = { sameAsBilling: true, localPickup: false };
  return { ...order, includePolyBags: false };
}

describe.each(backends())('closing periods on %s', (backend) => {
  let t: TestApp;
  let owner = '';
  let clerk = '';
  /** The clock at an instant; staff sign in again (a session lasts 12 hours). */
  const setClock = async (iso: string) => {
    vi.setSystemTime(new Date(iso));
    owner = await signIn(t.app, 'owner@shop.ca', STAFF_PASSWORD);
    clerk = await signIn(t.app, 'clerk@shop.ca', STAFF_PASSWORD);
  };

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-10T17:00:00Z'));
    ({ t } = await startShopApp(backend, {
      env: {
        SHOP_PROVINCE: 'ON',
        SHOP_TIMEZONE: 'America/Toronto',
        SHOP_LEGAL_NAME: 'Maple Print Works Inc.',
        GST_HST_NUMBER: '123456782 RT0001',
        ORDER_LINK_RATE_LIMIT: '100000',
      },
      staff: { owner: { email: 'owner@shop.ca', role: 'owner' }, clerk: { email: 'clerk@shop.ca', role: 'staff' } },
    }));
    await setClock('2026-12-10T17:00:00Z');
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, who = clerk) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: who },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const errorOf = (res: { json: () => unknown }) =>
    (res.json() as { error: { code: string; message: string; message_fr: string; fields?: string[] } }).error;

  const invoiced = async () => {
    const { orderId, reference } = await submitMultipart(t.app, ontarioOrder(), [], { 'x-form-token': pageToken(t) });
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
    return { orderId, reference };
  };

  /** December's three reports as the accountant downloads them. */
  const december = async () => {
    const period = 'from=2026-12-01&to=2026-12-31&format=csv';
    const files = await Promise.all(
      [`/api/reports/payments?${period}`, `/api/reports/taxes?${period}`, `/api/reports/journal?${period}`].map((url) =>
        call('GET', url),
      ),
    );
    for (const f of files) expect(f.statusCode, f.body).toBe(200);
    return files.map((f) => f.rawPayload);
  };

  it('closes December at 00:10 on 1 January; December’s reports are the same bytes after January’s activity', async () => {
    const order = await invoiced();
    const deposit = await call('POST', `/api/orders/${order.orderId}/payments`, {
      amount: '339.00',
      method: 'cheque',
      reference: '000122',
      receivedOn: '2026-12-10',
    });
    expect(deposit.statusCode, deposit.body).toBe(201);
    const depositId = deposit.json<{ id: string }>().id;

    // 00:10 on 1 January in Toronto (05:10 UTC).
    await setClock('2027-01-01T05:10:00Z');
    const notYet = await call('POST', '/api/periods/close', { month: '2027-01' }, owner);
    expect(notYet.statusCode).toBe(409);
    expect(errorOf(notYet).code).toBe('period_not_ended');
    const byClerk = await call('POST', '/api/periods/close', { month: '2026-12' }, clerk);
    expect(byClerk.statusCode).toBe(403);
    const closed = await call('POST', '/api/periods/close', { month: '2026-12' }, owner);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<PeriodsView>()).toMatchObject({
      closedThrough: '2026-12-31',
      today: '2027-01-01',
      history: [{ action: 'close_month', period: '2026-12', closedThrough: '2026-12-31', by: 'owner@shop.ca' }],
    });
    const before = await december();

    // A cheque dated 31 December is refused, with what to do instead.
    const late = await call('POST', `/api/orders/${order.orderId}/payments`, {
      amount: '100.00',
      method: 'cheque',
      reference: '000123',
      receivedOn: '2026-12-31',
    });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late)).toMatchObject({
      code: 'period_closed',
      fields: ['receivedOn'],
      message:
        'December 2026 is closed: the books are closed through 2026-12-31, so nothing dated 2026-12-31 can be recorded. Record it on today’s date (2027-01-01) and put its own date in the note (“Cheque dated 2026-12-31”): the closed period’s reports stay as they were filed.',
      message_fr: expect.stringContaining('décembre 2026 est fermé\u00a0: les livres sont fermés jusqu’au 2026-12-31'),
    });
    const onToday = await call('POST', `/api/orders/${order.orderId}/payments`, {
      amount: '100.00',
      method: 'cheque',
      reference: '000123',
      receivedOn: '2027-01-01',
      reason: 'Cheque dated 2026-12-31',
    });
    expect(onToday.statusCode, onToday.body).toBe(201);

    // December's deposit cannot be voided; a January credit note of the December invoice can be issued.
    const voided = await call('POST', `/api/orders/${order.orderId}/payments/${depositId}/void`, { reason: 'Typo' });
    expect(voided.statusCode).toBe(409);
    expect(errorOf(voided).code).toBe('period_closed');
    expect(errorOf(voided).message).toContain('nothing dated 2026-12-10 can be voided');
    const account = await call('GET', `/api/orders/${order.orderId}/account`);
    const invoiceNumber = account.json<{ invoices: { number: string }[] }>().invoices[0]!.number;
    const credit = await call(
      'POST',
      `/api/orders/${order.orderId}/credit-notes`,
      { invoiceNumber, amount: '50.00', reason: 'Two shirts misprinted' },
      owner,
    );
    expect(credit.statusCode, credit.body).toBe(201);

    // January's return: the credit of December's invoice is an adjustment (line 107), not a negative line 101 or 103.
    const taxes = await call('GET', '/api/reports/taxes?from=2027-01-01&to=2027-01-31&format=json');
    const gstHst = taxes.json<TaxReport>().returns.find((r) => r.id === 'gst_hst')!;
    expect(gstHst.form).toBe('GST34');
    expect(Object.fromEntries(gstHst.lines.filter((l) => l.line).map((l) => [l.line, l.amountCents]))).toEqual({
      '101': 0,
      '103': 0,
      '105': 0,
      '107': 650,
    });

    const after = await december();
    for (const [i, bytes] of after.entries()) expect(bytes.equals(before[i]!), `report ${i}`).toBe(true);
    // January's payments report holds the late cheque, its date in the note.
    const january = await call('GET', '/api/reports/payments?from=2027-01-01&to=2027-01-31&format=json');
    expect(january.json<{ rows: { reference: string; amountCents: number }[] }>().rows).toEqual([
      expect.objectContaining({ reference: '000123', amountCents: 10000 }),
    ]);
    const receipt = await t.app.db
      .selectFrom('payments')
      .select(['received_on', 'reason'])
      .where('reference', '=', '000123')
      .executeTakeFirstOrThrow();
    expect(receipt).toEqual({ received_on: '2027-01-01', reason: 'Cheque dated 2026-12-31' });
  });

  it('reopens a month only by an owner, with a reason, in the history; a fiscal year closes too', async () => {
    const noReason = await call('POST', '/api/periods/reopen', { month: '2026-12', reason: ' ' }, owner);
    expect(noReason.statusCode).toBe(422);
    expect(errorOf(noReason)).toMatchObject({ code: 'reason_required', fields: ['reason'] });
    const byClerk = await call('POST', '/api/periods/reopen', { month: '2026-12', reason: 'Bank error' }, clerk);
    expect(byClerk.statusCode).toBe(403);
    const reopened = await call(
      'POST',
      '/api/periods/reopen',
      { month: '2026-12', reason: 'The bank’s 31 December deposit was missed' },
      owner,
    );
    expect(reopened.statusCode, reopened.body).toBe(200);
    const view = reopened.json<PeriodsView>();
    expect(view.closedThrough).toBe('2026-11-30');
    expect(view.history[0]).toMatchObject({
      action: 'reopen',
      period: '2026-12',
      reason: 'The bank’s 31 December deposit was missed',
      by: 'owner@shop.ca',
    });
    expect(view.history).toHaveLength(2);
    const again = await call('POST', '/api/periods/reopen', { month: '2026-12', reason: 'Again' }, owner);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('not_closed');

    const year = await call('POST', '/api/periods/close', { fiscalYear: '2026' }, owner);
    expect(year.statusCode, year.body).toBe(200);
    expect(year.json<PeriodsView>()).toMatchObject({
      closedThrough: '2026-12-31',
      history: [{ action: 'close_year', period: '2026-12-31' }, { action: 'reopen' }, { action: 'close_month' }],
    });
    const twice = await call('POST', '/api/periods/close', { fiscalYear: '2026' }, owner);
    expect(errorOf(twice).code).toBe('already_closed');
    // Every staff member reads where the books stand.
    const read = await call('GET', '/api/periods');
    expect(read.json<PeriodsView>().closedThrough).toBe('2026-12-31');
  });
});
