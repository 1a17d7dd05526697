// Card payments online (docs/payments.md): a checkout made when the customer presses Pay, for
// exactly the amount the one account asks now; the provider's signed event recorded once in
// the ledger through invoices/' own recordPayment (its rules, its receipt and mails, in one
// transaction with the account); refunds through the provider, recorded once it confirms.
import { AMOUNT_ERRORS, readMoney } from '../../shared/amounts.js';
import { formatCents } from '../../shared/money.js';
import { DomainError } from '../errors.js';
import {
  fullyAllowed,
  invoicesOfOrder,
  may,
  orderAccount,
  payOnlineOf,
  readTerms,
  recordPayment,
  todayOf,
  type Actor,
  type InvoiceDeps,
  type RecordedPayment,
} from '../invoices/index.js';
import { fromJson } from '../storage/json.js';
import { findOrder, isUniqueViolation } from '../storage/orders.js';
import type { OrderRow } from '../storage/schema.js';
import {
  cardEntriesOfOrder,
  cardEntryOf,
  eventSeen,
  findCheckout,
  insertCardEntry,
  openCheckoutOf,
  rememberEvent,
  saveCheckout,
  setCheckoutStatus,
  setFee,
} from './payment-store.js';
import { WebhookRefused, type PaymentProvider, type ProviderEvent } from './provider.js';

export interface PaymentsDeps extends InvoiceDeps {
  /** Absent when no provider is set up: nothing is offered online. */
  provider?: PaymentProvider | null;
}

const refusal = (kind: 'conflict' | 'invalid' | 'bad_input', code: string, en: string, fr: string, field?: string) =>
  new DomainError(kind, code, en, field ? [field] : undefined, { messageFr: fr });

/** Cents as recordPayment reads an amount typed by a clerk: "1234.05", "-20.00". */
const typed = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

const languageOf = (order: OrderRow): 'en' | 'fr' => (fromJson(order.document).language === 'fr' ? 'fr' : 'en');

function providerOf(deps: PaymentsDeps): PaymentProvider {
  if (!deps.provider)
    throw refusal(
      'conflict',
      'payments_off',
      'Paying online is not available: pay another way below.',
      'Le paiement en ligne n’est pas offert\u00a0: payez autrement ci-dessous.',
    );
  return deps.provider;
}

/**
 * The checkout the customer's Pay opens: the order's open one when it asks the same amount,
 * else a new one (the old one closed first). Never made in advance; never for another amount
 * than what the account asks now. `returnTo` is the order's page.
 */
export async function startCheckout(
  deps: PaymentsDeps,
  order: OrderRow,
  returnTo: string,
  now = new Date(),
): Promise<{ url: string }> {
  const provider = providerOf(deps);
  const [account, terms, invoices] = await Promise.all([
    orderAccount(deps.db, deps.books, order, now),
    readTerms(deps.db, deps.shop.shopEmail),
    invoicesOfOrder(deps.db, order.id),
  ]);
  const due = payOnlineOf(deps, terms, account);
  if (!due)
    throw refusal(
      'conflict',
      'nothing_to_pay_online',
      'Nothing on this order can be paid online now.',
      'Rien sur cette commande ne peut être payé en ligne pour l’instant.',
    );
  const open = await openCheckoutOf(deps.db, order.id, now);
  if (open && Number(open.amount_cents) === due.amountCents) return { url: open.url };
  if (open) await provider.expireCheckout(open.id);
  const invoice = invoices.filter((r) => r.kind === 'invoice').at(-1)!;
  const checkout = await provider.createCheckout({
    orderId: order.id,
    reference: order.reference,
    invoiceNumber: invoice.number,
    amountCents: due.amountCents,
    currency: 'cad',
    language: languageOf(order),
    customerEmail: order.customer_email,
    successUrl: `${returnTo}?checkout={CHECKOUT_SESSION_ID}`,
    cancelUrl: returnTo,
    // Two presses at once (or a retry) make one checkout; a new amount or a replaced one, another.
    idempotencyKey: `checkout:${order.id}:${due.amountCents}:${account.paidCents}:${open?.id ?? 'none'}`,
  });
  await deps.db.transaction().execute((trx) =>
    saveCheckout(trx, {
      id: checkout.id,
      provider: provider.id,
      order_id: order.id,
      amount_cents: checkout.amountCents,
      currency: checkout.currency,
      url: checkout.url,
      status: 'open',
      created_at: now.toISOString(),
      expires_at: checkout.expiresAt,
      payment_id: null,
    }),
  );
  return { url: checkout.url };
}

export type CheckoutState = 'open' | 'processing' | 'received' | 'failed' | 'expired';

/** Where a checkout of this order stands, as the order's page says it once the customer is back. */
export async function checkoutState(deps: PaymentsDeps, orderId: string, checkoutId: string): Promise<CheckoutState> {
  const row = await findCheckout(deps.db, checkoutId);
  if (!row || row.order_id !== orderId) return 'expired';
  if (row.payment_id) return 'received';
  if (row.status === 'failed') return 'failed';
  if (row.status === 'replaced' || row.status === 'expired') return 'expired';
  // Back from the provider's page and not recorded yet: the webhook is on its way.
  return 'processing';
}

/** The webhook's answer: 200 once handled (or already), 400 when nothing may be recorded. */
export interface WebhookOutcome {
  status: 200 | 400;
  body: { received: true; duplicate?: true; paymentId?: string } | { error: { code: string; message: string } };
  /** A payment recorded now: its fee is read next, and its receipt mailed. */
  recorded?: { paymentId: string; checkoutId: string };
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
  const flag =
    event.amountCents !== expected || event.currency.toLowerCase() !== checkout.currency.toLowerCase()
      ? `Received ${typed(event.amountCents)} ${event.currency.toUpperCase()}; the checkout asked ${typed(expected)} ${checkout.currency.toUpperCase()}. Check the payment in ${provider.id} before relying on it.`
      : '';
  let recorded: RecordedPayment;
  try {
    recorded = await recordPayment(
      deps,
      order.id,
      {
        amount: typed(event.amountCents),
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
        within: async (trx, payment) => {
          await insertCardEntry(trx, {
            payment_id: payment.id,
            provider: provider.id,
            kind: 'payment',
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

/** Keeps the provider's fee beside a card payment (from its balance transaction), when it knows it. */
export async function readFee(deps: PaymentsDeps, checkoutId: string, paymentId: string): Promise<boolean> {
  const fee = await providerOf(deps).feeOf(checkoutId);
  if (!fee) return false;
  await setFee(deps.db, paymentId, fee.feeCents, fee.netCents);
  return true;
}

export interface CardEntryView {
  paymentId: string;
  kind: 'payment' | 'refund';
  providerRef: string;
  amountCents: number;
  receiptNumber: string;
  receivedOn: string;
  feeCents: number | null;
  netCents: number | null;
  flag: string;
  /** A payment: what is left of it to refund. */
  refundableCents: number;
}

/** An order's card payments and refunds as the inbox shows them beside the ledger. */
export async function cardEntries(deps: Pick<PaymentsDeps, 'db'>, orderId: string): Promise<CardEntryView[]> {
  const rows = await cardEntriesOfOrder(deps.db, orderId);
  return rows.map((r) => {
    const refunded = rows
      .filter((x) => x.kind === 'refund' && x.charge_ref === r.provider_ref)
      .reduce((sum, x) => sum - Number(x.amount_cents), 0);
    return {
      paymentId: r.payment_id,
      kind: r.kind,
      providerRef: r.provider_ref,
      amountCents: Number(r.amount_cents),
      receiptNumber: r.receipt_number,
      receivedOn: r.received_on,
      feeCents: r.fee_cents === null ? null : Number(r.fee_cents),
      netCents: r.net_cents === null ? null : Number(r.net_cents),
      flag: r.flag,
      refundableCents: r.kind === 'payment' ? Math.max(0, Number(r.amount_cents) - refunded) : 0,
    };
  });
}

/**
 * Gives back (part of) a card payment through the provider; recorded in the ledger, with its
 * receipt, once the provider confirms. Whoever may refund (the owner's Accounts page).
 */
export async function refundCardPayment(
  deps: PaymentsDeps,
  orderId: string,
  paymentId: string,
  input: { amount: string; reason: string },
  actor: Actor,
  now = new Date(),
): Promise<{ status: 'recorded'; refund: RecordedPayment } | { status: 'pending'; refundId: string }> {
  may(actor, 'refund');
  const provider = providerOf(deps);
  const entries = await cardEntries(deps, orderId);
  const payment = entries.find((e) => e.paymentId === paymentId && e.kind === 'payment');
  if (!payment)
    throw new DomainError('not_found', 'not_found', 'No card payment of this order has that id.', undefined, {
      messageFr: 'Aucun paiement par carte de cette commande ne porte cet identifiant.',
    });
  const amount = readMoney(input.amount);
  if ('error' in amount)
    throw refusal('invalid', amount.error, AMOUNT_ERRORS[amount.error].en, AMOUNT_ERRORS[amount.error].fr, 'amount');
  const cents = amount.cents;
  if (cents <= 0 || cents > payment.refundableCents)
    throw refusal(
      'invalid',
      'refund_exceeds_payment',
      `A refund of this payment is between $0.01 and ${formatCents(payment.refundableCents, 'en')}.`,
      `Un remboursement de ce paiement va de 0,01 $ à ${formatCents(payment.refundableCents, 'fr')}.`,
      'amount',
    );
  const reason = input.reason.normalize('NFC').trim();
  if (!/[\p{L}\p{N}]/u.test(reason))
    throw refusal(
      'invalid',
      'refund_reason_required',
      'A refund needs a reason.',
      'Un remboursement doit avoir un motif.',
      'reason',
    );
  const result = await provider.refund(
    payment.providerRef,
    cents,
    `refund:${paymentId}:${payment.refundableCents}:${cents}`,
  );
  if (result.status === 'refused')
    throw refusal(
      'conflict',
      'refund_refused',
      `${provider.id === 'stripe' ? 'Stripe' : provider.id} refused the refund: ${result.reason}`,
      `${provider.id === 'stripe' ? 'Stripe' : provider.id} a refusé le remboursement\u00a0: ${result.reason}`,
      'amount',
    );
  if (result.status === 'pending') return { status: 'pending', refundId: result.id };
  const refund = await recordPayment(
    deps,
    orderId,
    {
      amount: typed(-result.amountCents),
      method: provider.methodId,
      receivedOn: todayOf(deps.books, now),
      reference: result.id,
      reason,
      confirmDuplicate: true,
    },
    actor,
    {
      now,
      skipDuplicateChecks: true,
      within: (trx, entry) =>
        insertCardEntry(trx, {
          payment_id: entry.id,
          provider: provider.id,
          kind: 'refund',
          provider_ref: result.id,
          charge_ref: payment.providerRef,
          session_id: null,
          fee_cents: null,
          net_cents: null,
          flag: '',
        }),
    },
  );
  return { status: 'recorded', refund };
}
