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
  signInRequestsTaken,
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
import { pdfText } from '../../../tests/support/pdf.js';
import { todayOf } from '../invoices/index.js';
import type { PaymentsReport, PayoutReport, SalesJournal } from '../../shared/invoices/invoice-api.js';
import { sendDepositReminders } from '../invoices/reminders.js';

const LINES = [{ description: 'Gildan 5000, Black, printed', quantity: 50, unitPriceCents: 1200, taxable: true }];
const WEBHOOK = '/api/payments/stripe/webhook';

/** RFC 4180 as an importer reads it: quoted cells ("" inside), commas, one record a line. */
function readCsv(text: string): string[][] {
  return text
    .trimEnd()
    .split('\n')
    .map((line) => {
      const cells: string[] = [];
      let i = 0;
      while (i <= line.length) {
        if (line[i] === '"') {
          let value = '';
          i++;
          while (!(line[i] === '"' && line[i + 1] !== '"')) {
            value += line[i] === '"' ? (i++, '"') : line[i];
            i++;
          }
          cells.push(value);
          i += 2;
        } else {
          const end = line.indexOf(',', i);
          const stop = end === -1 ? line.length : end;
          cells.push(line.slice(i, stop));
          i = stop + 1;
        }
      }
      return cells;
    });
}
/** The records after `header` (the first row whose first cell is `first`), keyed by it. */
function section(table: string[][], first: string): Record<string, string>[] {
  const at = table.findIndex((r) => r[0] === first);
  expect(at, first).toBeGreaterThanOrEqual(0);
  const header = table[at]!;
  const rows: Record<string, string>[] = [];
  for (const r of table.slice(at + 1)) {
    if (r.length <= 1) break;
    rows.push(Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
  }
  return rows;
}
const centsOf = (decimal: string) => {
  expect(decimal).toMatch(/^-?\d+\.\d{2}$/);
  return Math.round(Number(decimal) * 100);
};

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
        QST_NUMBER: '1227494057 TQ0001',
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

  const staff = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, who = clerk) =>
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
  const approvedOrder = async (language: 'en' | 'fr' = 'en', where: 'ON' | 'QC' = 'ON') => {
    const order = sampleOrder();
    const first = order.layouts['1'];
    first.variations = [{ type: 'Gildan 5000', color: 'Black', sizes: 'S:10, M:20, L:20', supplyingGoods: 'no' }];
    first.billing =
      where === 'QC'
        ? { ...first.billing, city: 'Montréal', province: 'QC', postalCode: 'H2X 1Y4' }
        : { ...first.billing, city: 'Toronto', province: 'ON', postalCode: 'M5V 2T6' };
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
    expect(before.account.payOnline).toEqual({
      amountCents: 33900,
      surchargeCents: 0,
      totalCents: 33900,
      basisPoints: 0,
    });
    // The invoice mail links to the order's page at its Pay button, never to a card form.
    const invoiceMail = (await mailsOf(orderId)).find((m) => m.subject.startsWith('Facture'))!;
    // A no-break space before the subject's colon, as in every French line (and the receipt's subject).
    expect(invoiceMail.subject).toMatch(
      /^Facture \d{4}-\d{4} de la commande [0-9A-Z]{4}-[0-9A-Z]{4}\u00a0: acompte dû 339,00\u00a0\$$/,
    );
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
      flag: null,
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
    // Figures, not a sentence: the inbox says it in the clerk's language (card-flag.ts).
    expect(card.entries[0].flag).toEqual({
      receivedCents: 30000,
      receivedCurrency: 'CAD',
      expectedCents: 33900,
      expectedCurrency: 'CAD',
      provider: 'stripe',
    });
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
    // The credit note the books ask for, issued with it: the refund never bills the customer again.
    const account = (await staff('GET', `/api/orders/${orderId}/account`)).json();
    const notes = account.invoices.filter((i: { kind: string }) => i.kind === 'credit_note');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ totalCents: 2000, reason: 'Two shirts short' });
    expect(account.account).toMatchObject({ paidCents: 31900, invoicedCents: 65800, balanceCents: 33900 });
    const mails = (await mailsOf(orderId)).slice(-2).map((m) => m.subject);
    expect(mails).toEqual(
      expect.arrayContaining([
        expect.stringContaining(notes[0].number),
        expect.stringContaining(rows[1]!.receipt_number),
      ]),
    );
    // Beyond what is left of the payment: refused before Stripe is asked.
    const calls = stripe.calls.length;
    expect((await refund('319.01')).statusCode).toBe(422);
    expect(stripe.calls.length).toBe(calls);
  });

  it('a refund Stripe answers pending is recorded once by its webhook, whatever else says so; a failed one says why', async () => {
    const { orderId, token } = await approvedOrder();
    const session = sessionOf((await pay(token)).json<{ url: string }>().url);
    expect((await send(stripe.complete(session.id))).statusCode).toBe(200);
    const [payment] = await paymentsOf(orderId);
    const refund = (amount: string, reason = 'Late delivery') =>
      staff('POST', `/api/orders/${orderId}/card-payments/${payment!.id}/refund`, { amount, reason }, owner);
    const cardView = async () => (await staff('GET', `/api/orders/${orderId}/card-payments`)).json();

    stripe.pendNextRefund();
    const pending = await refund('50.00');
    expect(pending.statusCode, pending.body).toBe(202);
    const refundId = pending.json<{ refundId: string }>().refundId;
    expect(await paymentsOf(orderId)).toHaveLength(1);
    let card = await cardView();
    expect(card.refunds).toEqual([
      expect.objectContaining({ refundRef: refundId, amountCents: 5000, status: 'pending' }),
    ]);
    // A pending refund counts as taken: no more than the rest may be asked.
    expect(card.entries[0].refundableCents).toBe(28900);
    expect((await refund('289.01')).statusCode).toBe(422);

    // Succeeded: refund.updated records it; charge.refunded and the same event again add nothing.
    const settled = stripe.settleRefund(refundId, 'succeeded');
    expect((await send(settled)).statusCode).toBe(200);
    expect((await send(settled)).statusCode).toBe(200);
    expect((await send(stripe.chargeRefunded(session.payment_intent!))).statusCode).toBe(200);
    const rows = await paymentsOf(orderId);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ reference: refundId, reason: 'Late delivery', recorded_by: 'owner@shop.ca' });
    expect(Number(rows[1]!.amount_cents)).toBe(-5000);
    card = await cardView();
    expect(card.refunds[0]).toMatchObject({ status: 'succeeded' });
    const account = (await staff('GET', `/api/orders/${orderId}/account`)).json();
    expect(account.invoices.filter((i: { kind: string }) => i.kind === 'credit_note')).toHaveLength(1);
    expect(account.account.balanceCents).toBe(33900);

    // The API answers succeeded and the webhook says so too: one refund.
    const now = await refund('10.00', 'Wrong colour');
    expect(now.statusCode, now.body).toBe(201);
    const immediate = stripe.refunds.at(-1)!;
    expect((await send(stripe.settleRefund(immediate.id, 'succeeded'))).statusCode).toBe(200);
    expect((await send(stripe.chargeRefunded(session.payment_intent!))).statusCode).toBe(200);
    expect(await paymentsOf(orderId)).toHaveLength(3);

    // A pending refund the bank refuses: nothing recorded, its reason kept, the amount refundable again.
    stripe.pendNextRefund();
    const failing = await refund('5.00', 'Goodwill');
    expect(failing.statusCode).toBe(202);
    const failed = stripe.settleRefund(failing.json<{ refundId: string }>().refundId, {
      failed: 'expired_or_canceled_card',
    });
    expect((await send(failed)).statusCode).toBe(200);
    expect(await paymentsOf(orderId)).toHaveLength(3);
    card = await cardView();
    expect(card.refunds.at(-1)).toMatchObject({ status: 'failed', failure: 'expired_or_canceled_card' });
    expect(card.entries[0].refundableCents).toBe(33900 - 5000 - 1000);
  });

  it('a refund of an overpayment credits nothing: only invoiced money given back calls for a credit note', async () => {
    const { orderId, token } = await approvedOrder();
    const session = sessionOf((await pay(token)).json<{ url: string }>().url);
    expect((await send(stripe.complete(session.id))).statusCode).toBe(200);
    // The balance: $339.00 left; an e-Transfer of $400.00 comes in: $61.00 overpaid.
    const paid = await staff('POST', `/api/orders/${orderId}/payments`, {
      amount: '400.00',
      method: 'etransfer',
      reference: `OVER-${orderId.slice(0, 8)}`,
      receivedOn: todayOf({ timeZone: 'America/Toronto' }),
      confirmOverpayment: true,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const card = (await staff('GET', `/api/orders/${orderId}/card-payments`)).json();
    const refunded = await staff(
      'POST',
      `/api/orders/${orderId}/card-payments/${card.entries[0].paymentId}/refund`,
      { amount: '61.00', reason: 'Paid too much' },
      owner,
    );
    expect(refunded.statusCode, refunded.body).toBe(201);
    const account = (await staff('GET', `/api/orders/${orderId}/account`)).json();
    expect(account.invoices.filter((i: { kind: string }) => i.kind === 'credit_note')).toHaveLength(0);
    expect(account.account).toMatchObject({ paidCents: 67800, balanceCents: 0 });
    // A second refund of the same payment, beyond the overpayment: credited.
    const more = await staff(
      'POST',
      `/api/orders/${orderId}/card-payments/${card.entries[0].paymentId}/refund`,
      { amount: '20.00', reason: 'Two shirts short' },
      owner,
    );
    expect(more.statusCode, more.body).toBe(201);
    const after = (await staff('GET', `/api/orders/${orderId}/account`)).json();
    expect(after.invoices.filter((i: { kind: string }) => i.kind === 'credit_note')).toHaveLength(1);
    expect(after.account).toMatchObject({ paidCents: 65800, invoicedCents: 65800, balanceCents: 0 });
  });

  it('refuses, before Stripe is asked, a refund no credit note can match to the cent (GST and QST), naming the amounts that can', async () => {
    const { orderId, token } = await approvedOrder('en', 'QC');
    const session = sessionOf((await pay(token)).json<{ url: string }>().url);
    expect(session.amount_total).toBe(34493);
    expect((await send(stripe.complete(session.id))).statusCode).toBe(200);
    const [payment] = await paymentsOf(orderId);
    const refund = (amount: string) =>
      staff(
        'POST',
        `/api/orders/${orderId}/card-payments/${payment!.id}/refund`,
        { amount, reason: 'Two shirts short' },
        owner,
      );
    const calls = stripe.calls.length;
    const refused = await refund('20.00');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'refund_not_exact', fields: ['amount'] });
    expect(refused.json().error.message).toContain('refund $19.99 or $20.01.');
    expect(refused.json().error.message_fr).toContain('remboursez 19,99\u00a0$ ou 20,01\u00a0$.');
    expect(stripe.calls.length).toBe(calls);
    const balance = (await staff('GET', `/api/orders/${orderId}/account`)).json().account.balanceCents;
    expect((await refund('19.99')).statusCode).toBe(201);
    const after = (await staff('GET', `/api/orders/${orderId}/account`)).json();
    expect(after.account.balanceCents).toBe(balance);
    expect(after.invoices.at(-1)).toMatchObject({ kind: 'credit_note', totalCents: 1999 });
  });

  it('the owner’s checklist mentions card payments while the keys are set and payments are off', async () => {
    const terms = (await staff('GET', '/api/terms')).json<Record<string, unknown>>();
    const cardStep = async () =>
      (await staff('GET', '/api/settings/checklist', undefined, owner))
        .json<{ steps: { step: string; done: boolean }[] }>()
        .steps.find((s) => s.step === 'cardPayments');
    await staff('PUT', '/api/terms', { ...terms, cardPayments: 'off' }, owner);
    try {
      expect(await cardStep()).toEqual({ step: 'cardPayments', done: false });
    } finally {
      await staff('PUT', '/api/terms', { ...terms, cardPayments: 'both' }, owner);
    }
    expect(await cardStep()).toEqual({ step: 'cardPayments', done: true });
  });

  it('Pay from My orders makes a checkout for the amount due now, of the signed-in customer’s own order only', async () => {
    const { orderId } = await approvedOrder();
    const email = 'pay-portal@example.com';
    await t.app.db.updateTable('orders').set({ customer_email: email }).where('id', '=', orderId).execute();
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/portal/sign-in',
      payload: { email, language: 'en' },
    });
    expect(asked.statusCode).toBe(202);
    await signInRequestsTaken(t.app);
    const link = (await mailsOf(orderId)).filter((m) => /see your orders/.test(m.subject)).at(-1)!;
    const signInToken = /\/my-orders#sign-in=([A-Za-z0-9_-]{43})/.exec(await deliveredText(t, link))![1]!;
    const opened = await t.app.inject({ method: 'POST', url: '/api/portal/session', payload: { token: signInToken } });
    expect(opened.statusCode, opened.body).toBe(200);
    const cookie = String(opened.headers['set-cookie']).split(';')[0]!;
    const portalPay = (id: string, as = cookie) =>
      t.app.inject({ method: 'POST', url: `/api/portal/orders/${id}/pay`, headers: { cookie: as } });

    // A payment by e-Transfer first: what is due now is the rest of the deposit, $239.00.
    const paid = await staff('POST', `/api/orders/${orderId}/payments`, {
      amount: '100.00',
      method: 'etransfer',
      reference: `PORTAL-${orderId.slice(0, 8)}`,
      receivedOn: todayOf({ timeZone: 'America/Toronto' }),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const calls = stripe.calls.length;
    const res = await portalPay(orderId);
    expect(res.statusCode, res.body).toBe(200);
    const session = sessionOf(res.json<{ url: string }>().url);
    expect(session).toMatchObject({ amount_total: 23900, currency: 'cad', metadata: { order_id: orderId } });
    expect(session.success_url).toMatch(
      new RegExp(`^${t.config.publicUrl}/o/[A-Za-z0-9_-]{43}\\?checkout=\\{CHECKOUT_SESSION_ID\\}$`),
    );
    expect(stripe.calls.slice(calls).filter((c) => c.path === '/v1/checkout/sessions')).toHaveLength(1);
    // Another customer's order, or no session: nothing is made.
    const other = await approvedOrder();
    expect((await portalPay(other.orderId)).statusCode).toBe(404);
    expect((await portalPay(orderId, 'portal_session=nobody')).statusCode).toBe(401);
    expect(stripe.calls.slice(calls).filter((c) => c.path === '/v1/checkout/sessions')).toHaveLength(1);
  });

  it('the payments report shows each card payment’s fee beside it, in JSON and CSV, and their sum to the cent', async () => {
    const { orderId, token } = await approvedOrder();
    const session = sessionOf((await pay(token)).json<{ url: string }>().url);
    expect((await send(stripe.complete(session.id))).statusCode).toBe(200);
    const [payment] = await paymentsOf(orderId);
    const day = payment!.received_on;
    const report = (await staff('GET', `/api/reports/payments?from=${day}&to=${day}`, undefined, owner)).json<{
      rows: { receiptNumber: string; method: string; feeCents: number | null }[];
      feesCents: number;
    }>();
    expect(report.rows.find((r) => r.receiptNumber === payment!.receipt_number)).toMatchObject({
      method: 'card_stripe',
      feeCents: standInFee(33900),
    });
    expect(report.rows.filter((r) => r.method !== 'card_stripe').every((r) => r.feeCents === null)).toBe(true);
    expect(report.feesCents).toBe(report.rows.reduce((sum, r) => sum + (r.feeCents ?? 0), 0));
    const csv = (await staff('GET', `/api/reports/payments?from=${day}&to=${day}&format=csv`, undefined, owner)).body;
    const rows = section(readCsv(csv), 'Received on');
    expect(rows.find((r) => r.Receipt === payment!.receipt_number)!['Card fee (CAD)']).toBe(
      (standInFee(33900) / 100).toFixed(2),
    );
    expect(rows.at(-1)!['Card fee (CAD)']).toBe((report.feesCents / 100).toFixed(2));
  });

  /** The owner's card surcharge for the length of `body`, off again after. */
  const withSurcharge = async (basisPoints: number, body: () => Promise<void>) => {
    const terms = (await staff('GET', '/api/terms')).json<Record<string, unknown>>();
    expect(terms.cardSurchargeBasisPoints).toBe(0);
    const saved = await staff('PUT', '/api/terms', { ...terms, cardSurchargeBasisPoints: basisPoints }, owner);
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      await body();
    } finally {
      await staff('PUT', '/api/terms', { ...terms, cardSurchargeBasisPoints: 0 }, owner);
    }
  };
  const receiptText = async (orderId: string, paymentId: string) => {
    const res = await staff('GET', `/api/orders/${orderId}/payments/${paymentId}/receipt`);
    expect(res.statusCode).toBe(200);
    return pdfText(res.rawPayload).replace(/\s+/g, ' ');
  };

  it('refuses a card surcharge above 2.4 % or finer than a hundredth of a percent, in both languages', async () => {
    const terms = (await staff('GET', '/api/terms')).json<Record<string, unknown>>();
    for (const basisPoints of [250, 240.5]) {
      const res = await staff('PUT', '/api/terms', { ...terms, cardSurchargeBasisPoints: basisPoints }, owner);
      expect(res.statusCode, String(basisPoints)).toBe(422);
      expect(res.json().error).toMatchObject({
        code: 'invalid_surcharge',
        fields: ['cardSurchargeBasisPoints'],
        message: 'A card surcharge is between 0% and 2.4% of the amount, in hundredths of a percent.',
        message_fr:
          'Des frais pour paiement par carte vont de 0\u00a0% à 2,4\u00a0% du montant, au centième de pour cent.',
      });
    }
    expect((await staff('GET', '/api/terms')).json().cardSurchargeBasisPoints).toBe(0);
    // Only an owner sets it.
    expect((await staff('PUT', '/api/terms', { ...terms, cardSurchargeBasisPoints: 100 })).statusCode).toBe(403);
  });

  it('a card surcharge is shown before Pay, charged as its own line, kept apart from the ledger and printed on the receipt', async () => {
    await withSurcharge(240, async () => {
      const { orderId, token } = await approvedOrder();
      // The order's page: the amount due, the surcharge (2.4 % of $339.00 = $8.136 → $8.14) and the total.
      const before = await view(token);
      expect(before.account.payOnline).toEqual({
        amountCents: 33900,
        surchargeCents: 814,
        totalCents: 34714,
        basisPoints: 240,
      });
      // The invoice mail says what its Pay link charges, as the button does: never the amount due alone.
      const invoiceMail = (await mailsOf(orderId)).find((m) => m.subject.startsWith('Invoice'))!;
      const invoiceText = await deliveredText(t, invoiceMail);
      expect(invoiceText).toContain(
        "Pay $347.14 by card online with the Pay button on your order's page: $339.00 and a card surcharge (2.4%) of $8.14, charged on card payments only.",
      );
      // Each way to pay is headed by its name, as the French mail does ("Payer : En boutique…").
      expect(invoiceText).toContain('Pay: Card (Stripe)\n');
      expect(invoiceText).toContain('Pay: In store (debit, credit card or cash)\n');
      expect(invoiceText).not.toContain('Pay by In store');
      const session = sessionOf((await pay(token)).json<{ url: string }>().url);
      expect(session.amount_total).toBe(34714);
      expect(session.line_items.data).toEqual([
        { description: expect.stringContaining(before.reference), quantity: 1, amount_total: 33900 },
        { description: 'Card surcharge (2.4%)', quantity: 1, amount_total: 814 },
      ]);
      expect((await send(stripe.complete(session.id))).statusCode).toBe(200);
      // The ledger settles the deposit exactly: no overpayment, no flag; the surcharge sits beside it.
      const [payment] = await paymentsOf(orderId);
      expect(Number(payment!.amount_cents)).toBe(33900);
      const after = (await view(token)).account;
      expect(after.account).toMatchObject({ state: 'deposit_paid', paidCents: 33900 });
      expect(after.account.balanceCents).toBe(before.account.account.balanceCents - 33900);
      const card = (await staff('GET', `/api/orders/${orderId}/card-payments`)).json();
      expect(card.entries[0]).toMatchObject({
        amountCents: 33900,
        surchargeCents: 814,
        flag: null,
        feeCents: standInFee(34714),
        refundableCents: 33900,
      });
      const text = await receiptText(orderId, payment!.id);
      expect(text).toMatch(/Amount \$339\.00/);
      expect(text).toMatch(/Card surcharge \$8\.14/);
      expect(text).toMatch(/Charged to the card \$347\.14/);
      // The receipt's mail says what the card was charged, as the receipt does.
      const receiptMail = (await mailsOf(orderId)).find((m) =>
        m.subject.startsWith(`Receipt ${payment!.receipt_number}`),
      )!;
      expect(await deliveredText(t, receiptMail)).toContain(
        'With the card surcharge of $8.14, $347.14 was charged to your card. Receipt',
      );
    });
  });

  it('the surcharge collected is its own amount in the payments report, the journal and the QuickBooks and Xero exports, to the cent', async () => {
    await withSurcharge(240, async () => {
      const { orderId, token } = await approvedOrder();
      const session = sessionOf((await pay(token)).json<{ url: string }>().url);
      expect((await send(stripe.complete(session.id))).statusCode).toBe(200);
      const [payment] = await paymentsOf(orderId);
      const receipt = payment!.receipt_number;
      const day = payment!.received_on;
      const period = `from=${day}&to=${day}`;
      const fee = standInFee(34714);

      // The payments report: the payment, its surcharge, what the card was charged; less the fee, Stripe's net.
      const report = (await staff('GET', `/api/reports/payments?${period}`, undefined, owner)).json<PaymentsReport>();
      const row = report.rows.find((r) => r.receiptNumber === receipt)!;
      expect(row).toMatchObject({ amountCents: 33900, surchargeCents: 814, chargedCents: 34714, feeCents: fee });
      const card = (await staff('GET', `/api/orders/${orderId}/card-payments`)).json();
      expect(row.chargedCents! - row.feeCents!).toBe(card.entries[0].netCents);
      expect(report.rows.filter((r) => r.method !== 'card_stripe').every((r) => r.surchargeCents === null)).toBe(true);
      expect(report.surchargesCents).toBe(report.rows.reduce((sum, r) => sum + (r.surchargeCents ?? 0), 0));
      expect(report.surchargesCents).toBeGreaterThanOrEqual(814);
      // The CSV: its columns as they were, then the surcharge and the charge.
      const table = readCsv((await staff('GET', `/api/reports/payments?${period}&format=csv`, undefined, owner)).body);
      expect(table[0]).toEqual([
        'Received on',
        'Receipt',
        'Order',
        'Method',
        'Reference',
        'Amount (CAD)',
        'Recorded by',
        'Card fee (CAD)',
        'Card surcharge (CAD)',
        'Charged to the card (CAD)',
      ]);
      const rows = section(table, 'Received on');
      const line = rows.find((r) => r.Receipt === receipt)!;
      expect(centsOf(line['Amount (CAD)']!)).toBe(33900);
      expect(centsOf(line['Card surcharge (CAD)']!)).toBe(814);
      expect(centsOf(line['Charged to the card (CAD)']!)).toBe(34714);
      const total = rows.at(-1)!;
      expect(total['Received on']).toBe('Total');
      expect(centsOf(total['Amount (CAD)']!)).toBe(report.totalCents);
      expect(centsOf(total['Card surcharge (CAD)']!)).toBe(report.surchargesCents);

      // The journal: an income line apart from the sales, payment + surcharge = charged, in JSON and CSV.
      const journal = (await staff('GET', `/api/reports/journal?${period}`, undefined, owner)).json<SalesJournal>();
      expect(journal.surcharges.rows.find((r) => r.receiptNumber === receipt)).toEqual({
        receivedOn: day,
        receiptNumber: receipt,
        orderReference: expect.any(String),
        method: 'card_stripe',
        reference: session.payment_intent,
        amountCents: 33900,
        surchargeCents: 814,
        chargedCents: 34714,
      });
      const sums = journal.surcharges.rows.reduce(
        (s, r) => ({ a: s.a + r.amountCents, s: s.s + r.surchargeCents, c: s.c + r.chargedCents }),
        { a: 0, s: 0, c: 0 },
      );
      expect(journal.surcharges).toMatchObject({ amountCents: sums.a, totalCents: sums.s, chargedCents: sums.c });
      expect(sums.a + sums.s).toBe(sums.c);
      const jcsv = readCsv((await staff('GET', `/api/reports/journal?${period}&format=csv`, undefined, owner)).body);
      const income = section(jcsv.slice(jcsv.findIndex((r) => r.includes('Surcharge income (CAD)'))), 'Date');
      const mine = income.find((r) => r.Receipt === receipt)!;
      expect(mine.Kind).toBe('Card surcharge');
      expect(centsOf(mine['Surcharge income (CAD)']!)).toBe(814);
      expect(centsOf(mine['Charged to the card (CAD)']!)).toBe(34714);
      const jtotal = income.at(-1)!;
      expect(jtotal.Date).toBe('Total card surcharges');
      expect(centsOf(jtotal['Surcharge income (CAD)']!)).toBe(journal.surcharges.totalCents);
      expect(centsOf(jtotal['Charged to the card (CAD)']!)).toBe(journal.surcharges.chargedCents);

      // QuickBooks: one balanced entry, the deposit debited what the card was charged.
      const qbo = readCsv((await staff('GET', `/api/reports/journal?${period}&format=quickbooks-payments`)).body);
      const entry = section(qbo, 'Journal No').filter((r) => r['Journal No'] === receipt);
      expect(entry.map((r) => [r['Account Name'], r.Debits, r.Credits])).toEqual([
        ['Undeposited Funds', '347.14', ''],
        ['Accounts Receivable (A/R)', '', '339.00'],
        ['Card Surcharge Income', '', '8.14'],
      ]);
      // Xero: the payment matches its invoice; the surcharge is a line of its own; together, the charge.
      const xero = section(
        readCsv((await staff('GET', `/api/reports/journal?${period}&format=xero-payments`)).body),
        '*Date',
      ).filter((r) => r.Description!.includes(receipt));
      expect(xero.map((r) => r['*Amount'])).toEqual(['339.00', '8.14']);
      const invoiceNumber = (await staff('GET', `/api/orders/${orderId}/account`)).json().invoices[0].number;
      expect(xero[0]!.Reference).toBe(invoiceNumber);
      expect(xero[1]).toMatchObject({
        Reference: receipt,
        Description: expect.stringMatching(/^Card surcharge: Payment /),
      });
    });
  });

  it('a refund gives back the surcharge pro rata, all of it once the whole payment is back, in the ledger’s books and Stripe’s payout to the cent', async () => {
    await withSurcharge(240, async () => {
      stripe.payout('2020-01-03');
      const { orderId, token } = await approvedOrder();
      const session = sessionOf((await pay(token)).json<{ url: string }>().url);
      expect((await send(stripe.complete(session.id))).statusCode).toBe(200);
      const [payment] = await paymentsOf(orderId);
      const refund = (amount: string) =>
        staff(
          'POST',
          `/api/orders/${orderId}/card-payments/${payment!.id}/refund`,
          { amount, reason: 'Two shirts short' },
          owner,
        );
      // $20.00 of the $339.00: 814 × 2000 / 33900 = 48.02 → $0.48 of the surcharge with it.
      const first = await refund('20.00');
      expect(first.statusCode, first.body).toBe(201);
      expect(stripe.refunds.at(-1)).toMatchObject({ payment_intent: session.payment_intent, amount: 2048 });
      let rows = await paymentsOf(orderId);
      expect(Number(rows[1]!.amount_cents)).toBe(-2000);
      const text = await receiptText(orderId, rows[1]!.id);
      expect(text).toMatch(/Card surcharge \$0\.48/);
      expect(text).toMatch(/Refunded to the card \$20\.48/);
      // The account is as after any refund: the surcharge never reaches it.
      const account = (await staff('GET', `/api/orders/${orderId}/account`)).json();
      expect(account.account.paidCents).toBe(31900);
      expect((await staff('GET', `/api/orders/${orderId}/card-payments`)).json().entries[0].refundableCents).toBe(
        31900,
      );
      // The rest: $319.00 and the $7.66 left of the surcharge; $8.14 given back in all.
      const rest = await refund('319.00');
      expect(rest.statusCode, rest.body).toBe(201);
      expect(stripe.refunds.at(-1)).toMatchObject({ amount: 31900 + 766 });
      rows = await paymentsOf(orderId);
      const day = rows[0]!.received_on;
      const report = (
        await staff('GET', `/api/reports/payments?from=${day}&to=${day}`, undefined, owner)
      ).json<PaymentsReport>();
      const mine = rows.map((r) => report.rows.find((x) => x.receiptNumber === r.receipt_number)!);
      expect(mine.map((r) => [r.amountCents, r.surchargeCents, r.chargedCents])).toEqual([
        [33900, 814, 34714],
        [-2000, -48, -2048],
        [-31900, -766, -32666],
      ]);
      const journal = (
        await staff('GET', `/api/reports/journal?from=${day}&to=${day}`, undefined, owner)
      ).json<SalesJournal>();
      const receipts = new Set(rows.map((r) => r.receipt_number));
      const lines = journal.surcharges.rows.filter((r) => receipts.has(r.receiptNumber));
      expect(lines.reduce((sum, r) => sum + r.surchargeCents, 0)).toBe(0);
      expect(lines.reduce((sum, r) => sum + r.chargedCents, 0)).toBe(0);
      // QuickBooks: the refund's entry the other way round, balanced, the deposit credited what went back.
      const qbo = section(
        readCsv((await staff('GET', `/api/reports/journal?from=${day}&to=${day}&format=quickbooks-payments`)).body),
        'Journal No',
      ).filter((r) => r['Journal No'] === rows[1]!.receipt_number);
      expect(qbo.map((r) => [r['Account Name'], r.Debits, r.Credits])).toEqual([
        ['Accounts Receivable (A/R)', '20.00', ''],
        ['Card Surcharge Income', '0.48', ''],
        ['Undeposited Funds', '', '20.48'],
      ]);
      // Stripe's payout: the payment and both refunds, the ledger and the surcharges matching its gross.
      stripe.payout('2031-05-06');
      const payouts = (
        await staff('GET', `/api/reports/payouts?from=2031-05-01&to=2031-05-31`, undefined, owner)
      ).json<PayoutReport>();
      expect(payouts.rows).toHaveLength(1);
      expect(payouts.rows[0]).toMatchObject({ grossCents: 0, ledgerCents: 0, unmatched: 0 });
    });
  });

  it('a refund of the whole charge in Stripe’s Dashboard gives back the payment and its surcharge, recorded apart', async () => {
    await withSurcharge(240, async () => {
      const { orderId, token } = await approvedOrder();
      const session = sessionOf((await pay(token)).json<{ url: string }>().url);
      expect((await send(stripe.complete(session.id))).statusCode).toBe(200);
      expect((await send(stripe.refundInDashboard(session.payment_intent!, 34714))).statusCode).toBe(200);
      const rows = await paymentsOf(orderId);
      expect(rows).toHaveLength(2);
      expect(Number(rows[1]!.amount_cents)).toBe(-33900);
      const card = await t.app.db
        .selectFrom('card_payments')
        .select(['kind', 'surcharge_cents'])
        .where('payment_id', '=', rows[1]!.id)
        .executeTakeFirstOrThrow();
      expect({ kind: card.kind, surcharge: Number(card.surcharge_cents) }).toEqual({ kind: 'refund', surcharge: -814 });
      const account = (await staff('GET', `/api/orders/${orderId}/account`)).json();
      expect(account.account.paidCents).toBe(0);
    });
  });

  it('the Ready mail, which asks the balance, offers the card first with its surcharge, as the invoice mail does', async () => {
    await withSurcharge(240, async () => {
      const { orderId, token } = await approvedOrder();
      const moved = await staff(
        'PATCH',
        `/api/orders/${orderId}/status`,
        {
          status: 'ready',
          override: { reason: 'Pays at pickup' },
        },
        owner,
      );
      expect(moved.statusCode, moved.body).toBe(200);
      // The whole $678.00 is due; 2.4 % of it is $16.272 → $16.27, so the button asks $694.27.
      expect((await view(token)).account.payOnline).toEqual({
        amountCents: 67800,
        surchargeCents: 1627,
        totalCents: 69427,
        basisPoints: 240,
      });
      const readyMail = (await mailsOf(orderId)).find((m) => m.subject.endsWith('is ready'))!;
      const text = await deliveredText(t, readyMail);
      expect(text).toContain('Balance due: $678.00.');
      expect(text).toContain(
        "Pay: Card (Stripe)\n  Pay $694.27 by card online with the Pay button on your order's page: $678.00 and a card surcharge (2.4%) of $16.27, charged on card payments only.\n",
      );
      expect(text).toMatch(/\/o\/[A-Za-z0-9_-]{43}\?pay=1#pay/);
    });
  });

  it('the deposit reminder offers the card first with its surcharge too', async () => {
    await withSurcharge(240, async () => {
      const { orderId } = await approvedOrder();
      const deps = {
        db: t.app.db,
        dialect: backend,
        seller: { legalName: 'M', address: '', gstHst: '', qst: '', email: '' },
        shop: { name: 'Shop', contact: 'c', shopEmail: 'orders@example.com', publicUrl: 'http://localhost' },
        books: { timeZone: 'America/Toronto', fiscalYearEnd: '12-31', shopProvince: 'ON' },
        cardPayments: true,
      } as const;
      await sendDepositReminders(deps, new Date(Date.now() + 8 * 24 * 60 * 60 * 1000));
      // Queued for eight days from now (the reminder's own clock): read as queued, not delivered.
      const reminder = await t.app.db
        .selectFrom('mail_queue')
        .select(['subject', 'text_body'])
        .where('order_id', '=', orderId)
        .where('subject', 'like', 'Reminder:%')
        .executeTakeFirstOrThrow();
      expect(reminder.subject).toContain('deposit of $339.00');
      expect(reminder.text_body).toContain(
        "Pay: Card (Stripe)\n  Pay $347.14 by card online with the Pay button on your order's page: $339.00 and a card surcharge (2.4%) of $8.14, charged on card payments only.\n  http://localhost/o/",
      );
    });
  });

  it('a French customer reads « Frais de carte » on Stripe’s line and the receipt; a Quebec billing address is never surcharged', async () => {
    await withSurcharge(240, async () => {
      const fr = await approvedOrder('fr');
      const invoiceMail = (await mailsOf(fr.orderId)).find((m) => m.subject.startsWith('Facture'))!;
      expect(await deliveredText(t, invoiceMail)).toContain(
        'Payez 347,14\u00a0$ par carte en ligne avec le bouton Payer de la page de votre commande\u00a0: 339,00\u00a0$ et des frais de carte (2,4\u00a0%) de 8,14\u00a0$, exigés sur les paiements par carte seulement.',
      );
      const session = sessionOf((await pay(fr.token)).json<{ url: string }>().url);
      expect(session.line_items.data[1]).toEqual({
        description: 'Frais de carte (2,4\u00a0%)',
        quantity: 1,
        amount_total: 814,
      });
      expect((await send(stripe.complete(session.id))).statusCode).toBe(200);
      const [payment] = await paymentsOf(fr.orderId);
      const text = await receiptText(fr.orderId, payment!.id);
      expect(text).toMatch(/Frais de carte 8,14\s\$/);
      expect(text).toMatch(/Débité sur la carte 347,14\s\$/);

      const quebec = await approvedOrder('en', 'QC');
      const charge = (await view(quebec.token)).account.payOnline;
      expect(charge.surchargeCents).toBe(0);
      expect(charge.totalCents).toBe(charge.amountCents);
      const qcSession = sessionOf((await pay(quebec.token)).json<{ url: string }>().url);
      expect(qcSession.line_items.data).toHaveLength(1);
      expect(qcSession.amount_total).toBe(charge.amountCents);
    });
  });

  it('a checkout opened before the surcharge changed is replaced: the customer pays what the page shows', async () => {
    const { token } = await approvedOrder();
    const first = sessionOf((await pay(token)).json<{ url: string }>().url);
    expect(first.amount_total).toBe(33900);
    await withSurcharge(150, async () => {
      const second = sessionOf((await pay(token)).json<{ url: string }>().url);
      expect(second.id).not.toBe(first.id);
      expect(second.amount_total).toBe(33900 + 509); // 1.5 % of $339.00 = $5.085 → $5.09
      expect(stripe.sessions.get(first.id)!.status).toBe('expired');
    });
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

describe.each(backends())('with no payment provider set up, a Quebec shop, on %s', (backend) => {
  let t: TestApp;
  let owner = '';

  beforeAll(async () => {
    ({
      t,
      staff: { owner },
    } = await startShopApp(backend, {
      env: { SHOP_PROVINCE: 'QC', GST_HST_NUMBER: '123456782 RT0001', QST_NUMBER: '1227494057 TQ0001' },
      staff: { owner: { email: 'owner@shop.ca', role: 'owner' } },
    }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the payout report answers 409 payments_off, whatever the period, so the Accounts page offers no payouts', async () => {
    for (const query of ['from=2031-03-01&to=2031-03-31', 'from=2031-01-01&to=2031-12-31&format=csv']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/reports/payouts?${query}`,
        headers: { cookie: owner },
      });
      expect(res.statusCode, query).toBe(409);
      expect(res.json().error.code).toBe('payments_off');
    }
  });

  it('refuses any card surcharge for a shop in Quebec (Consumer Protection Act), in both languages', async () => {
    const put = (body: unknown) =>
      t.app.inject({ method: 'PUT', url: '/api/terms', headers: { cookie: owner }, payload: body as object });
    const terms = (await t.app.inject({ method: 'GET', url: '/api/terms', headers: { cookie: owner } })).json();
    expect(terms.cardSurchargeBasisPoints).toBe(0);
    const res = await put({ ...terms, cardSurchargeBasisPoints: 100 });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'invalid_surcharge',
      fields: ['cardSurchargeBasisPoints'],
      message: 'A shop in Quebec may not charge a card surcharge (Consumer Protection Act): leave it off.',
      message_fr:
        'Un commerce du Québec ne peut pas exiger de frais pour le paiement par carte (Loi sur la protection du consommateur)\u00a0: laissez-les désactivés.',
    });
    // Off is always allowed.
    expect((await put({ ...terms, cardSurchargeBasisPoints: 0 })).statusCode).toBe(200);
  });
});
