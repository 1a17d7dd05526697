// An order's account: what its invoices ask, what was paid, what is due now, and the one word
// the inbox and the customer's page show for it. Pure and in integer cents, so the inbox, the
// customer's page, the PDFs and the server's checks all come to the same amounts.
import { applyRate } from '../money.js';
import type { TaxLine } from '../taxes.js';

export const PAYMENT_STATES = ['deposit_due', 'deposit_paid', 'balance_due', 'paid'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PAYMENT_STATE_LABELS: Readonly<Record<PaymentState, { en: string; fr: string }>> = {
  deposit_due: { en: 'Deposit due', fr: 'Acompte dû' },
  deposit_paid: { en: 'Deposit paid', fr: 'Acompte payé' },
  balance_due: { en: 'Balance due', fr: 'Solde dû' },
  paid: { en: 'Paid', fr: 'Payée' },
};

/** The deposit of an invoice: `percent` of its total, rounded half-up to the cent. */
export function depositOf(totalCents: number, percent: number): number {
  if (totalCents <= 0) return 0;
  return applyRate(totalCents, percent * 1000);
}

export interface AccountDocument {
  kind: 'invoice' | 'credit_note';
  totalCents: number;
  /** An invoice's deposit; 0 on a credit note. */
  depositCents: number;
}

export interface AccountFacts {
  /** Invoices and credit notes, in the order they were issued. */
  documents: readonly AccountDocument[];
  /** Every payment; refunds are negative. */
  paymentsCents: readonly number[];
  /** The balance has come due: the order is Ready or later, or the terms' date has passed. */
  balanceCameDue: boolean;
}

export interface Account {
  /** Invoices less credit notes. */
  invoicedCents: number;
  paidCents: number;
  /** What is still owed; negative when the shop owes the customer. */
  balanceCents: number;
  /** The latest invoice's deposit. */
  depositCents: number;
  /** What the customer should pay now: the rest of the deposit, or the balance once due. */
  dueNowCents: number;
  state: PaymentState | null;
}

export function accountOf(facts: AccountFacts): Account {
  let invoicedCents = 0;
  let depositCents = 0;
  for (const d of facts.documents) {
    if (d.kind === 'invoice') {
      invoicedCents += d.totalCents;
      depositCents = d.depositCents;
    } else {
      invoicedCents -= d.totalCents;
    }
  }
  const paidCents = facts.paymentsCents.reduce((sum, cents) => sum + cents, 0);
  const balanceCents = invoicedCents - paidCents;
  if (facts.documents.length === 0) {
    return { invoicedCents: 0, paidCents, balanceCents, depositCents: 0, dueNowCents: 0, state: null };
  }
  let state: PaymentState;
  let dueNowCents = 0;
  if (balanceCents <= 0) state = 'paid';
  else if (paidCents < depositCents) {
    state = 'deposit_due';
    dueNowCents = Math.min(depositCents - paidCents, balanceCents);
  } else if (facts.balanceCameDue) {
    state = 'balance_due';
    dueNowCents = balanceCents;
  } else state = 'deposit_paid';
  return { invoicedCents, paidCents, balanceCents, depositCents, dueNowCents, state };
}

export interface CreditedTaxes {
  taxes: TaxLine[];
  totalCents: number;
}

/**
 * The taxes of a credit of `subtotalCents` against an invoice: each of the invoice's taxes in
 * proportion (the whole subtotal credits every tax exactly), rounded half-up to the cent.
 */
export function creditNoteTaxes(
  invoice: { subtotalCents: number; taxes: readonly TaxLine[] },
  subtotalCents: number,
): CreditedTaxes {
  const whole = subtotalCents === invoice.subtotalCents;
  const taxes = invoice.taxes.map((t) => {
    const amountCents = whole
      ? t.amountCents
      : Number(
          (BigInt(t.amountCents) * BigInt(subtotalCents) * 2n + BigInt(invoice.subtotalCents)) /
            (2n * BigInt(invoice.subtotalCents)),
        );
    const taxableCents = whole
      ? t.taxableCents
      : Number(
          (BigInt(t.taxableCents) * BigInt(subtotalCents) * 2n + BigInt(invoice.subtotalCents)) /
            (2n * BigInt(invoice.subtotalCents)),
        );
    return { ...t, taxableCents, amountCents };
  });
  return { taxes, totalCents: subtotalCents + taxes.reduce((sum, t) => sum + t.amountCents, 0) };
}

export type AmountError = 'amount_invalid' | 'amount_decimals' | 'amount_zero' | 'amount_too_large';

export const MAX_PAYMENT_CENTS = 100_000_000; // $1,000,000.00

/**
 * An amount as a clerk types it ("344.93", "$1,204.00", "344,93 $", "-20" for a refund), in
 * whole cents, or why not: more than two decimals is refused, never rounded.
 */
export function readAmount(text: string): { cents: number } | { error: AmountError } {
  let t = text.replace(/[$\s\u00a0\u202f]/g, '');
  const negative = t.startsWith('-');
  if (negative) t = t.slice(1);
  let normalised: string;
  if (t.includes('.')) {
    // "1,204.50": commas group thousands.
    if (!/^\d{1,3}(,\d{3})*(\.\d*)?$/.test(t) && t.includes(',')) return { error: 'amount_invalid' };
    normalised = t.replace(/,/g, '');
  } else if (t.includes(',')) {
    // "344,93": a decimal comma. "1,204" could be either, so it is refused rather than guessed.
    const decimal = /^(\d+),(\d+)$/.exec(t);
    if (!decimal || decimal[2]!.length === 3) return { error: 'amount_invalid' };
    normalised = `${decimal[1]}.${decimal[2]}`;
  } else normalised = t;
  const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(normalised);
  if (!m) return { error: 'amount_invalid' };
  if ((m[2] ?? '').length > 2) return { error: 'amount_decimals' };
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (cents === 0) return { error: 'amount_zero' };
  if (cents > MAX_PAYMENT_CENTS) return { error: 'amount_too_large' };
  return { cents: negative ? -cents : cents };
}

export const AMOUNT_ERRORS: Readonly<Record<AmountError, { en: string; fr: string }>> = {
  amount_invalid: {
    en: 'Enter the amount in dollars and cents, like 344.93.',
    fr: 'Entrez le montant en dollars et en cents, par exemple 344,93.',
  },
  amount_decimals: {
    en: 'An amount has at most 2 decimals (cents).',
    fr: 'Un montant a au plus 2 décimales (les cents).',
  },
  amount_zero: { en: 'The amount cannot be 0.', fr: 'Le montant ne peut pas être 0.' },
  amount_too_large: {
    en: 'The amount cannot be more than $1,000,000.00.',
    fr: 'Le montant ne peut pas dépasser 1 000 000,00 $.',
  },
};
