// Card payments online (docs/payments.md): a checkout made when the customer presses Pay, for
// exactly the amount the one account asks now; the provider's signed event recorded once in
// the ledger through invoices/' own recordPayment (its rules, its receipt and mails, in one
// transaction with the account); refunds through the provider, recorded once it confirms.
import { AMOUNT_ERRORS, readMoney } from '../../shared/amounts.js';
import { amountFlagOf, readAmountFlag, storedFlag } from '../../shared/invoices/card-flag.js';
import type { CardPaymentsView } from '../../shared/invoices/invoice-api.js';
import {
  splitCardRefund,
  surchargeRateLabel,
  surchargeRefundOf,
  type RefundedSoFar,
} from '../../shared/invoices/surcharge.js';
import { formatCents } from '../../shared/money.js';
import { DomainError } from '../errors.js';
import {
  fullyAllowed,
  invoicesOfOrder,
  may,
  orderAccount,
  paymentsOfOrder,
  payOnlineOf,
  readTerms,
  recordPayment,
  refundCreditPlan,
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
  feeAsked,
  findCheckout,
  findRefund,
  insertCardEntry,
  openCheckoutOf,
  refundsOfOrder,
  rememberEvent,
  saveCheckout,
  saveRefund,
  setCheckoutStatus,
  setFee,
  setRefundState,
  type CardRefundRow,
} from './payment-store.js';
import { WebhookRefused, type PaymentProvider, type ProviderEvent, type ProviderRefund } from './provider.js';

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
  const due = payOnlineOf(deps, terms, account, order);
  if (!due)
    throw refusal(
      'conflict',
      'nothing_to_pay_online',
      'Nothing on this order can be paid online now.',
      'Rien sur cette commande ne peut être payé en ligne pour l’instant.',
    );
  const open = await openCheckoutOf(deps.db, order.id, now);
  // The same charge (amount and surcharge): the open page; a new amount or rate, a new one.
  if (open && Number(open.amount_cents) === due.totalCents && Number(open.surcharge_cents) === due.surchargeCents)
    return { url: open.url };
  if (open) await provider.expireCheckout(open.id);
  const invoice = invoices.filter((r) => r.kind === 'invoice').at(-1)!;
  const checkout = await provider.createCheckout({
    orderId: order.id,
    reference: order.reference,
    invoiceNumber: invoice.number,
    amountCents: due.amountCents,
    surchargeCents: due.surchargeCents,
    surchargeRate: surchargeRateLabel(due.basisPoints)[languageOf(order)],
    currency: 'cad',
    language: languageOf(order),
    customerEmail: order.customer_email,
    successUrl: `${returnTo}?checkout={CHECKOUT_SESSION_ID}`,
    cancelUrl: returnTo,
    // Two presses at once (or a retry) make one checkout; a new amount or a replaced one, another.
    idempotencyKey: `checkout:${order.id}:${due.amountCents}:${due.surchargeCents}:${account.paidCents}:${open?.id ?? 'none'}`,
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
      surcharge_cents: due.surchargeCents,
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

/** Keeps the provider's fee beside a card payment (from its balance transaction), when it knows it. */
export async function readFee(deps: PaymentsDeps, checkoutId: string, paymentId: string): Promise<boolean> {
  const fee = await providerOf(deps).feeOf(checkoutId);
  // Not settled yet: the background pass (fees.ts) asks again later.
  if (!fee) {
    await feeAsked(deps.db, paymentId);
    return false;
  }
  await setFee(deps.db, paymentId, fee);
  return true;
}

/** An order's card payments and refunds as the inbox shows them beside the ledger. */
export async function cardEntries(
  deps: Pick<PaymentsDeps, 'db'>,
  orderId: string,
): Promise<Omit<CardPaymentsView, 'online'>> {
  const [rows, asked, ledger] = await Promise.all([
    cardEntriesOfOrder(deps.db, orderId),
    refundsOfOrder(deps.db, orderId),
    paymentsOfOrder(deps.db, orderId),
  ]);
  // A dashboard refund a clerk has since recorded by hand (its re_… as the reference): done.
  const byHand = new Set(ledger.filter((p) => Number(p.amount_cents) < 0).map((p) => p.reference));
  const entries = rows.map((r) => {
    const refunded = rows
      .filter((x) => x.kind === 'refund' && x.charge_ref === r.provider_ref)
      .reduce((sum, x) => sum - Number(x.amount_cents), 0);
    const pending = asked
      .filter((x) => x.card_payment_id === r.payment_id && (x.status === 'pending' || x.status === 'unrecorded'))
      .reduce((sum, x) => sum + Number(x.amount_cents), 0);
    return {
      paymentId: r.payment_id,
      kind: r.kind,
      providerRef: r.provider_ref,
      amountCents: Number(r.amount_cents),
      receiptNumber: r.receipt_number,
      receivedOn: r.received_on,
      feeCents: r.fee_cents === null ? null : Number(r.fee_cents),
      netCents: r.net_cents === null ? null : Number(r.net_cents),
      flag: readAmountFlag(r.flag),
      surchargeCents: Number(r.surcharge_cents),
      refundableCents: r.kind === 'payment' ? Math.max(0, Number(r.amount_cents) - refunded - pending) : 0,
    };
  });
  const refunds = asked.map((r) => ({
    refundRef: r.refund_ref,
    cardPaymentId: r.card_payment_id,
    amountCents: Number(r.amount_cents),
    reason: r.reason,
    requestedBy: r.requested_by,
    requestedAt: r.requested_at,
    status: r.status === 'unrecorded' && byHand.has(r.refund_ref) ? ('succeeded' as const) : r.status,
    failure: r.failure,
  }));
  return { entries, refunds };
}

/** What the refunds of a card payment took of it so far, as its next refund's surcharge is reckoned. */
async function refundedSoFar(
  deps: Pick<PaymentsDeps, 'db'>,
  orderId: string,
  paymentId: string,
): Promise<RefundedSoFar> {
  const [rows, asked] = await Promise.all([cardEntriesOfOrder(deps.db, orderId), refundsOfOrder(deps.db, orderId)]);
  const payment = rows.find((r) => r.payment_id === paymentId);
  const refunds = rows.filter((r) => r.kind === 'refund' && r.charge_ref === payment?.provider_ref);
  const open = asked.filter(
    (r) => r.card_payment_id === paymentId && (r.status === 'pending' || r.status === 'unrecorded'),
  );
  return {
    takenCents:
      refunds.reduce((sum, r) => sum - Number(r.amount_cents), 0) +
      open.reduce((sum, r) => sum + Number(r.amount_cents), 0),
    surchargeTakenCents: refunds.reduce((sum, r) => sum - Number(r.surcharge_cents), 0),
    pending: open.length > 0,
  };
}

const providerName = (provider: PaymentProvider) => (provider.id === 'stripe' ? 'Stripe' : provider.id);

/**
 * Records a refund the provider confirmed, once: the API's answer and the webhook may both say
 * so (in either order, or at once), and make one ledger entry (card_payments is unique on the
 * refund's id). The credit note the books ask for is issued with it (creditRefund), and mailed
 * with its receipt. `actor` is whoever asked for it.
 */
async function recordRefund(
  deps: PaymentsDeps,
  provider: PaymentProvider,
  asked: CardRefundRow,
  actor: Actor,
  receivedAt: Date,
  now: Date,
  providerCents: number,
): Promise<RecordedPayment | null> {
  if (asked.payment_id || (await cardEntryOf(deps.db, provider.id, asked.refund_ref))) return null;
  const card = (await cardEntriesOfOrder(deps.db, asked.order_id)).find((r) => r.payment_id === asked.card_payment_id);
  if (!card) return null;
  // What the provider gave back beyond the amount due is the payment's surcharge given back
  // (docs/payments.md, "Surcharges"): kept beside the refund, negative, never in the ledger.
  const surchargeCents = Math.min(
    Math.max(0, providerCents - Number(asked.amount_cents)),
    Number(card.surcharge_cents),
  );
  try {
    return await recordPayment(
      deps,
      asked.order_id,
      {
        amount: typed(-Number(asked.amount_cents)),
        method: provider.methodId,
        receivedOn: todayOf(deps.books, receivedAt),
        reference: asked.refund_ref,
        reason: asked.reason,
        confirmDuplicate: true,
      },
      actor,
      {
        now,
        skipDuplicateChecks: true,
        creditRefund: true,
        ...(surchargeCents > 0 ? { cardSurchargeCents: -surchargeCents } : {}),
        within: async (trx, entry) => {
          await insertCardEntry(trx, {
            payment_id: entry.id,
            provider: provider.id,
            kind: 'refund',
            surcharge_cents: -surchargeCents,
            provider_ref: asked.refund_ref,
            charge_ref: card.provider_ref,
            session_id: null,
            fee_cents: null,
            net_cents: null,
            flag: '',
          });
          await setRefundState(trx, provider.id, asked.refund_ref, { status: 'succeeded', payment_id: entry.id });
        },
      },
    );
  } catch (err) {
    // The other path (answer or webhook) recorded it meanwhile: its transaction won.
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

/** A refund's new state at the provider: recorded when it succeeded, its reason kept when it failed. */
async function refundChanged(
  deps: PaymentsDeps,
  provider: PaymentProvider,
  refund: ProviderRefund,
  at: Date,
  now: Date,
): Promise<RecordedPayment | null> {
  const asked = await findRefund(deps.db, provider.id, refund.id);
  // The inbox's own refund, its answer not saved yet: the inbox's path records it.
  if (!asked)
    return refund.status === 'succeeded' && refund.origin !== 'inbox'
      ? outsideRefund(deps, provider, refund, at, now)
      : null;
  // Recorded, or kept for a clerk to record by hand (decision 032): never recorded again here.
  if (asked.payment_id || asked.status === 'unrecorded') return null;
  if (refund.status === 'failed') {
    await setRefundState(deps.db, provider.id, refund.id, { status: 'failed', failure: refund.failure });
    return null;
  }
  if (refund.status !== 'succeeded') return null;
  return recordRefund(deps, provider, asked, fullyAllowed(asked.requested_by), at, now, refund.amountCents);
}

/**
 * A refund made in the provider's dashboard (decision 032): recorded like the inbox's own, with
 * the credit note the books ask for, by the provider, its reason saying where it was made; when
 * no credit note comes to its amount to the cent, it is kept as "unrecorded" beside the payment,
 * with its amount, for a clerk to record by hand (the money has left: never ignored).
 */
async function outsideRefund(
  deps: PaymentsDeps,
  provider: PaymentProvider,
  refund: ProviderRefund,
  at: Date,
  now: Date,
): Promise<RecordedPayment | null> {
  const card = await cardEntryOf(deps.db, provider.id, refund.paymentRef);
  if (!card || card.kind !== 'payment') return null;
  const paid = await deps.db
    .selectFrom('payments')
    .select(['order_id', 'amount_cents'])
    .where('id', '=', card.payment_id)
    .executeTakeFirst();
  const order = paid ? await findOrder(deps.db, paid.order_id) : undefined;
  if (!paid || !order) return null;
  // A clerk already recorded it by hand, its id as the reference: the money left once.
  const byHand = await deps.db
    .selectFrom('payments')
    .select('id')
    .where('order_id', '=', paid.order_id)
    .where('reference', '=', refund.id)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('payment_voids')
            .select('payment_voids.payment_id')
            .whereRef('payment_voids.payment_id', '=', 'payments.id'),
        ),
      ),
    )
    .executeTakeFirst();
  if (byHand) return null;
  // A surcharged payment: the amount due and the surcharge it gives back, as the inbox would have
  // asked it (docs/payments.md, "Surcharges"); none fitting, a clerk records it by hand.
  const split = splitCardRefund(
    refund.amountCents,
    Number(paid.amount_cents),
    Number(card.surcharge_cents),
    await refundedSoFar(deps, paid.order_id, card.payment_id),
  );
  const plan = split ? await refundCreditPlan(deps, paid.order_id, split.amountCents, now) : null;
  const exact = plan !== null && plan.creditCents === plan.neededCents;
  const name = providerName(provider);
  await saveRefund(deps.db, {
    provider: provider.id,
    refund_ref: refund.id,
    order_id: paid.order_id,
    card_payment_id: card.payment_id,
    // The amount due it gives back (the surcharge part is the rest of the provider's amount); all of it when kept for a clerk.
    amount_cents: exact ? split!.amountCents : refund.amountCents,
    // The customer reads it on the credit note and the receipt, in the order's language.
    reason:
      languageOf(order) === 'fr' ? `Remboursé dans le tableau de bord de ${name}` : `Refunded in the ${name} Dashboard`,
    requested_by: provider.id,
    requested_at: at.toISOString(),
    status: exact ? 'pending' : 'unrecorded',
    failure: '',
    payment_id: null,
  });
  if (!exact) return null;
  const asked = (await findRefund(deps.db, provider.id, refund.id))!;
  try {
    // Whoever made it had the provider's Dashboard: refunding was theirs to decide.
    return await recordRefund(deps, provider, asked, fullyAllowed(provider.id), at, now, refund.amountCents);
  } catch (err) {
    // Dated in a closed period: kept for a clerk to record on an open day, never refused to Stripe.
    if (!(err instanceof DomainError && err.code === 'period_closed')) throw err;
    await setRefundState(deps.db, provider.id, refund.id, { status: 'unrecorded' });
    return null;
  }
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

/**
 * Gives back (part of) a card payment through the provider; recorded in the ledger, with its
 * receipt and the credit note the books ask for, once the provider confirms (its answer, or the
 * webhook for a refund it answers pending). Whoever may refund (the owner's Accounts page).
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
  const { entries } = await cardEntries(deps, orderId);
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
  // The credit note must come to the refund's invoiced part exactly, or the customer is billed a cent again.
  const plan = await refundCreditPlan(deps, orderId, cents, now);
  if (plan.creditCents !== plan.neededCents) {
    const near = [...Array(25).keys()].map((k) => k + 1);
    const below = near.map((k) => cents - k).find((c) => c > 0 && plan.exact(c));
    const above = near.map((k) => cents + k).find((c) => c <= payment.refundableCents && plan.exact(c));
    const options = [below, above].filter((c): c is number => c !== undefined);
    throw refusal(
      'invalid',
      'refund_not_exact',
      `No credit note comes to exactly ${formatCents(cents, 'en')} with this invoice's taxes rounded to the cent, and the customer would owe the difference: refund ${options.map((c) => formatCents(c, 'en')).join(' or ')}.`,
      `Aucune note de crédit ne donne exactement ${formatCents(cents, 'fr')} avec les taxes de cette facture arrondies au cent, et le client devrait la différence\u00a0: remboursez ${options.map((c) => formatCents(c, 'fr')).join(' ou ')}.`,
      'amount',
    );
  }
  // The surcharge paid with it goes back with it, pro rata (docs/payments.md, "Surcharges").
  const surchargeBack = surchargeRefundOf(
    payment.amountCents,
    payment.surchargeCents,
    cents,
    await refundedSoFar(deps, orderId, paymentId),
  );
  const result = await provider.refund(
    payment.providerRef,
    cents + surchargeBack,
    `refund:${paymentId}:${payment.refundableCents}:${cents}`,
  );
  if (result.status === 'refused')
    throw refusal(
      'conflict',
      'refund_refused',
      `${providerName(provider)} refused the refund: ${result.reason}`,
      `${providerName(provider)} a refusé le remboursement\u00a0: ${result.reason}`,
      'amount',
    );
  await saveRefund(deps.db, {
    provider: provider.id,
    refund_ref: result.id,
    order_id: orderId,
    card_payment_id: paymentId,
    // The amount due it gives back: the surcharge part is the rest of what the provider refunded.
    amount_cents: cents,
    reason,
    requested_by: actor.email,
    requested_at: now.toISOString(),
    status: 'pending',
    failure: '',
    payment_id: null,
  });
  if (result.status === 'pending') return { status: 'pending', refundId: result.id };
  const asked = (await findRefund(deps.db, provider.id, result.id))!;
  const refund = await recordRefund(deps, provider, asked, actor, now, now, result.amountCents);
  if (refund) return { status: 'recorded', refund };
  // The webhook recorded it first: the same refund, once.
  const entry = (await cardEntryOf(deps.db, provider.id, result.id))!;
  const row = (await cardEntriesOfOrder(deps.db, orderId)).find((r) => r.payment_id === entry.payment_id)!;
  return {
    status: 'recorded',
    refund: {
      id: row.payment_id,
      receiptNumber: row.receipt_number,
      account: await orderAccount(deps.db, deps.books, (await findOrder(deps.db, orderId))!, now),
    },
  };
}
