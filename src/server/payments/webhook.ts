// The provider's webhook (docs/payments.md, "The webhook"): its signed event recorded once, a
// payment in the ledger through invoices/' own recordPayment (its rules, its receipt and mails,
// in one transaction with the account); a refund's events read here, each refund's new state
// recorded by refunds.ts.
import { amountFlagOf, storedFlag } from '../../shared/invoices/card-flag.js';
import { DomainError } from '../errors.js';
import { fullyAllowed, recordPayment, todayOf, type Actor, type RecordedPayment } from '../invoices/index.js';
import { findOrder, isUniqueViolation } from '../storage/orders.js';
import { providerOf, typed, type PaymentsDeps } from './deps.js';
import {
  cardEntryOf,
  eventSeen,
  findCheckout,
  insertCardEntry,
  rememberEvent,
  setCheckoutStatus,
} from './payment-store.js';
import { WebhookRefused, type PaymentProvider, type ProviderEvent } from './provider.js';
import { refundChanged } from './refunds.js';

/** The webhook's answer: 200 once handled (or already), 400 when nothing may be recorded. */
export interface WebhookOutcome {
  status: 200 | 400;
  body: { received: true; duplicate?: true; paymentId?: string } | { error: { code: string; message: string } };
  /** A payment recorded now: its fee is read next, and its receipt mailed. */
  recorded?: { paymentId: string; checkoutId: string };
  /** A refund recorded now: its receipt and credit note are in the mail queue. */
  mailed?: true;
}

const refused = (code: string, message: string): WebhookOutcome => ({
  status: 400,
  body: { error: { code, message } },
});

/** The provider's account of a payment, recorded like any other by an actor named after it. */
const providerActor = (provider: PaymentProvider): Actor => ({ ...fullyAllowed(provider.id), allowed: new Set() });

export async function handleWebhook(
  deps: PaymentsDeps,
  rawBody: Buffer,
  signature: string | undefined,
  now = new Date(),
): Promise<WebhookOutcome> {
  const provider = providerOf(deps);
  let event: ProviderEvent;
  try {
    event = provider.parseWebhook(rawBody, signature);
  } catch (err) {
    if (err instanceof WebhookRefused) return refused('signature_refused', err.message);
    throw err;
  }
  if (await eventSeen(deps.db, provider.id, event.eventId))
    return { status: 200, body: { received: true, duplicate: true } };
  if (event.kind === 'ignored') {
    await rememberEvent(deps.db, provider.id, event.eventId, event.type, now);
    return { status: 200, body: { received: true } };
  }
  if (event.kind === 'refund_changed' || event.kind === 'payment_refunded')
    return handleRefundEvent(deps, provider, event, now);
  const checkout = await findCheckout(deps.db, event.checkoutId);
  if (!checkout || checkout.provider !== provider.id || checkout.order_id !== event.orderId)
    return refused('unknown_checkout', 'No order of this shop made this checkout.');
  const order = await findOrder(deps.db, checkout.order_id);
  if (!order) return refused('unknown_order', 'The order of this checkout no longer exists.');
  if (event.kind === 'checkout_failed' || event.kind === 'checkout_pending') {
    await deps.db.transaction().execute(async (trx) => {
      if (!checkout.payment_id)
        await setCheckoutStatus(trx, checkout.id, event.kind === 'checkout_failed' ? 'failed' : 'processing');
      await rememberEvent(trx, provider.id, event.eventId, event.type, now);
    });
    return { status: 200, body: { received: true } };
  }
  // Two events for one payment (completed, then async_payment_succeeded): one ledger entry.
  const known = await cardEntryOf(deps.db, provider.id, event.paymentRef);
  if (known) {
    await rememberEvent(deps.db, provider.id, event.eventId, event.type, now);
    return { status: 200, body: { received: true, duplicate: true, paymentId: known.payment_id } };
  }
  const expected = Number(checkout.amount_cents);
  // Kept as figures, so the inbox says it in the clerk's language (shared/invoices/card-flag.ts).
  const flag = storedFlag(
    amountFlagOf({
      receivedCents: event.amountCents,
      receivedCurrency: event.currency,
      expectedCents: expected,
      expectedCurrency: checkout.currency,
      provider: provider.id,
    }),
  );
  // The card surcharge is kept apart (docs/payments.md, "Surcharges"): the ledger's amount
  // settles only what was due, so the account and the invoices stay exact. A short payment
  // (flagged) is short of the amount due, the surcharge being what the checkout asked.
  const surchargeCents = Math.min(Number(checkout.surcharge_cents), Math.max(0, event.amountCents));
  const settles = event.amountCents - surchargeCents;
  let recorded: RecordedPayment;
  try {
    recorded = await recordPayment(
      deps,
      order.id,
      {
        amount: typed(settles),
        method: provider.methodId,
        receivedOn: todayOf(deps.books, event.createdAt),
        reference: event.paymentRef,
        reason: '',
        // The money is in: more than the balance, or on an order since cancelled, it is recorded and shows as owed back.
        confirmOverpayment: true,
        confirmDuplicate: true,
      },
      providerActor(provider),
      {
        now,
        skipDuplicateChecks: true,
        cardSurchargeCents: surchargeCents,
        within: async (trx, payment) => {
          await insertCardEntry(trx, {
            payment_id: payment.id,
            provider: provider.id,
            kind: 'payment',
            surcharge_cents: surchargeCents,
            provider_ref: event.paymentRef,
            charge_ref: event.paymentRef,
            session_id: checkout.id,
            fee_cents: null,
            net_cents: null,
            flag,
          });
          await setCheckoutStatus(trx, checkout.id, 'completed', payment.id);
          await rememberEvent(trx, provider.id, event.eventId, event.type, now);
        },
      },
    );
  } catch (err) {
    // The same payment recorded meanwhile by another delivery: its transaction won.
    if (isUniqueViolation(err)) return { status: 200, body: { received: true, duplicate: true } };
    if (err instanceof DomainError) return refused(err.code, err.message);
    throw err;
  }
  return {
    status: 200,
    body: { received: true, paymentId: recorded.id },
    recorded: { paymentId: recorded.id, checkoutId: checkout.id },
  };
}

/** The webhook's refund events (refund.updated, charge.refunded): answered 200 once handled. */
async function handleRefundEvent(
  deps: PaymentsDeps,
  provider: PaymentProvider,
  event: Extract<ProviderEvent, { kind: 'refund_changed' | 'payment_refunded' }>,
  now: Date,
): Promise<WebhookOutcome> {
  const refunds = event.kind === 'refund_changed' ? [event.refund] : await provider.refundsOf(event.paymentRef);
  let recorded = 0;
  for (const refund of refunds) if (await refundChanged(deps, provider, refund, event.createdAt, now)) recorded++;
  await rememberEvent(deps.db, provider.id, event.eventId, event.type, now);
  return { status: 200, body: { received: true }, ...(recorded > 0 ? { mailed: true } : {}) };
}
