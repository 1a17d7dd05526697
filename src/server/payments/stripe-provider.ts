// Stripe as the payment provider (docs/payments.md), through Stripe's own SDK: Checkout Sessions
// in payment mode (Stripe's hosted page: cards, Apple Pay and Google Pay as the shop's account
// allows), signed webhooks checked by the SDK over the raw body, refunds, and the fee read from
// the charge's balance transaction. STRIPE_API_URL points the SDK elsewhere (a local stand-in).
import Stripe from 'stripe';
import {
  WebhookRefused,
  type Checkout,
  type CheckoutRequest,
  type Fee,
  type PaymentProvider,
  type Payout,
  type PayoutLine,
  type ProviderEvent,
  type ProviderRefund,
  type RefundResult,
} from './provider.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The API's base URL, when not Stripe's own. */
  apiUrl?: string;
}

const idOf = (x: string | { id: string } | null | undefined) => (typeof x === 'string' ? x : (x?.id ?? ''));

/** Stripe's refund as the product reads it: requires_action and canceled count as not done. */
function refundOf(r: Stripe.Refund): ProviderRefund {
  const status =
    r.status === 'succeeded' ? 'succeeded' : r.status === 'failed' || r.status === 'canceled' ? 'failed' : 'pending';
  return {
    id: r.id,
    paymentRef: idOf(r.payment_intent),
    amountCents: r.amount,
    status,
    failure: status === 'failed' ? (r.failure_reason ?? r.status ?? '') : '',
    origin: r.metadata?.origin ?? '',
  };
}

export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const base = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'apparel-order-form' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });

  return {
    id: 'stripe',
    methodId: 'card_stripe',

    async createCheckout(r: CheckoutRequest): Promise<Checkout> {
      const description =
        r.language === 'fr'
          ? `Commande ${r.reference}, facture ${r.invoiceNumber}`
          : `Order ${r.reference}, invoice ${r.invoiceNumber}`;
      const metadata = { order_id: r.orderId, reference: r.reference, invoice_number: r.invoiceNumber };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          currency: r.currency,
          locale: r.language === 'fr' ? 'fr-CA' : 'en',
          client_reference_id: r.orderId,
          customer_email: r.customerEmail || undefined,
          line_items: [
            {
              quantity: 1,
              price_data: { currency: r.currency, unit_amount: r.amountCents, product_data: { name: description } },
            },
            // The card surcharge as its own line, so the customer sees it before paying.
            ...(r.surchargeCents > 0
              ? [
                  {
                    quantity: 1,
                    price_data: {
                      currency: r.currency,
                      unit_amount: r.surchargeCents,
                      product_data: {
                        name:
                          r.language === 'fr'
                            ? `Frais de carte (${r.surchargeRate})`
                            : `Card surcharge (${r.surchargeRate})`,
                      },
                    },
                  },
                ]
              : []),
          ],
          metadata,
          payment_intent_data: { description, metadata },
          success_url: r.successUrl,
          cancel_url: r.cancelUrl,
        },
        { idempotencyKey: r.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe answered checkout ${session.id} without a URL`);
      return {
        id: session.id,
        url: session.url,
        amountCents: session.amount_total ?? r.amountCents + r.surchargeCents,
        currency: session.currency ?? r.currency,
        expiresAt: new Date(session.expires_at * 1000).toISOString(),
      };
    },

    async expireCheckout(id) {
      try {
        await stripe.checkout.sessions.expire(id);
      } catch (err) {
        // Already paid or expired: Stripe refuses, and there is nothing left to close.
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
      }
    },

    parseWebhook(rawBody, signature): ProviderEvent {
      let event: Stripe.Event;
      try {
        // The SDK's default tolerance (300 s): an older event is refused as a replay.
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      } catch (err) {
        throw new WebhookRefused(err instanceof Error ? err.message : String(err));
      }
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const s = event.data.object;
          const paid = s.payment_status === 'paid';
          return {
            kind: paid ? 'checkout_paid' : 'checkout_pending',
            eventId: event.id,
            type: event.type,
            createdAt: new Date(event.created * 1000),
            checkoutId: s.id,
            orderId: s.metadata?.order_id ?? '',
            paymentRef: idOf(s.payment_intent),
            amountCents: s.amount_total ?? 0,
            currency: s.currency ?? '',
          };
        }
        case 'checkout.session.async_payment_failed': {
          const s = event.data.object;
          return {
            kind: 'checkout_failed',
            eventId: event.id,
            type: event.type,
            checkoutId: s.id,
            orderId: s.metadata?.order_id ?? '',
          };
        }
        case 'refund.created':
        case 'refund.updated':
        case 'refund.failed':
          return {
            kind: 'refund_changed',
            eventId: event.id,
            type: event.type,
            createdAt: new Date(event.created * 1000),
            refund: refundOf(event.data.object),
          };
        case 'charge.refunded':
          return {
            kind: 'payment_refunded',
            eventId: event.id,
            type: event.type,
            createdAt: new Date(event.created * 1000),
            paymentRef: idOf(event.data.object.payment_intent),
          };
        default:
          return { kind: 'ignored', eventId: event.id, type: event.type };
      }
    },

    async refund(paymentRef, amountCents, idempotencyKey): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          // Marked as the inbox's: its webhook may come before this answer is saved (decision 032).
          { payment_intent: paymentRef, amount: amountCents, metadata: { origin: 'inbox' } },
          { idempotencyKey },
        );
        if (refund.status === 'succeeded' || refund.status === 'pending')
          return { status: refund.status, id: refund.id, amountCents: refund.amount };
        return { status: 'refused', reason: refund.failure_reason ?? refund.status ?? 'unknown' };
      } catch (err) {
        // Stripe's own sentence (already refunded, more than was charged, the charge disputed…).
        if (err instanceof Stripe.errors.StripeError && err.type !== 'StripeConnectionError')
          return { status: 'refused', reason: err.message };
        throw err;
      }
    },

    async refundsOf(paymentRef): Promise<ProviderRefund[]> {
      const list = await stripe.refunds.list({ payment_intent: paymentRef, limit: 100 });
      return list.data.map(refundOf);
    },

    async feeOf(checkoutId): Promise<Fee | null> {
      const session = await stripe.checkout.sessions.retrieve(checkoutId, { expand: ['payment_intent.latest_charge'] });
      const intent = session.payment_intent;
      const charge = intent && typeof intent !== 'string' ? intent.latest_charge : null;
      const txId = charge && typeof charge !== 'string' ? idOf(charge.balance_transaction) : '';
      if (!txId) return null;
      const tx = await stripe.balanceTransactions.retrieve(txId);
      return { feeCents: tx.fee, netCents: tx.net, balanceTx: tx.id };
    },

    // Stripe's Payouts API: the payouts by arrival_date (midnight UTC of the day the bank gets
    // it), then each payout's balance transactions (its own "payout" movement left out).
    async payouts(from, to): Promise<Payout[]> {
      const day = (d: string) => Math.floor(Date.parse(`${d}T00:00:00Z`) / 1000);
      const out: Payout[] = [];
      for await (const p of stripe.payouts.list({
        arrival_date: { gte: day(from), lte: day(to) + 86_399 },
        limit: 100,
      })) {
        const lines: PayoutLine[] = [];
        for await (const tx of stripe.balanceTransactions.list({ payout: p.id, limit: 100 })) {
          if (tx.type === 'payout') continue;
          lines.push({
            id: tx.id,
            type: tx.type,
            source: idOf(tx.source),
            amountCents: tx.amount,
            feeCents: tx.fee,
            netCents: tx.net,
          });
        }
        out.push({
          id: p.id,
          arrivalDate: new Date(p.arrival_date * 1000).toISOString().slice(0, 10),
          amountCents: p.amount,
          currency: p.currency,
          status: p.status,
          lines,
        });
      }
      return out.sort((a, b) => a.arrivalDate.localeCompare(b.arrivalDate) || a.id.localeCompare(b.id));
    },
  };
}
