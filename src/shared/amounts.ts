// Amounts as people type them, read strictly in one place for every box that takes dollars (a
// payment, a credit, a quote's unit price, a price list's cell, a supplier's price file): "344.93",
// "$1,204.00", "1 204,50 $", "-20" for a refund or a discount. Spaces only where the amount's own
// grouping puts them, so " 1 0 " is refused rather than read as $10.00; more than two decimals is
// refused, never rounded.

export type AmountError = 'amount_invalid' | 'amount_decimals' | 'amount_zero' | 'amount_too_large';

export const MAX_PAYMENT_CENTS = 100_000_000; // $1,000,000.00

const SPACES = /[\s\u00a0\u202f]/g;

export interface MoneyRules {
  /** 0 is an amount (a price not yet set), not a mistake. */
  allowZero?: boolean;
  /** A minus sign is allowed (a refund, a discount). */
  allowNegative?: boolean;
  /** The most cents the box takes. */
  maxCents?: number;
}

/** A payment or refund as a clerk records it: never 0, at most $1,000,000.00. */
export function readAmount(text: string): { cents: number } | { error: AmountError } {
  return readMoney(text, { allowNegative: true });
}

/** Dollars as typed, in whole cents, or why not. */
export function readMoney(text: string, rules: MoneyRules = {}): { cents: number } | { error: AmountError } {
  // The typographic minus (U+2212) is a minus.
  let t = text
    .trim()
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/^\u2212/, '-');
  const negative = t.startsWith('-');
  if (negative && !rules.allowNegative) return { error: 'amount_invalid' };
  if (negative) t = t.slice(1).trimStart();
  // The sign goes before ("$12.50") or after with a space ("12,50 $"), once.
  if (t.startsWith('$')) t = t.slice(1);
  else if (/\s?\$$/.test(t)) t = t.replace(/\s?\$$/, '');
  if (t.includes('$')) return { error: 'amount_invalid' };
  let whole: string;
  let fraction = '';
  // Thousands grouped by commas with a decimal point, or by spaces with either mark.
  const english = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?$/.exec(t);
  const spaced = /^(\d{1,3}(?: \d{3})+|\d+)(?:[.,](\d*))?$/.exec(t);
  if (english) {
    whole = english[1]!.replace(/,/g, '');
    fraction = english[2] ?? '';
  } else if (spaced) {
    whole = spaced[1]!.replace(SPACES, '');
    fraction = spaced[2] ?? '';
    // "1,204" with no space could be either; english above took it only as thousands with a point.
  } else return { error: 'amount_invalid' };
  if (/^\d+,\d{3}$/.test(t)) return { error: 'amount_invalid' };
  if (whole.length > 12) return { error: 'amount_too_large' };
  if (fraction.length > 2) return { error: 'amount_decimals' };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents === 0 && !rules.allowZero) return { error: 'amount_zero' };
  if (cents > (rules.maxCents ?? MAX_PAYMENT_CENTS)) return { error: 'amount_too_large' };
  return { cents: negative && cents !== 0 ? -cents : cents };
}

/** The cents of an amount as typed, or null: for the boxes that say "not an amount" beside themselves. */
export function moneyOrNull(text: string, rules: MoneyRules): number | null {
  const read = readMoney(text, rules);
  return 'cents' in read ? read.cents : null;
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
