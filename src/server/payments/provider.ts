// What the rest of the product asks of a card payment provider (docs/payments.md): host a
// checkout for an amount, tell its signed events apart from forgeries, refund, and say its fee.
// Stripe is the first (stripe-provider.ts); another (Helcim, Square) implements this interface
// and nothing in invoices/ or the account changes. No card data ever reaches this server: the
// customer types it on the provider's own page.

/** What the customer is asked to pay, and where they come back. */
export interface CheckoutRequest {
  orderId: string;
  /** The order's reference and the invoice it pays: the metadata and the description the provider shows. */
  reference: string;
  invoiceNumber: string;
  /** The amount due: the line that settles the invoices. */
  amountCents: number;
  /** A card surcharge on it, its own line (docs/payments.md, "Surcharges"); 0 for none. */
  surchargeCents: number;
  /** The surcharge's rate as the customer reads it ("2.4%", « 2,4 % »), for its line's name. */
  surchargeRate: string;
  currency: 'cad';
  language: 'en' | 'fr';
  customerEmail: string;
  /** The order's page, where the customer lands after paying (or giving up). */
  successUrl: string;
  cancelUrl: string;
  /** Two presses at once make one checkout at the provider. */
  idempotencyKey: string;
}

export interface Checkout {
  id: string;
  /** The provider's hosted page. */
  url: string;
  /** What the card is charged: the amount due and the surcharge. */
  amountCents: number;
  currency: string;
  /** ISO time after which the provider refuses to take the payment. */
  expiresAt: string;
}

/** A verified event, as this product understands it; anything else is `ignored`. */
export type ProviderEvent =
  | {
      kind: 'checkout_paid' | 'checkout_pending';
      eventId: string;
      type: string;
      /** When the provider made the event (its date in the shop's calendar dates the payment). */
      createdAt: Date;
      checkoutId: string;
      orderId: string;
      /** The provider's id of the payment itself (Stripe's PaymentIntent): one ledger entry each. */
      paymentRef: string;
      amountCents: number;
      currency: string;
    }
  | { kind: 'checkout_failed'; eventId: string; type: string; checkoutId: string; orderId: string }
  /** A refund's state changed at the provider (Stripe's refund.updated, refund.failed). */
  | { kind: 'refund_changed'; eventId: string; type: string; createdAt: Date; refund: ProviderRefund }
  /** Something was refunded of this payment (Stripe's charge.refunded): its refunds are read again. */
  | { kind: 'payment_refunded'; eventId: string; type: string; createdAt: Date; paymentRef: string }
  | { kind: 'ignored'; eventId: string; type: string };

/** A refund as the provider knows it. */
export interface ProviderRefund {
  id: string;
  /** The payment it gives back (Stripe's PaymentIntent). */
  paymentRef: string;
  amountCents: number;
  status: 'succeeded' | 'pending' | 'failed';
  /** Why it failed, in the provider's words, or ''. */
  failure: string;
  /** Who asked for it: 'inbox' when the shop did (its own path records it), '' when made in the Dashboard. */
  origin: string;
}

export type RefundResult =
  { status: 'succeeded' | 'pending'; id: string; amountCents: number } | { status: 'refused'; reason: string };

export interface Fee {
  feeCents: number;
  netCents: number;
  /** The provider's balance transaction it was read from (a payout lists them). */
  balanceTx: string;
}

/** One movement of a payout: a payment in (its fee taken), a refund out, or anything else the provider moved. */
export interface PayoutLine {
  /** The balance transaction (Stripe's txn_…). */
  id: string;
  /** charge, payment, refund, adjustment, stripe_fee…: the provider's own word. */
  type: string;
  /** What moved it: a charge (ch_…), a refund (re_…)… */
  source: string;
  amountCents: number;
  feeCents: number;
  netCents: number;
}

/** Money the provider sent to the shop's bank: what the bank statement shows as one deposit. */
export interface Payout {
  id: string;
  /** The day the provider expects it in the bank (YYYY-MM-DD). */
  arrivalDate: string;
  /** What reaches the bank. */
  amountCents: number;
  currency: string;
  /** paid, pending, in_transit, canceled or failed. */
  status: string;
  lines: PayoutLine[];
}

/** The provider's word for a bad signature, a stale timestamp or an unreadable body. */
export class WebhookRefused extends Error {}

export interface PaymentProvider {
  /** "stripe": stored beside each checkout, event and payment. */
  readonly id: string;
  /** The ledger's method for its payments (shared/invoices/payment-methods.ts). */
  readonly methodId: 'card_stripe';
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Closes a checkout nobody paid (a new amount replaces it). */
  expireCheckout(id: string): Promise<void>;
  /** Verifies the signature and the timestamp over the raw bytes, then reads the event; throws WebhookRefused. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
  refund(paymentRef: string, amountCents: number, idempotencyKey: string): Promise<RefundResult>;
  /** The refunds of a payment, as the provider has them now. */
  refundsOf(paymentRef: string): Promise<ProviderRefund[]>;
  /** The fee of a paid checkout, once the provider knows it (null until then). */
  feeOf(checkoutId: string): Promise<Fee | null>;
  /** The payouts expected in the bank between two days (inclusive), each with its movements. */
  payouts(from: string, to: string): Promise<Payout[]>;
}
