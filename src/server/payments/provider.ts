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
  amountCents: number;
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
  | { kind: 'ignored'; eventId: string; type: string };

export type RefundResult =
  { status: 'succeeded' | 'pending'; id: string; amountCents: number } | { status: 'refused'; reason: string };

export interface Fee {
  feeCents: number;
  netCents: number;
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
  /** The fee of a paid checkout, once the provider knows it (null until then). */
  feeOf(checkoutId: string): Promise<Fee | null>;
}
