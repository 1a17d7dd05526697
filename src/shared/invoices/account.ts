// An order's account (docs/accounts.md): what its invoices ask, what was paid, what is due now,
// and the one sentence every mail, page, PDF, list and reminder shows for it. Pure and in integer
// cents; nothing else in the product works out what a customer owes.
import { addDays } from '../dates.js';
import { applyRate, formatCents } from '../money.js';
import type { OrderStatus } from '../constants.js';

/** Where an order's money stands once it has an invoice (null before: nothing invoiced). */
export const PAYMENT_STATES = [
  'deposit_due',
  'deposit_paid',
  'balance_due',
  'paid',
  'overpaid',
  'credited',
  'cancelled',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PAYMENT_STATE_LABELS: Readonly<Record<PaymentState, { en: string; fr: string }>> = {
  deposit_due: { en: 'Deposit due', fr: 'Acompte dû' },
  deposit_paid: { en: 'Deposit paid', fr: 'Acompte payé' },
  balance_due: { en: 'Balance due', fr: 'Solde dû' },
  paid: { en: 'Paid', fr: 'Payée' },
  overpaid: { en: 'Overpaid', fr: 'Trop-payé' },
  credited: { en: 'Credited', fr: 'Créditée' },
  cancelled: { en: 'Cancelled, nothing asked', fr: 'Annulée, rien n’est demandé' },
};

/** The deposit of an invoice: `percent` of its total, rounded half-up to the cent. */
export function depositOf(totalCents: number, percent: number): number {
  if (totalCents <= 0) return 0;
  return applyRate(totalCents, percent * 1000);
}

/** When an invoice's balance comes due: when the order is ready (pickup, shipping), or N days after it. */
export interface BalanceTerms {
  balanceDue: 'pickup' | 'before_shipping' | 'days';
  balanceDays: number;
}

export interface AccountDocument {
  kind: 'invoice' | 'credit_note';
  totalCents: number;
  /** An invoice's deposit; 0 on a credit note. */
  depositCents: number;
  /** YYYY-MM-DD in the shop's calendar. */
  issueDate: string;
  /** An invoice's terms as it printed them. */
  terms?: BalanceTerms;
}

export interface AccountFacts {
  /** Invoices and credit notes, in the order they were issued. */
  documents: readonly AccountDocument[];
  /** Every payment; refunds are negative. */
  paymentsCents: readonly number[];
  /** The order's status; null once the order itself was deleted (its records stay). */
  status: OrderStatus | null;
  /** Today in the shop's calendar, YYYY-MM-DD. */
  today: string;
}

export interface Account {
  /** Null until the first invoice. */
  state: PaymentState | null;
  /** Invoices less credit notes. */
  invoicedCents: number;
  paidCents: number;
  /** What is still owed; negative when the shop owes the customer. */
  balanceCents: number;
  /** The latest invoice's deposit. */
  depositCents: number;
  /** What is left of that deposit (never more than the balance). */
  depositOutstandingCents: number;
  /** What the customer is asked to pay now: the rest of the deposit, or the balance once due. */
  dueNowCents: number;
  /** What the shop owes back (an overpayment, or what was paid on a cancelled order beyond what stays invoiced). */
  refundCents: number;
  /** A cancelled order's balance that nobody asks for (not credited yet). */
  notAskedCents: number;
  /** With terms of N days: the day the balance comes due; null otherwise. */
  balanceDueOn: string | null;
}

const NOTHING: Omit<Account, 'paidCents' | 'balanceCents' | 'refundCents'> = {
  state: null,
  invoicedCents: 0,
  depositCents: 0,
  depositOutstandingCents: 0,
  dueNowCents: 0,
  notAskedCents: 0,
  balanceDueOn: null,
};

/**
 * The account of an order. Once the balance has come due (the order is Ready or Completed, or
 * the latest invoice's N days have passed) the whole remainder is due, whatever the deposit; a
 * cancelled order asks for nothing; money paid beyond what stays invoiced is owed back.
 */
export function accountOf(facts: AccountFacts): Account {
  const paidCents = facts.paymentsCents.reduce((sum, cents) => sum + cents, 0);
  if (facts.documents.length === 0) {
    return { ...NOTHING, paidCents, balanceCents: -paidCents, refundCents: Math.max(0, paidCents) };
  }
  let invoicedCents = 0;
  let latest: AccountDocument | null = null;
  for (const d of facts.documents) {
    if (d.kind === 'invoice') {
      invoicedCents += d.totalCents;
      latest = d;
    } else invoicedCents -= d.totalCents;
  }
  const depositCents = latest?.depositCents ?? 0;
  const balanceCents = invoicedCents - paidCents;
  const balanceDueOn =
    latest?.terms?.balanceDue === 'days' ? addDays(latest.issueDate, latest.terms.balanceDays) : null;
  const cameDue =
    facts.status === 'ready' || facts.status === 'completed' || (balanceDueOn !== null && facts.today >= balanceDueOn);
  const depositOutstandingCents = Math.max(0, Math.min(depositCents - paidCents, balanceCents));
  const base = {
    invoicedCents,
    paidCents,
    balanceCents,
    depositCents,
    depositOutstandingCents,
    balanceDueOn,
    refundCents: Math.max(0, -balanceCents),
    notAskedCents: 0,
    dueNowCents: 0,
  };
  if (balanceCents < 0) return { ...base, state: 'overpaid' };
  if (balanceCents === 0) return { ...base, state: invoicedCents === 0 && paidCents === 0 ? 'credited' : 'paid' };
  if (facts.status === 'cancelled' || facts.status === null)
    return { ...base, state: 'cancelled', notAskedCents: balanceCents };
  if (cameDue) return { ...base, state: 'balance_due', dueNowCents: balanceCents };
  if (depositOutstandingCents > 0) return { ...base, state: 'deposit_due', dueNowCents: depositOutstandingCents };
  return { ...base, state: 'deposit_paid' };
}

/** True when a move to In production, Ready or Completed needs an override (docs/accounts.md, "The gate"). */
export function depositUnpaid(account: Account): boolean {
  return account.depositOutstandingCents > 0;
}

type Language = 'en' | 'fr';

/**
 * The account in one sentence, as every mail, page, PDF and list shows it: "Deposit due: $324.03",
 * "Balance due: $648.06", "Paid in full", "Overpaid: $12.00 to be refunded"...
 */
export function accountHeadline(account: Account, language: Language): string {
  const m = (cents: number) => formatCents(cents, language);
  const fr = language === 'fr';
  switch (account.state) {
    case null:
      return fr ? 'Rien n’est encore facturé' : 'Nothing invoiced yet';
    case 'deposit_due':
      return fr ? `Acompte dû\u00a0: ${m(account.dueNowCents)}` : `Deposit due: ${m(account.dueNowCents)}`;
    case 'balance_due':
      return fr ? `Solde dû\u00a0: ${m(account.dueNowCents)}` : `Balance due: ${m(account.dueNowCents)}`;
    case 'deposit_paid':
      return fr
        ? `Acompte payé\u00a0; solde de ${m(account.balanceCents)} à venir`
        : `Deposit paid; balance of ${m(account.balanceCents)} to come`;
    case 'paid':
      return fr ? 'Payée en entier' : 'Paid in full';
    case 'overpaid':
      return fr
        ? `Trop-payé\u00a0: ${m(account.refundCents)} à rembourser`
        : `Overpaid: ${m(account.refundCents)} to be refunded`;
    case 'credited':
      return fr ? 'Créditée en entier\u00a0: rien n’est dû' : 'Credited in full: nothing is due';
    case 'cancelled':
      return fr ? 'Commande annulée\u00a0: rien n’est demandé' : 'Order cancelled: nothing is asked';
  }
}

export type { OrderStatus };
