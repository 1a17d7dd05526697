// Registration numbers as the server checks them at start: the shape, and the business
// number's check digit (a reviewer once set GST_HST_NUMBER=hello and it was printed on invoices).
import { describe, expect, it } from 'vitest';
import { luhnValid, normaliseRegistration, qstCheckDigitLooksRight } from './registration-numbers.js';

describe('registration numbers', () => {
  it('checks the business number’s Luhn digit', () => {
    expect(luhnValid('123456782')).toBe(true);
    expect(luhnValid('123456789')).toBe(false);
    expect(luhnValid('046454286')).toBe(true);
  });
  it('normalises a GST/HST number and refuses anything else', () => {
    expect(normaliseRegistration('gst_hst', '123456782RT0001')).toBe('123456782 RT0001');
    expect(normaliseRegistration('gst_hst', '123-456-782 rt 0001')).toBe('123456782 RT0001');
    for (const bad of [
      'hello',
      '123456789 RT0001',
      '123456782',
      '123456782 RC0001',
      '12345678 RT0001',
      '000000000 RT0001',
    ])
      expect(normaliseRegistration('gst_hst', bad), bad).toBeNull();
  });
  it('normalises a QST number and refuses anything else', () => {
    expect(normaliseRegistration('qst', '1234567890tq0001')).toBe('1234567890 TQ0001');
    for (const bad of ['hello', '123456789 TQ0001', '1234567890 RT0001', '1234567890 TQ001'])
      expect(normaliseRegistration('qst', bad), bad).toBeNull();
  });
});

describe('the unofficial QST check digit', () => {
  it('passes real numbers and fails a made-up one', () => {
    for (const real of ['1224002901TQ0001', '1214326422TQ0001', '1227494057 TQ0001'])
      expect(qstCheckDigitLooksRight(real), real).toBe(true);
    expect(qstCheckDigitLooksRight('1234567890 TQ0001')).toBe(false);
    expect(qstCheckDigitLooksRight('1234567892 TQ0001')).toBe(true);
  });
});
