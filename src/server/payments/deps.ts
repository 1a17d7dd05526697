// What the payment files share (docs/payments.md): the services' dependencies, the provider
// when one is set up, and the small helpers checkout.ts, webhook.ts and refunds.ts read alike.
import { DomainError } from '../errors.js';
import type { InvoiceDeps } from '../invoices/index.js';
import { fromJson } from '../storage/json.js';
import type { OrderRow } from '../storage/schema.js';
import type { PaymentProvider } from './provider.js';

export interface PaymentsDeps extends InvoiceDeps {
  /** Absent when no provider is set up: nothing is offered online. */
  provider?: PaymentProvider | null;
}

export const refusal = (
  kind: 'conflict' | 'invalid' | 'bad_input',
  code: string,
  en: string,
  fr: string,
  field?: string,
) => new DomainError(kind, code, en, field ? [field] : undefined, { messageFr: fr });

/** Cents as recordPayment reads an amount typed by a clerk: "1234.05", "-20.00". */
export const typed = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

export const languageOf = (order: OrderRow): 'en' | 'fr' => (fromJson(order.document).language === 'fr' ? 'fr' : 'en');

export function providerOf(deps: PaymentsDeps): PaymentProvider {
  if (!deps.provider)
    throw refusal(
      'conflict',
      'payments_off',
      'Paying online is not available: pay another way below.',
      'Le paiement en ligne n’est pas offert\u00a0: payez autrement ci-dessous.',
    );
  return deps.provider;
}
