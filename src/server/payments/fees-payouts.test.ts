// Card fees in the books and payouts, on SQLite and PostgreSQL, against the Stripe stand-in
// (tests/support/stripe-stand-in.ts; events signed by the SDK's generateTestHeaderString): a fee
// Stripe has not settled is read again by the fee pass; each fee is an expense line of the
// journal; the payout report matches Stripe's payouts to the ledger to the cent; a refund made
// in Stripe's Dashboard is recorded with its credit note, or kept for a clerk when none matches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  deliveredText,
  pageToken,
  sampleOrder,
  startShopApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';
import {
  standInFee,
  startStripeStandIn,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
  type StripeStandIn,
} from '../../../tests/support/stripe-stand-in.js';
import type { PayoutReport, SalesJournal } from '../../shared/invoices/invoice-api.js';
import { todayOf } from '../invoices/index.js';
import { closePeriod } from '../invoices/periods.js';
import { settleFees, stripeProvider } from './index.js';

const LINES = [{ description: 'Gildan 5000, Black, printed', quantity: 50, unitPriceCents: 1200, taxable: true }];
const cents = (cell: string) => Math.round(Number(cell.replaceAll('"', '')) * 100);

describe.each(backends())('card fees and payouts on %s', (backend) => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let owner = '';
  let clerk = '';

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    ({
      t,
      staff: { owner, clerk },
    } = await startShopApp(backend, {
      env: {
        SHOP_PROVINCE: 'ON',
        GST_HST_NUMBER: '123456782 RT0001',
        QST_NUMBER: '1227494057 TQ0001',
        ORDER_LINK_RATE_LIMIT: '100000',
        STRIPE_SECRET_KEY: TEST_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
      },
      staff: { owner: { email: 'owner@shop.ca', role: 'owner' }, clerk: { email: 'clerk@shop.ca', role: 'staff' } },
    }));
    const terms = (await staff('GET', '/api/terms')).json<Record<string, unknown>>();
    const saved = await staff('PUT', '/api/terms', { ...terms, cardPayments: 'both' }, owner);
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, who = clerk) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: who },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** An approved order ($678.00 with HST in Ontario, $689.85 with GST and QST in Quebec; deposit 50 %). */
  const approvedOrder = async (where: 'ON' | 'QC' = 'ON') => {
    const order = sampleOrder();
    const first = order.layouts['1'];
    first.variations = [{ type: 'Gildan 5000', color: 'Black', sizes: 'S:10, M:20, L:20', supplyingGoods: 'no' }];
    first.billing =
      where === 'QC'
        ? { ...first.billing, city: 'Montréal', province: 'QC', postalCode: 'H2X 1Y4' }
        : { ...first.billing, city: 'Toronto', province: 'ON', postalCode: 'M5V 2T6' };
    first.shipping = { sameAsBilling: true, localPickup: false };
    const { orderId } = await submitMultipart(t.app, { ...order, includePolyBags: false, language: 'en' }, [], {
      'x-form-token': pageToken(t),
    });
    const sent = await staff('POST', `/api/orders/${orderId}/quote/send`, { lines: LINES, confirmNoProofs: true });
    expect(sent.statusCode, sent.body).toBe(201);
    const mails = await t.app.db
      .selectFrom('mail_queue')
      .select(['id', 'order_id', 'subject'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .execute();
    const token = /\/o\/([A-Za-z0-9_-]{43})/.exec(await deliveredText(t, mails.at(-1)!))![1]!;
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      headers: { 'user-agent': 'Test/1.0' },
      payload: { version: sent.json<{ version: number }>().version, fullName: 'Marie Curie', agree: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    return { orderId, token };
  };

  const send = (event: Record<string, unknown>) => {
    const { payload, header } = stripe.sign(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
      payload,
    });
  };
  /** The customer presses Pay; the session, not yet paid. */
  const checkout = async (token: string) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/o/${token}/pay` });
    expect(res.statusCode, res.body).toBe(200);
    return stripe.sessions.get(/\/pay\/([^/?]+)/.exec(res.json<{ url: string }>().url)![1]!)!;
  };
  const paidByCard = async (where: 'ON' | 'QC' = 'ON') => {
    const { orderId, token } = await approvedOrder(where);
    const session = await checkout(token);
    expect((await send(stripe.complete(session.id))).statusCode).toBe(200);
    const [payment] = await paymentsOf(orderId);
    return { orderId, session, payment: payment! };
  };
  const paymentsOf = (orderId: string) =>
    t.app.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('recorded_at').execute();
  const cardView = async (orderId: string) => (await staff('GET', `/api/orders/${orderId}/card-payments`)).json();
  const today = () => todayOf({ timeZone: 'America/Toronto' });

  it('a fee Stripe has not settled when the webhook comes is read again by the fee pass until known', async () => {
    const { orderId, token } = await approvedOrder();
    const session = await checkout(token);
    stripe.holdFee(session.id);
    expect((await send(stripe.complete(session.id))).statusCode).toBe(200);
    expect((await cardView(orderId)).entries[0]).toMatchObject({ feeCents: null, netCents: null });
    const day = (await paymentsOf(orderId))[0]!.received_on;
    const journal = async () =>
      (await staff('GET', `/api/reports/journal?from=${day}&to=${day}`, undefined, owner)).json<SalesJournal>();
    expect((await journal()).fees.unknown).toBeGreaterThanOrEqual(1);
    const deps = {
      db: t.app.db,
      provider: stripeProvider({ secretKey: TEST_SECRET_KEY, webhookSecret: TEST_WEBHOOK_SECRET, apiUrl: stripe.url }),
    };
    // Still not settled: asked again, nothing kept.
    expect(await settleFees(deps)).toEqual({ settled: 0, pending: 1 });
    const tries = () =>
      t.app.db
        .selectFrom('card_payments')
        .innerJoin('payments', 'payments.id', 'card_payments.payment_id')
        .select(['fee_tries', 'balance_tx'])
        .where('payments.order_id', '=', orderId)
        .executeTakeFirstOrThrow();
    expect(await tries()).toEqual({ fee_tries: 2, balance_tx: null });
    stripe.settleFee(session.id);
    expect(await settleFees(deps)).toEqual({ settled: 1, pending: 0 });
    expect((await cardView(orderId)).entries[0]).toMatchObject({
      feeCents: standInFee(33900),
      netCents: 33900 - standInFee(33900),
    });
    expect((await tries()).balance_tx).toBe(`txn_${session.payment_intent!.slice(3)}`);
    expect(await settleFees(deps)).toEqual({ settled: 0, pending: 0 });
    expect((await journal()).fees.unknown).toBe(0);
  });

  it('the journal carries each card fee as an expense line beside the sales, to the cent, in JSON and CSV', async () => {
    const a = await paidByCard();
    const b = await paidByCard('QC');
    const day = a.payment.received_on;
    const journal = (
      await staff('GET', `/api/reports/journal?from=${day}&to=${day}`, undefined, owner)
    ).json<SalesJournal>();
    const rowOf = (receipt: string) => journal.fees.rows.find((r) => r.receiptNumber === receipt);
    expect(rowOf(a.payment.receipt_number)).toMatchObject({
      method: 'card_stripe',
      reference: a.session.payment_intent,
      amountCents: 33900,
      feeCents: standInFee(33900),
    });
    expect(rowOf(b.payment.receipt_number)).toMatchObject({ amountCents: 34493, feeCents: standInFee(34493) });
    expect(journal.fees.totalCents).toBe(journal.fees.rows.reduce((s, r) => s + r.feeCents, 0));
    // The sales stay the sales: no fee is taken off a document's total.
    expect(journal.totals.totalCents).toBe(journal.rows.reduce((s, r) => s + r.totalCents, 0));
    // The payments report and the journal agree on the period's fees.
    const report = (await staff('GET', `/api/reports/payments?from=${day}&to=${day}`, undefined, owner)).json<{
      feesCents: number;
    }>();
    expect(report.feesCents).toBe(journal.fees.totalCents);

    const csv = (await staff('GET', `/api/reports/journal?from=${day}&to=${day}&format=csv`, undefined, owner)).body
      .trim()
      .split('\n')
      .map((l) => l.split(','));
    const header = csv.findIndex((r) => r.includes('"Fee expense (CAD)"'));
    expect(header).toBeGreaterThan(0);
    const feeLines = csv.slice(header + 1).filter((r) => r[2] === '"Card fee"');
    expect(feeLines).toHaveLength(journal.fees.rows.length);
    const line = feeLines.find((r) => r[1] === `"${a.payment.receipt_number}"`)!;
    expect(cents(line[7]!)).toBe(standInFee(33900));
    const total = csv.find((r) => r[0] === '"Total card fees"')!;
    expect(cents(total[7]!)).toBe(feeLines.reduce((s, r) => s + cents(r[7]!), 0));
    expect(cents(total[7]!)).toBe(journal.fees.totalCents);
  });

  it('the payout report reads Stripe’s payouts: gross, fees and net of each deposit, matched to the ledger to the cent', async () => {
    // Whatever earlier tests left unpaid-out goes in a payout of long ago, outside the period.
    stripe.payout('2020-01-02');
    const a = await paidByCard();
    const b = await paidByCard();
    const refunded = await staff(
      'POST',
      `/api/orders/${b.orderId}/card-payments/${b.payment.id}/refund`,
      { amount: '20.00', reason: 'Two shirts short' },
      owner,
    );
    expect(refunded.statusCode, refunded.body).toBe(201);
    const refundReceipt = (await paymentsOf(b.orderId)).at(-1)!.receipt_number;
    const arrival = '2031-03-04';
    stripe.payout(arrival);
    const res = await staff('GET', `/api/reports/payouts?from=2031-03-01&to=2031-03-31`, undefined, owner);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<PayoutReport>();
    expect(report.rows).toHaveLength(1);
    const fees = 2 * standInFee(33900);
    expect(report.rows[0]).toMatchObject({
      arrivalDate: arrival,
      status: 'paid',
      grossCents: 33900 + 33900 - 2000,
      feesCents: fees,
      netCents: 33900 + 33900 - 2000 - fees,
      ledgerCents: 33900 + 33900 - 2000,
      unmatched: 0,
    });
    expect([...report.rows[0]!.receipts].sort()).toEqual(
      [a.payment.receipt_number, b.payment.receipt_number, refundReceipt].sort(),
    );
    expect(report.totals).toEqual({
      grossCents: report.rows[0]!.grossCents,
      feesCents: fees,
      netCents: report.rows[0]!.netCents,
    });
    // Another month: no deposit.
    const april = (await staff('GET', `/api/reports/payouts?from=2031-04-01&to=2031-04-30`, undefined, owner)).json();
    expect(april.rows).toEqual([]);
    const csv = (await staff('GET', `/api/reports/payouts?from=2031-03-01&to=2031-03-31&format=csv`)).body
      .trim()
      .split('\n');
    expect(csv[0]).toBe(
      '"Arrival date","Payout","Status","Gross (CAD)","Fees (CAD)","Net (CAD)","In the ledger (CAD)","Receipts","Not in the ledger"',
    );
    const row = csv[1]!.split(',');
    expect([row[0], ...row.slice(3, 6).map(cents)]).toEqual([`"${arrival}"`, 65800, fees, 65800 - fees]);
    expect((await staff('GET', `/api/reports/payouts?from=2031-03-31&to=2031-03-01`)).statusCode).toBe(422);
    // A quarter at most (92 days), said in both languages.
    expect((await staff('GET', `/api/reports/payouts?from=2031-01-01&to=2031-04-02`)).statusCode).toBe(200);
    const long = await staff('GET', `/api/reports/payouts?from=2031-01-01&to=2031-04-03`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({
      code: 'period_too_long',
      message: expect.stringContaining('92 days at most'),
      message_fr: expect.stringContaining('au plus 92\u00a0jours'),
    });
  });

  it('a refund made in Stripe’s Dashboard is recorded once, with its credit note, by Stripe', async () => {
    const { orderId, session } = await paidByCard();
    const event = stripe.refundInDashboard(session.payment_intent!, 2000);
    expect((await send(event)).statusCode).toBe(200);
    expect((await send(event)).statusCode).toBe(200);
    expect((await send(stripe.chargeRefunded(session.payment_intent!))).statusCode).toBe(200);
    const rows = await paymentsOf(orderId);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      method: 'card_stripe',
      reference: (event.data as { object: { id: string } }).object.id,
      reason: 'Refunded in the Stripe Dashboard',
      recorded_by: 'stripe',
      received_on: today(),
    });
    expect(Number(rows[1]!.amount_cents)).toBe(-2000);
    const account = (await staff('GET', `/api/orders/${orderId}/account`)).json();
    const notes = account.invoices.filter((i: { kind: string }) => i.kind === 'credit_note');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ totalCents: 2000, reason: 'Refunded in the Stripe Dashboard' });
    // The refund never bills the customer again.
    expect(account.account).toMatchObject({ paidCents: 31900, balanceCents: 33900 });
    expect((await cardView(orderId)).entries[0].refundableCents).toBe(31900);
  });

  it('a Dashboard refund no credit note matches to the cent is kept for a clerk with its amount, until recorded by hand', async () => {
    const { orderId, session } = await paidByCard('QC');
    const event = stripe.refundInDashboard(session.payment_intent!, 2000);
    const refundId = (event.data as { object: { id: string } }).object.id;
    expect((await send(event)).statusCode).toBe(200);
    // Stripe sends charge.refunded beside refund.created, listing every refund: still kept for a clerk.
    expect((await send(stripe.chargeRefunded(session.payment_intent!))).statusCode).toBe(200);
    expect(await paymentsOf(orderId)).toHaveLength(1);
    let card = await cardView(orderId);
    expect(card.refunds).toEqual([
      expect.objectContaining({ refundRef: refundId, amountCents: 2000, status: 'unrecorded', requestedBy: 'stripe' }),
    ]);
    // The money has left Stripe: no more than the rest may be refunded from the inbox.
    expect(card.entries[0].refundableCents).toBe(34493 - 2000);
    // The customer pays the rest by e-Transfer; the clerk chooses what to credit ($17.40 and its GST
    // and QST: $20.01, the nearest above), then records the refund by hand, its re_… as the
    // reference: a refund gives back only what the customer is owed back (docs/accounts.md, "Refunds").
    const rest = await staff(
      'POST',
      `/api/orders/${orderId}/payments`,
      { amount: '344.92', method: 'etransfer', reference: 'ET-REST', receivedOn: today() },
      owner,
    );
    expect(rest.statusCode, rest.body).toBe(201);
    const invoiceNumber = (await staff('GET', `/api/orders/${orderId}/account`)).json().invoices[0].number as string;
    const note = await staff(
      'POST',
      `/api/orders/${orderId}/credit-notes`,
      { invoiceNumber, amount: '17.40', reason: 'Refunded in Stripe' },
      owner,
    );
    expect(note.statusCode, note.body).toBe(201);
    const byHand = await staff(
      'POST',
      `/api/orders/${orderId}/payments`,
      {
        amount: '-20.00',
        method: 'card_stripe',
        reference: refundId,
        reason: 'Refunded in Stripe',
        receivedOn: today(),
      },
      owner,
    );
    expect(byHand.statusCode, byHand.body).toBe(201);
    card = await cardView(orderId);
    expect(card.refunds[0]).toMatchObject({ refundRef: refundId, status: 'succeeded' });
    expect(card.entries[0].refundableCents).toBe(34493 - 2000);
    // Stripe's events for it come again: the clerk's row stays the only one.
    expect((await send(stripe.chargeRefunded(session.payment_intent!))).statusCode).toBe(200);
    expect(await paymentsOf(orderId)).toHaveLength(3);
  });

  it('a payment recorded before balance transactions were kept gets its own from the fee pass, for the payout report', async () => {
    const { session, payment } = await paidByCard();
    // As a payment recorded before migration 069: its fee known, its balance transaction not.
    await t.app.db
      .updateTable('card_payments')
      .set({ balance_tx: null })
      .where('payment_id', '=', payment.id)
      .execute();
    const deps = {
      db: t.app.db,
      provider: stripeProvider({ secretKey: TEST_SECRET_KEY, webhookSecret: TEST_WEBHOOK_SECRET, apiUrl: stripe.url }),
    };
    expect(await settleFees(deps)).toEqual({ settled: 1, pending: 0 });
    const row = await t.app.db
      .selectFrom('card_payments')
      .select(['balance_tx', 'fee_cents'])
      .where('payment_id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ balance_tx: `txn_${session.payment_intent!.slice(3)}`, fee_cents: standInFee(33900) });
    expect(await settleFees(deps)).toEqual({ settled: 0, pending: 0 });
  });

  it('the shop’s own refund whose event comes before Stripe’s answer is not recorded as a Dashboard refund', async () => {
    const { orderId, session } = await paidByCard();
    const provider = stripeProvider({
      secretKey: TEST_SECRET_KEY,
      webhookSecret: TEST_WEBHOOK_SECRET,
      apiUrl: stripe.url,
    });
    // The refund the inbox asks for, Stripe's answer not yet saved when its events arrive.
    const asked = await provider.refund(session.payment_intent!, 2000, `test-${orderId}`);
    expect(asked.status).toBe('succeeded');
    const id = (asked as { id: string }).id;
    expect(stripe.refunds.find((r) => r.id === id)!.metadata).toEqual({ origin: 'inbox' });
    expect((await send(stripe.settleRefund(id, 'succeeded'))).statusCode).toBe(200);
    expect((await send(stripe.chargeRefunded(session.payment_intent!))).statusCode).toBe(200);
    expect(await paymentsOf(orderId)).toHaveLength(1);
    expect((await cardView(orderId)).refunds).toEqual([]);
  });

  it('a closed month’s payments keep their journal: the fee pass skips them; a Dashboard refund dated there waits for a clerk', async () => {
    const { orderId, token } = await approvedOrder();
    const session = await checkout(token);
    stripe.holdFee(session.id);
    expect((await send(stripe.complete(session.id))).statusCode).toBe(200);
    // Received this month, which the owner closes once it has ended (the clock set to next month).
    const month = (await paymentsOf(orderId))[0]!.received_on.slice(0, 7);
    const later = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 5));
    const books = { timeZone: 'America/Toronto', fiscalYearEnd: '12-31' };
    const closed = await closePeriod(t.app.db, books, { month, reason: 'Filed' }, 'owner@shop.ca', later);
    expect(closed.closedThrough! >= today()).toBe(true);
    stripe.settleFee(session.id);
    const deps = {
      db: t.app.db,
      provider: stripeProvider({ secretKey: TEST_SECRET_KEY, webhookSecret: TEST_WEBHOOK_SECRET, apiUrl: stripe.url }),
    };
    expect(await settleFees(deps)).toEqual({ settled: 0, pending: 1 });
    expect((await cardView(orderId)).entries[0]).toMatchObject({ feeCents: null, netCents: null });

    // A Dashboard refund whose event is dated in the closed month.
    const event = stripe.refundInDashboard(session.payment_intent!, 2000);
    const refundId = (event.data as { object: { id: string } }).object.id;
    const res = await send(event);
    expect(res.statusCode, res.body).toBe(200);
    expect(await paymentsOf(orderId)).toHaveLength(1);
    expect((await cardView(orderId)).refunds).toEqual([
      expect.objectContaining({ refundRef: refundId, amountCents: 2000, status: 'unrecorded' }),
    ]);
  });
});
