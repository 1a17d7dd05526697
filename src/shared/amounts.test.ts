// Amounts as a clerk types them: read strictly, never rounded or guessed.
import { describe, expect, it } from 'vitest';
import { readAmount, readMoney } from './amounts.js';

describe('an amount as typed', () => {
  it('reads dollars and cents in both languages’ ways', () => {
    expect(readAmount('344.93')).toEqual({ cents: 34493 });
    expect(readAmount('$1,204.50')).toEqual({ cents: 120450 });
    expect(readAmount('344,93 $')).toEqual({ cents: 34493 });
    expect(readAmount('1\u202f204,50\u00a0$')).toEqual({ cents: 120450 });
    expect(readAmount('1 204,50 $')).toEqual({ cents: 120450 });
    expect(readAmount(' 20.00 ')).toEqual({ cents: 2000 });
    expect(readAmount('-20')).toEqual({ cents: -2000 });
  });
  it('refuses, never rounds or guesses', () => {
    expect(readAmount('12.345')).toEqual({ error: 'amount_decimals' });
    expect(readAmount('1,204')).toEqual({ error: 'amount_invalid' });
    expect(readAmount('344,931')).toEqual({ error: 'amount_invalid' });
    expect(readAmount('0.00')).toEqual({ error: 'amount_zero' });
    expect(readAmount('1e3')).toEqual({ error: 'amount_invalid' });
    expect(readAmount('0x10')).toEqual({ error: 'amount_invalid' });
    expect(readAmount('99999999999')).toEqual({ error: 'amount_too_large' });
    expect(readAmount('9999999999999')).toEqual({ error: 'amount_too_large' });
    expect(readAmount('')).toEqual({ error: 'amount_invalid' });
    expect(readAmount('$12$')).toEqual({ error: 'amount_invalid' });
  });
  // The reproduction: " 1 0 " was read as $10.00.
  it('refuses spaces inside a number that are not its thousands', () => {
    expect(readAmount(' 1 0 ')).toEqual({ error: 'amount_invalid' });
    expect(readAmount('1 0.00')).toEqual({ error: 'amount_invalid' });
    expect(readAmount('12 34')).toEqual({ error: 'amount_invalid' });
  });
});

describe('one reader for every amount box', () => {
  it('takes 0 and a discount only where the box allows them', () => {
    expect(readMoney('0', { allowZero: true })).toEqual({ cents: 0 });
    expect(readMoney('0')).toEqual({ error: 'amount_zero' });
    expect(readMoney('-5', { allowNegative: true })).toEqual({ cents: -500 });
    expect(readMoney('\u22125,00 $', { allowNegative: true })).toEqual({ cents: -500 });
    expect(readMoney('-5')).toEqual({ error: 'amount_invalid' });
    expect(readMoney('12.00', { maxCents: 1000 })).toEqual({ error: 'amount_too_large' });
  });
});
