// The shop's payment terms (set by an owner in the inbox): how much of an invoice is due as a
// deposit, when the balance is due, how the customer may pay, and when an unpaid deposit is
// reminded. Shared so the inbox edits exactly what the server checks and prints.
import { z } from 'zod';
import type { Account, BalanceTerms } from './account.js';

/** The methods a customer is told about (the terms offer them); a card paid online is recorded too. */
export const OFFERED_METHOD_IDS = ['etransfer', 'in_store', 'cheque'] as const;
export const PAYMENT_METHOD_IDS = [...OFFERED_METHOD_IDS, 'card_stripe'] as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

/** What a customer may pay online by card (docs/payments.md): nothing, the deposit, the balance, or both. */
export const CARD_PAYMENT_CHOICES = ['off', 'deposits', 'balances', 'both'] as const;
export type CardPaymentChoice = (typeof CARD_PAYMENT_CHOICES)[number];

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
    methods: z.array(z.enum(OFFERED_METHOD_IDS)).min(1).max(OFFERED_METHOD_IDS.length),
    /** Pay online by card (only while the provider's keys are set): off until an owner turns it on. */
    cardPayments: z.enum(CARD_PAYMENT_CHOICES).default('off'),
    /**
     * A card surcharge in basis points (240: 2.4 %), off (0) by default; the terms route refuses
     * what surchargeRefusal refuses (above 2.4 %, not in hundredths of a percent, a Quebec shop).
     */
    cardSurchargeBasisPoints: z.number().min(0).max(10_000).default(0),
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
    methods: [...OFFERED_METHOD_IDS],
    cardPayments: 'off',
    cardSurchargeBasisPoints: 0,
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

/**
 * What the customer may pay online by card now: the amount due now, when the owner's choice
 * covers it (the deposit, the balance) and the provider is set up; else 0.
 */
export function cardPaymentDue(
  choice: CardPaymentChoice,
  account: Pick<Account, 'state' | 'dueNowCents'>,
  providerReady: boolean,
): number {
  if (!providerReady || account.dueNowCents <= 0) return 0;
  if (account.state === 'deposit_due' && (choice === 'deposits' || choice === 'both')) return account.dueNowCents;
  if (account.state === 'balance_due' && (choice === 'balances' || choice === 'both')) return account.dueNowCents;
  return 0;
}
