// How a customer may pay, one entry per method: its name, what a clerk records with it, and the
// instructions the customer's page, the invoice and its email give. A provider's card payment
// would be one more entry here (with its own checkout step), leaving the rest untouched.
import { deName } from '../french.js';
import { formatCents } from '../money.js';
import { surchargeRateLabel, type CardCharge } from './surcharge.js';
import type { PaymentMethodId, PaymentTerms } from './terms.js';

type Language = 'en' | 'fr';
type Bilingual = { en: string; fr: string };

export interface PaymentContext {
  terms: Pick<PaymentTerms, 'etransferEmail' | 'autodeposit'>;
  /** The order's reference: what the customer writes with a payment so the shop can match it. */
  reference: string;
  /** Whom a cheque is made out to. */
  legalName: string;
  dueNowCents: number;
  /** The order's page, opened at its Pay button (a card paid online; never a card form). */
  payUrl?: string;
  /**
   * What that Pay button charges (docs/payments.md, "Surcharges"): the card's instructions say its
   * total and surcharge, as the button does, rather than the amount due alone.
   */
  cardCharge?: CardCharge;
}

export interface PaymentMethod {
  id: PaymentMethodId;
  label: Bilingual;
  /** What the clerk records beside the amount (the e-Transfer's reference number…), if anything. */
  referenceLabel: Bilingual | null;
  /** The customer's instructions, one sentence per entry. */
  instructions(context: PaymentContext, language: Language): string[];
}

const etransfer: PaymentMethod = {
  id: 'etransfer',
  label: { en: 'Interac e-Transfer', fr: 'Virement Interac' },
  referenceLabel: { en: 'e-Transfer reference number', fr: 'Numéro de référence du virement' },
  instructions({ terms, reference, dueNowCents }, language) {
    const amount = formatCents(dueNowCents, language);
    if (language === 'fr') {
      return [
        `Envoyez ${amount} par virement Interac à ${terms.etransferEmail}.`,
        `Dans le message du virement, écrivez\u00a0: ${reference}`,
        terms.autodeposit
          ? 'Le dépôt automatique est activé\u00a0: aucune question de sécurité n’est nécessaire.'
          : 'Communiquez-nous la réponse à la question de sécurité par un autre moyen que le message du virement.',
      ];
    }
    return [
      `Send ${amount} by Interac e-Transfer to ${terms.etransferEmail}.`,
      `In the e-Transfer's message, write: ${reference}`,
      terms.autodeposit
        ? 'Autodeposit is on: no security question is needed.'
        : "Send us the security question's answer another way than the e-Transfer's message.",
    ];
  },
};

const inStore: PaymentMethod = {
  id: 'in_store',
  label: { en: 'In store (debit, credit card or cash)', fr: 'En boutique (débit, carte de crédit ou comptant)' },
  referenceLabel: null,
  instructions({ reference }, language) {
    return language === 'fr'
      ? [`Payez en boutique par débit, carte de crédit ou comptant en donnant la référence ${reference}.`]
      : [`Pay at the shop by debit, credit card or cash, giving the reference ${reference}.`];
  },
};

const cheque: PaymentMethod = {
  id: 'cheque',
  label: { en: 'Cheque', fr: 'Chèque' },
  referenceLabel: { en: 'Cheque number', fr: 'Numéro du chèque' },
  instructions({ reference, legalName }, language) {
    return language === 'fr'
      ? [`Faites votre chèque à l’ordre ${deName(legalName)} et inscrivez-y ${reference}.`]
      : [`Make your cheque payable to ${legalName} and write ${reference} on it.`];
  },
};

/** A card paid on the provider's hosted page (payments/, docs/payments.md): recorded by its webhook. */
const cardStripe: PaymentMethod = {
  id: 'card_stripe',
  label: { en: 'Card (Stripe)', fr: 'Carte (Stripe)' },
  referenceLabel: { en: 'Stripe payment (pi_…)', fr: 'Paiement Stripe (pi_…)' },
  instructions({ dueNowCents, payUrl, cardCharge }, language) {
    const link = payUrl ? [payUrl] : [];
    const money = (cents: number) => formatCents(cents, language);
    const charge = cardCharge ?? {
      amountCents: dueNowCents,
      surchargeCents: 0,
      totalCents: dueNowCents,
      basisPoints: 0,
    };
    const total = money(charge.totalCents);
    if (charge.surchargeCents > 0) {
      const rate = surchargeRateLabel(charge.basisPoints)[language];
      const amount = money(charge.amountCents);
      const surcharge = money(charge.surchargeCents);
      return language === 'fr'
        ? [
            `Payez ${total} par carte en ligne avec le bouton Payer de la page de votre commande\u00a0: ${amount} et des frais de carte (${rate}) de ${surcharge}, exigés sur les paiements par carte seulement.`,
            ...link,
          ]
        : [
            `Pay ${total} by card online with the Pay button on your order's page: ${amount} and a card surcharge (${rate}) of ${surcharge}, charged on card payments only.`,
            ...link,
          ];
    }
    return language === 'fr'
      ? [`Payez ${total} par carte en ligne avec le bouton Payer de la page de votre commande.`, ...link]
      : [`Pay ${total} by card online with the Pay button on your order's page.`, ...link];
  },
};

export const PAYMENT_METHODS: Readonly<Record<PaymentMethodId, PaymentMethod>> = {
  etransfer,
  in_store: inStore,
  cheque,
  card_stripe: cardStripe,
};

/** The methods the terms offer, in the terms' order. */
export function offeredMethods(terms: Pick<PaymentTerms, 'methods'>): PaymentMethod[] {
  // The card is offered by its own Pay button, never among the methods the terms list.
  return terms.methods.map((id) => PAYMENT_METHODS[id]);
}

/**
 * A payment's reference as the duplicate check compares it (docs/accounts.md, "Duplicates"):
 * letters and digits as typed, case, spaces and dashes aside ("CA-123 abc" and "ca123ABC" match).
 */
export function normalisedReference(reference: string): string {
  return reference
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{Pd}]/gu, '');
}
