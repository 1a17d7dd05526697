// The shop's payment terms (set by an owner in the inbox): how much of an invoice is due as a
// deposit, when the balance is due, how the customer may pay, and when an unpaid deposit is
// reminded. Shared so the inbox edits exactly what the server checks and prints.
import { z } from 'zod';
import type { BalanceTerms } from './account.js';

export const PAYMENT_METHOD_IDS = ['etransfer', 'in_store', 'cheque'] as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

/**
 * When the balance is due: when the order is ready (each invoice then says "at pickup" or "before
 * shipping", as the order is picked up or shipped), or N days after the invoice. Terms saved
 * before this choice said pickup or before_shipping for every order; both read as when_ready.
 */
export const BALANCE_DUE_KINDS = ['when_ready', 'days'] as const;

export const paymentTermsSchema = z
  .object({
    /** Whole percent of the invoice total due before production; 0 asks for none. */
    depositPercent: z.number().int().min(0).max(100),
    balanceDue: z.preprocess(
      (v) => (v === 'pickup' || v === 'before_shipping' ? 'when_ready' : v),
      z.enum(BALANCE_DUE_KINDS),
    ),
    /** With balanceDue "days": due this many days after the invoice. */
    balanceDays: z.number().int().min(1).max(365),
    etransferEmail: z.string().trim().max(254),
    /** With autodeposit on, an e-Transfer needs no security question. */
    autodeposit: z.boolean(),
    methods: z.array(z.enum(PAYMENT_METHOD_IDS)).min(1).max(PAYMENT_METHOD_IDS.length),
    /** Days an unpaid deposit waits before the customer is reminded; 0 turns reminders off. */
    reminderDays: z.number().int().min(0).max(365),
  })
  .superRefine((terms, ctx) => {
    if (new Set(terms.methods).size !== terms.methods.length) {
      ctx.addIssue({ code: 'custom', path: ['methods'], message: 'Each payment method once.' });
    }
    if (terms.methods.includes('etransfer') && !z.string().email().safeParse(terms.etransferEmail).success) {
      ctx.addIssue({
        code: 'custom',
        path: ['etransferEmail'],
        message: 'Give the email address e-Transfers are sent to, or stop offering e-Transfer.',
      });
    }
  });

export type PaymentTerms = z.infer<typeof paymentTermsSchema>;

/** The terms of a shop that never set its own: half up front, the rest at pickup. */
export function defaultTerms(shopEmail: string): PaymentTerms {
  return {
    depositPercent: 50,
    balanceDue: 'when_ready',
    balanceDays: 30,
    etransferEmail: shopEmail,
    autodeposit: false,
    methods: [...PAYMENT_METHOD_IDS],
    reminderDays: 7,
  };
}

/** An invoice's own terms: the shop's, with "when ready" made this order's pickup or shipping. */
export function invoiceBalanceTerms(
  terms: Pick<PaymentTerms, 'balanceDue' | 'balanceDays'>,
  pickup: boolean,
): BalanceTerms {
  return {
    balanceDue: terms.balanceDue === 'days' ? 'days' : pickup ? 'pickup' : 'before_shipping',
    balanceDays: terms.balanceDays,
  };
}

/** When the balance is due, as the invoice says it. */
export function balanceDueText(terms: BalanceTerms, language: 'en' | 'fr'): string {
  switch (terms.balanceDue) {
    case 'pickup':
      return language === 'fr' ? 'Solde payable à la cueillette.' : 'Balance due at pickup.';
    case 'before_shipping':
      return language === 'fr' ? 'Solde payable avant l’expédition.' : 'Balance due before shipping.';
    case 'days':
      return language === 'fr'
        ? `Solde payable dans les ${terms.balanceDays} jours suivant la date de la facture.`
        : `Balance due within ${terms.balanceDays} days of the invoice date.`;
  }
}
