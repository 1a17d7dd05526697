// Card refunds (docs/payments.md, "Refunds" and "Surcharges"): an order's card payments and
// refunds as the inbox shows them, a refund asked through the provider and recorded once it
// confirms (the API's answer or the webhook), with the credit note the books ask for, and a
// refund made in the provider's Dashboard recorded or kept for a clerk (decision 032).
import { AMOUNT_ERRORS, readMoney } from '../../shared/amounts.js';
import { readAmountFlag } from '../../shared/invoices/card-flag.js';
import type { CardPaymentsView } from '../../shared/invoices/invoice-api.js';
import { splitCardRefund, surchargeRefundOf, type RefundedSoFar } from '../../shared/invoices/surcharge.js';
import { formatCents } from '../../shared/money.js';
import { DomainError } from '../errors.js';
import {
  fullyAllowed,
  may,
  orderAccount,
  paymentsOfOrder,
  recordPayment,
  refundCreditPlan,
  todayOf,
  type Actor,
  type RecordedPayment,
} from '../invoices/index.js';
import { findOrder, isUniqueViolation } from '../storage/orders.js';
import { languageOf, providerOf, refusal, typed, type PaymentsDeps } from './deps.js';
import {
  cardEntriesOfOrder,
  cardEntryOf,
  findRefund,
  insertCardEntry,
  refundsOfOrder,
  saveRefund,
  setRefundState,
  type CardRefundRow,
} from './payment-store.js';
import type { PaymentProvider, ProviderRefund } from './provider.js';

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
export async function refundChanged(
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
