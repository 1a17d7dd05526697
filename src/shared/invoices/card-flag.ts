// A card payment whose amount or currency differs from what its checkout asked (docs/payments.md,
// "The webhook"): recorded as received, and flagged for a clerk. The flag is kept as figures
// (`card_payments.flag`, JSON), never as a sentence, so the inbox says it in the clerk's language.
import { formatCents } from '../money.js';

/** What came in against what the checkout asked, and the provider to check it in. */
export interface AmountFlag {
  receivedCents: number;
  receivedCurrency: string;
  expectedCents: number;
  expectedCurrency: string;
  /** The provider's id ("stripe"). */
  provider: string;
}

/** The flag of a payment, or null when what came in is what was asked. */
export function amountFlagOf(flag: AmountFlag): AmountFlag | null {
  const same =
    flag.receivedCents === flag.expectedCents &&
    flag.receivedCurrency.toLowerCase() === flag.expectedCurrency.toLowerCase();
  return same
    ? null
    : {
        ...flag,
        receivedCurrency: flag.receivedCurrency.toUpperCase(),
        expectedCurrency: flag.expectedCurrency.toUpperCase(),
      };
}

/** As stored beside the payment: '' for none. */
export const storedFlag = (flag: AmountFlag | null): string => (flag ? JSON.stringify(flag) : '');

const isFlag = (x: unknown): x is AmountFlag => {
  if (typeof x !== 'object' || x === null) return false;
  const f = x as Record<string, unknown>;
  return (
    Number.isSafeInteger(f.receivedCents) &&
    Number.isSafeInteger(f.expectedCents) &&
    typeof f.receivedCurrency === 'string' &&
    typeof f.expectedCurrency === 'string' &&
    typeof f.provider === 'string'
  );
};

/** The English sentence stored before flags were kept as figures. */
const OLD_SENTENCE =
  /^Received (-?\d+)\.(\d{2}) ([A-Za-z]{3}); the checkout asked (-?\d+)\.(\d{2}) ([A-Za-z]{3})\. Check the payment in (\S+) before relying on it\.$/;

const centsOf = (whole: string, fraction: string) =>
  (whole.startsWith('-') ? -1 : 1) * (Math.abs(Number(whole)) * 100 + Number(fraction));

/** A stored flag read back: figures (JSON), or a sentence stored before them; null when none. */
export function readAmountFlag(stored: string): AmountFlag | null {
  if (!stored) return null;
  if (stored.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(stored);
      return isFlag(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
  const old = OLD_SENTENCE.exec(stored);
  if (!old) return null;
  return {
    receivedCents: centsOf(old[1]!, old[2]!),
    receivedCurrency: old[3]!.toUpperCase(),
    expectedCents: centsOf(old[4]!, old[5]!),
    expectedCurrency: old[6]!.toUpperCase(),
    provider: old[7]!,
  };
}

/** An amount in a currency: "$300.00" / « 300,00 $ » in dollars (CAD), else "300.00 USD" / « 300,00 USD ». */
function amountIn(cents: number, currency: string, language: 'en' | 'fr'): string {
  if (currency.toUpperCase() === 'CAD') return formatCents(cents, language);
  const number = formatCents(cents, language).replace(/\$/g, '').trim();
  return `${number}\u00a0${currency.toUpperCase()}`;
}

/** The provider as people name it. */
const providerName = (provider: string): string => (provider === 'stripe' ? 'Stripe' : provider);

/** What a clerk reads beside the payment, in English or Canadian French. */
export function amountFlagText(flag: AmountFlag, language: 'en' | 'fr'): string {
  const received = amountIn(flag.receivedCents, flag.receivedCurrency, language);
  const expected = amountIn(flag.expectedCents, flag.expectedCurrency, language);
  const name = providerName(flag.provider);
  return language === 'fr'
    ? `Montant différent\u00a0: reçu ${received}, alors que le paiement demandait ${expected}. Vérifiez ce paiement dans ${name} avant de vous y fier.`
    : `Amount differs: received ${received}; the checkout asked ${expected}. Check the payment in ${name} before relying on it.`;
}
