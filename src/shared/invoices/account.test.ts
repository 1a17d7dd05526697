// The account's arithmetic: the deposit's rounding, the states, credit notes' taxes, typed amounts.
import { describe, expect, it } from 'vitest';
import { accountOf, creditNoteTaxes, depositOf, readAmount } from './account.js';
import type { TaxLine } from '../taxes.js';

const tax = (code: 'GST' | 'QST', rate: number, taxable: number, amount: number): TaxLine => ({
  code,
  name: { en: code, fr: code },
  rateMilliPercent: rate,
  rateLabel: { en: '', fr: '' },
  taxableCents: taxable,
  amountCents: amount,
});

describe('the deposit', () => {
  it('is the percent of the total rounded half-up to the cent', () => {
    expect(depositOf(68985, 50)).toBe(34493);
    expect(depositOf(68985, 30)).toBe(20696);
    expect(depositOf(68985, 0)).toBe(0);
    expect(depositOf(68985, 100)).toBe(68985);
  });
});

describe('the account', () => {
  const invoice = { kind: 'invoice' as const, totalCents: 68985, depositCents: 34493 };
  it('moves from Deposit due to Deposit paid, Balance due once due, then Paid', () => {
    expect(accountOf({ documents: [], paymentsCents: [], balanceCameDue: false }).state).toBeNull();
    expect(accountOf({ documents: [invoice], paymentsCents: [10000], balanceCameDue: false })).toMatchObject({
      state: 'deposit_due',
      dueNowCents: 24493,
      balanceCents: 58985,
    });
    expect(accountOf({ documents: [invoice], paymentsCents: [34493], balanceCameDue: false }).state).toBe(
      'deposit_paid',
    );
    expect(accountOf({ documents: [invoice], paymentsCents: [34493], balanceCameDue: true })).toMatchObject({
      state: 'balance_due',
      dueNowCents: 34492,
    });
    expect(accountOf({ documents: [invoice], paymentsCents: [34493, 34492], balanceCameDue: true }).state).toBe('paid');
    // A refund brings the balance back.
    expect(
      accountOf({ documents: [invoice], paymentsCents: [34493, 34492, -2000], balanceCameDue: true }),
    ).toMatchObject({
      state: 'balance_due',
      balanceCents: 2000,
    });
  });

  it('subtracts credit notes and takes the deposit of the latest invoice', () => {
    const account = accountOf({
      documents: [
        invoice,
        { kind: 'credit_note', totalCents: 68985, depositCents: 0 },
        { kind: 'invoice', totalCents: 74734, depositCents: 37367 },
      ],
      paymentsCents: [34493],
      balanceCameDue: false,
    });
    expect(account).toMatchObject({
      invoicedCents: 74734,
      depositCents: 37367,
      state: 'deposit_due',
      dueNowCents: 2874,
    });
  });
});

describe('a credit note’s taxes', () => {
  const invoice = { subtotalCents: 60000, taxes: [tax('GST', 5000, 60000, 3000), tax('QST', 9975, 60000, 5985)] };
  it('credits the whole invoice exactly', () => {
    expect(creditNoteTaxes(invoice, 60000).totalCents).toBe(68985);
  });
  it('credits part of it in proportion, rounded half-up', () => {
    const part = creditNoteTaxes(invoice, 10000);
    expect(part.taxes.map((t) => t.amountCents)).toEqual([500, 998]);
    expect(part.totalCents).toBe(11498);
  });
});

describe('an amount as typed', () => {
  it('reads dollars and cents in both languages’ ways', () => {
    expect(readAmount('344.93')).toEqual({ cents: 34493 });
    expect(readAmount('$1,204.50')).toEqual({ cents: 120450 });
    expect(readAmount('344,93 $')).toEqual({ cents: 34493 });
    expect(readAmount('1\u202f204,50\u00a0$')).toEqual({ cents: 120450 });
    expect(readAmount('-20')).toEqual({ cents: -2000 });
  });
  it('refuses, never rounds or guesses', () => {
    expect(readAmount('12.345')).toEqual({ error: 'amount_decimals' });
    expect(readAmount('1,204')).toEqual({ error: 'amount_invalid' });
    expect(readAmount('0.00')).toEqual({ error: 'amount_zero' });
    expect(readAmount('1e3')).toEqual({ error: 'amount_invalid' });
    expect(readAmount('99999999999')).toEqual({ error: 'amount_too_large' });
    expect(readAmount('')).toEqual({ error: 'amount_invalid' });
  });
});
