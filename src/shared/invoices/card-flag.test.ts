import { describe, expect, it } from 'vitest';
import { amountFlagOf, amountFlagText, readAmountFlag, storedFlag, type AmountFlag } from './card-flag.js';

const short: AmountFlag = {
  receivedCents: 30000,
  receivedCurrency: 'cad',
  expectedCents: 33900,
  expectedCurrency: 'cad',
  provider: 'stripe',
};

describe('a card payment’s amount flag', () => {
  it('is none when what came in is what the checkout asked, in any case of currency', () => {
    expect(amountFlagOf({ ...short, receivedCents: 33900, receivedCurrency: 'CAD' })).toBeNull();
    expect(storedFlag(amountFlagOf({ ...short, receivedCents: 33900 }))).toBe('');
    expect(readAmountFlag('')).toBeNull();
  });

  it('is kept as figures and read back as stored', () => {
    const flag = amountFlagOf(short)!;
    expect(flag).toEqual({ ...short, receivedCurrency: 'CAD', expectedCurrency: 'CAD' });
    expect(readAmountFlag(storedFlag(flag))).toEqual(flag);
    expect(readAmountFlag('{"receivedCents":"lots"}')).toBeNull();
  });

  it('reads the English sentence stored before flags were figures', () => {
    expect(
      readAmountFlag(
        'Received 1234.05 USD; the checkout asked 339.00 CAD. Check the payment in stripe before relying on it.',
      ),
    ).toEqual({
      receivedCents: 123405,
      receivedCurrency: 'USD',
      expectedCents: 33900,
      expectedCurrency: 'CAD',
      provider: 'stripe',
    });
  });

  it('says it in English and in Canadian French', () => {
    const flag = amountFlagOf(short)!;
    expect(amountFlagText(flag, 'en')).toBe(
      'Amount differs: received $300.00; the checkout asked $339.00. Check the payment in Stripe before relying on it.',
    );
    expect(amountFlagText(flag, 'fr')).toBe(
      'Montant différent\u00a0: reçu 300,00\u00a0$, alors que le paiement demandait 339,00\u00a0$. Vérifiez ce paiement dans Stripe avant de vous y fier.',
    );
    const usd = amountFlagOf({ ...short, receivedCents: 123405, receivedCurrency: 'usd' })!;
    expect(amountFlagText(usd, 'en')).toContain('received 1,234.05\u00a0USD;');
    expect(amountFlagText(usd, 'fr')).toContain('reçu 1\u202f234,05\u00a0USD,');
  });
});
