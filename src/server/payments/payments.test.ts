// Card payments online through the routes, on SQLite and PostgreSQL, against a local Stripe
// stand-in (tests/support/stripe-stand-in.ts) that the official SDK reaches through
// STRIPE_API_URL; events are signed by the SDK's own test helper. Pay makes one checkout per
// order for exactly what is due now; the webhook records one payment however often its event
// comes, refuses forged, tampered and stale ones, flags an unexpected amount; refunds go
// through Stripe and are recorded once it confirms; the fee is kept beside the payment.
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
import { todayOf } from '../invoices/index.js';

const LINES = [{ description: 'Gildan 5000, Black, printed', quantity: 50, unitPriceCents: 1200, taxable: true }];
const WEBHOOK = '/api/payments/stripe/webhook';

describe.each(backends())('paying online by card on %s', (backend) => {
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
        ORDER_LINK_RATE_LIMIT: '100000',
        STRIPE_SECRET_KEY: TEST_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
      },
      staff: { owner: { email: 'owner@shop.ca', role: 'owner' }, clerk: { email: 'clerk@shop.ca', role: 'staff' } },
    }));
    const terms = (await staff('GET', '/api/terms')).json<Record<string, unknown>>();
    expect(terms.cardPayments).toBe('off');
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

  const mailsOf = (orderId: string) =>
    t.app.db
      .selectFrom('mail_queue')
      .select(['id', 'order_id', 'subject'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .execute();

  /** An approved Ontario order ($678.00 with HST, deposit 50 %: $339.00), its link's token. */
  const approvedOrder = async (language: 'en' | 'fr' = 'en') => {
    const order = sampleOrder();
    const first = order.layouts['1'];
    first.variations = [{ type: 'Gildan 5000', color: 'Black', sizes: 'S:10, M:20, L:20', supplyingGoods: 'no' }];
    first.billing = { ...first.billing, city: 'Toronto', province: 'ON', postalCode: 'M5V 2T6' };
    first.shipping = { sameAsBilling: true, localPickup: false };
    const { orderId } = await submitMultipart(t.app, { ...order, includePolyBags: false, language }, [], {
      'x-form-token': pageToken(t),
    });
    const sent = await staff('POST', `/api/orders/${orderId}/quote/send`, { lines: LINES, confirmNoProofs: true });
    expect(sent.statusCode, sent.body).toBe(201);
    const quoteMail = (await mailsOf(orderId)).at(-1)!;
    const token = /\/o\/([A-Za-z0-9_-]{43})/.exec(await deliveredText(t, quoteMail))![1]!;
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      headers: { 'user-agent': 'Test/1.0' },
      payload: { version: sent.json<{ version: number }>().version, fullName: 'Marie Curie', agree: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    return { orderId, token };
  };

  const view = async (token: string) => (await t.app.inject({ method: 'GET', url: `/api/o/${token}` })).json();
  const pay = (token: string) => t.app.inject({ method: 'POST', url: `/api/o/${token}/pay` });
  const sessionOf = (url: string) => stripe.sessions.get(/\/pay\/([^/?]+)/.exec(url)![1]!)!;
  const webhook = (payload: string, header: string) =>
    t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
      payload,
    });
  const send = (event: Record<string, unknown>, options?: { timestamp?: number; secret?: string }) => {
    const { payload, header } = stripe.sign(event, options);
    return webhook(payload, header);
  };
  const paymentsOf = (orderId: string) =>
    t.app.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('recorded_at').execute();

  it('Pay makes one checkout for the deposit, in the customer’s language, and the event records it once', async () => {
    const { orderId, token } = await approvedOrder('fr');
    const before = await view(token);
    expect(before.account.account.dueNowCents).toBe(33900);
    expect(before.account.payOnline).toEqual({ amountCents: 33900 });
    // The invoice mail links to the order's page at its Pay button, never to a card form.
    const invoiceMail = (await mailsOf(orderId)).find((m) => m.subject.startsWith('Facture'))!;
    const invoiceText = await deliveredText(t, invoiceMail);
    const pageLink = /\/o\/([A-Za-z0-9_-]{43})\n/.exec(invoiceText)![1]!;
    expect(invoiceText).toContain(`Payer\u00a0: Carte (Stripe)`);
    expect(invoiceText).toContain(`/o/${pageLink}?pay=1#pay`);

    const calls = stripe.calls.length;
    const first = await pay(token);
    expect(first.statusCode, first.body).toBe(200);
    const { url } = first.json<{ url: string }>();
    const session = sessionOf(url);
    expect(session).toMatchObject({
      mode: 'payment',
      currency: 'cad',
      locale: 'fr-CA',
      amount_total: 33900,
      metadata: { order_id: orderId, reference: before.reference, invoice_number: before.account.invoices[0].number },
      success_url: `${t.config.publicUrl}/o/${token}?checkout={CHECKOUT_SESSION_ID}`,
      cancel_url: `${t.config.publicUrl}/o/${token}`,
    });
    expect(session.description).toContain(before.reference);
    // A second Pay while the checkout is open: the same page, no new checkout.
    const again = await pay(token);
    expect(again.json<{ url: string }>().url).toBe(url);
    expect(stripe.calls.slice(calls).filter((c) => c.path === '/v1/checkout/sessions')).toHaveLength(1);

    const state = () =>
      t.app.inject({ method: 'GET', url: `/api/o/${token}/checkout/${session.id}` }).then((r) => r.json().state);
    expect(await state()).toBe('processing');

    const event = stripe.complete(session.id);
    // Five deliveries of one event, then a second event for the same PaymentIntent: one payment.
    for (let i = 0; i < 5; i++) expect((await send(event)).statusCode).toBe(200);
    const second = { ...event, id: `${event.id as string}_async`, type: 'checkout.session.async_payment_succeeded' };
    expect((await send(second)).statusCode).toBe(200);
    const payments = await paymentsOf(orderId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      method: 'card_stripe',
      reference: session.payment_intent,
      received_on: todayOf({ timeZone: 'America/Toronto' }, new Date((event.created as number) * 1000)),
      recorded_by: 'stripe',
    });
    expect(Number(payments[0]!.amount_cents)).toBe(33900);
    expect(await state()).toBe('received');
    const after = await view(token);
    expect(after.account.account.state).toBe('deposit_paid');
    expect(after.account.payOnline).toBeNull();
    // The receipt mail, as for any payment; the inbox's account agrees.
    const receipt = (await mailsOf(orderId)).at(-1)!;
    expect(await deliveredText(t, receipt)).toContain(payments[0]!.receipt_number);
    const account = (await staff('GET', `/api/orders/${orderId}/account`)).json();
    expect(account.account.paidCents).toBe(33900);
    expect(account.payments[0].method).toBe('card_stripe');
    // The fee read from the balance transaction, kept beside the payment.
    const card = (await staff('GET', `/api/orders/${orderId}/card-payments`)).json();
    expect(card.entries[0]).toMatchObject({
      feeCents: standInFee(33900),
      netCents: 33900 - standInFee(33900),
      flag: '',
    });
  });

  it('refuses a tampered body, a wrong signature, a stale event and a checkout it never made: nothing recorded, 400', async () => {
    const { orderId, token } = await approvedOrder();
    const session = sessionOf((await pay(token)).json<{ url: string }>().url);
    const event = stripe.complete(session.id);
    const { payload, header } = stripe.sign(event);
    const tampered = payload.replace('"amount_total":33900', '"amount_total":100');
    expect(tampered).not.toBe(payload);
    expect((await webhook(tampered, header)).statusCode).toBe(400);
    expect((await send(event, { secret: 'whsec_someoneelse000000000000' })).statusCode).toBe(400);
    expect((await webhook(payload, '')).statusCode).toBe(400);
    // Older than the SDK's tolerance (300 s): a replay.
    expect((await send(event, { timestamp: Math.floor(Date.now() / 1000) - 600 })).statusCode).toBe(400);
    // A checkout of no order of this shop (made elsewhere), and one whose metadata names another order.
    const foreign = { ...event, id: 'evt_foreign', data: { object: { ...session, id: 'cs_test_elsewhere' } } };
    expect((await send(foreign)).statusCode).toBe(400);
    const other = await approvedOrder();
    const swapped = {
      ...event,
      id: 'evt_swapped',
      data: { object: { ...session, metadata: { ...session.metadata, order_id: other.orderId } } },
    };
    expect((await send(swapped)).statusCode).toBe(400);
    expect(await paymentsOf(orderId)).toHaveLength(0);
    expect(await paymentsOf(other.orderId)).toHaveLength(0);
    // The genuine event still records it.
    expect((await webhook(payload, header)).statusCode).toBe(200);
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  it('records an amount other than the checkout’s as received, flagged for a clerk', async () => {
    const { orderId, token } = await approvedOrder();
    const session = sessionOf((await pay(token)).json<{ url: string }>().url);
    expect((await send(stripe.complete(session.id, { amount_total: 30000 }))).statusCode).toBe(200);
    const [payment] = await paymentsOf(orderId);
    expect(Number(payment!.amount_cents)).toBe(30000);
    const card = (await staff('GET', `/api/orders/${orderId}/card-payments`)).json();
    expect(card.entries[0].flag).toBe(
      'Received 300.00 CAD; the checkout asked 339.00 CAD. Check the payment in stripe before relying on it.',
    );
    expect((await view(token)).account.account.dueNowCents).toBe(3900);
  });

  it('a new amount due replaces the open checkout: the old one is expired at Stripe', async () => {
    const { orderId, token } = await approvedOrder();
    const first = sessionOf((await pay(token)).json<{ url: string }>().url);
    const paid = await staff('POST', `/api/orders/${orderId}/payments`, {
      amount: '100.00',
      method: 'etransfer',
      receivedOn: todayOf({ timeZone: 'America/Toronto' }),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const second = sessionOf((await pay(token)).json<{ url: string }>().url);
    expect(second.id).not.toBe(first.id);
    expect(second.amount_total).toBe(23900);
    expect(first.status).toBe('expired');
    expect(stripe.calls.some((c) => c.path === `/v1/checkout/sessions/${first.id}/expire`)).toBe(true);
    // The replaced checkout, paid anyway in another tab, is still money received: recorded (and the account shows it).
    const state = await t.app.inject({ method: 'GET', url: `/api/o/${token}/checkout/${first.id}` });
    expect(state.json().state).toBe('expired');
  });

  it('refunds a card payment through Stripe, recorded once Stripe confirms; a refusal says why', async () => {
    const { orderId, token } = await approvedOrder();
    const session = sessionOf((await pay(token)).json<{ url: string }>().url);
    expect((await send(stripe.complete(session.id))).statusCode).toBe(200);
    const [payment] = await paymentsOf(orderId);
    const refund = (amount: string, who = owner) =>
      staff(
        'POST',
        `/api/orders/${orderId}/card-payments/${payment!.id}/refund`,
        { amount, reason: 'Two shirts short' },
        who,
      );
    // A clerk the owner has not allowed to refund.
    expect((await refund('20.00', clerk)).statusCode).toBe(403);
    stripe.refuseNextRefund('This charge is disputed and cannot be refunded.');
    const refused = await refund('20.00');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'Stripe refused the refund: This charge is disputed and cannot be refunded.',
    );
    expect(refused.json().error.message_fr).toContain('Stripe a refusé le remboursement');
    expect(await paymentsOf(orderId)).toHaveLength(1);

    const done = await refund('20.00');
    expect(done.statusCode, done.body).toBe(201);
    expect(stripe.refunds).toContainEqual(
      expect.objectContaining({ payment_intent: session.payment_intent, amount: 2000 }),
    );
    const rows = await paymentsOf(orderId);
    expect(rows).toHaveLength(2);
    expect(Number(rows[1]!.amount_cents)).toBe(-2000);
    expect(rows[1]!.reference).toMatch(/^re_/);
    expect(rows[1]!.reason).toBe('Two shirts short');
    const card = (await staff('GET', `/api/orders/${orderId}/card-payments`)).json();
    expect(card.entries[0].refundableCents).toBe(31900);
    // Beyond what is left of the payment: refused before Stripe is asked.
    const calls = stripe.calls.length;
    expect((await refund('319.01')).statusCode).toBe(422);
    expect(stripe.calls.length).toBe(calls);
  });

  it('offers nothing online when the owner has not turned it on for the balance', async () => {
    const terms = (await staff('GET', '/api/terms')).json<Record<string, unknown>>();
    await staff('PUT', '/api/terms', { ...terms, cardPayments: 'balances' }, owner);
    try {
      const { token } = await approvedOrder();
      expect((await view(token)).account.payOnline).toBeNull();
      const refused = await pay(token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('nothing_to_pay_online');
    } finally {
      await staff('PUT', '/api/terms', { ...terms, cardPayments: 'both' }, owner);
    }
  });
});
