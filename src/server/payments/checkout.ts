// The customer's checkout (docs/payments.md, "What the customer sees"): made when the customer
// presses Pay, for exactly the amount the one account asks now, and where it stands once the
// customer is back from the provider's page.
import { surchargeRateLabel } from '../../shared/invoices/surcharge.js';
import { invoicesOfOrder, orderAccount, payOnlineOf, readTerms } from '../invoices/index.js';
import type { OrderRow } from '../storage/schema.js';
import { languageOf, providerOf, refusal, type PaymentsDeps } from './deps.js';
import { findCheckout, openCheckoutOf, saveCheckout } from './payment-store.js';

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
