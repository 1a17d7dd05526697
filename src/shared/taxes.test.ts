import { describe, expect, it } from 'vitest';
import { PROVINCES } from './constants.js';
import {
  assessTaxes,
  isCalendarDate,
  rateLabels,
  ratesFor,
  REGISTERED_FOR_EVERY_TAX,
  TAX_TABLE,
  TaxError,
  taxesFor,
  type TaxRegistrations,
} from './taxes.js';

const DAY = '2026-11-22';

/** The tax lines of $100.00 as "CODE rate amount" for compact expectations. */
function summary(province: string, date = DAY, cents = 10_000): string[] {
  return taxesFor(province, date, cents).map((t) => `${t.code} ${t.rateLabel.en} ${t.amountCents}`);
}

describe('taxesFor: each province and territory on a date', () => {
  it.each([
    ['AB', ['GST 5% 500']],
    ['BC', ['GST 5% 500', 'PST 7% 700']],
    ['MB', ['GST 5% 500', 'RST 7% 700']],
    ['NB', ['HST 15% 1500']],
    ['NL', ['HST 15% 1500']],
    ['NS', ['HST 14% 1400']],
    ['NT', ['GST 5% 500']],
    ['NU', ['GST 5% 500']],
    ['ON', ['HST 13% 1300']],
    ['PE', ['HST 15% 1500']],
    ['QC', ['GST 5% 500', 'QST 9.975% 998']],
    ['SK', ['GST 5% 500', 'PST 6% 600']],
    ['YT', ['GST 5% 500']],
  ])('%s on $100.00', (province, expected) => {
    expect(summary(province)).toEqual(expected);
  });

  it('covers exactly the 13 provinces and territories', () => {
    expect(Object.keys(TAX_TABLE).sort()).toEqual(PROVINCES.map((p) => p.code).sort());
  });

  it('gives every rate a source with a title and an https address', () => {
    for (const periods of Object.values(TAX_TABLE)) {
      for (const rate of periods.flatMap((p) => p.rates)) {
        expect(rate.source.title).not.toBe('');
        expect(rate.source.url).toMatch(/^https:\/\/[a-z0-9.]+\.ca\//);
        expect(Number.isInteger(rate.rateMilliPercent)).toBe(true);
      }
    }
  });

  it('keeps each province’s periods in date order with real dates', () => {
    for (const periods of Object.values(TAX_TABLE)) {
      const dates = periods.map((p) => p.from);
      expect(dates.every(isCalendarDate)).toBe(true);
      expect([...dates].sort()).toEqual(dates);
    }
  });

  it('names each tax in English and French, with the rate as each language writes it', () => {
    const [gst, qst] = taxesFor('QC', DAY, 60_000);
    expect(gst).toEqual({
      code: 'GST',
      name: { en: 'GST', fr: 'TPS' },
      rateMilliPercent: 5000,
      rateLabel: { en: '5%', fr: '5\u00a0%' },
      taxableCents: 60_000,
      amountCents: 3000,
    });
    expect(qst).toMatchObject({
      name: { en: 'QST', fr: 'TVQ' },
      rateLabel: { en: '9.975%', fr: '9,975\u00a0%' },
      amountCents: 5985,
    });
    expect(taxesFor('ON', DAY, 1)[0]!.name).toEqual({ en: 'HST', fr: 'TVH' });
    expect(taxesFor('BC', DAY, 1)[1]!.name).toEqual({ en: 'PST', fr: 'TVP' });
    expect(taxesFor('MB', DAY, 1)[1]!.name).toEqual({ en: 'RST', fr: 'TVD' });
  });

  it('computes the QST on the price before GST, not on price plus GST', () => {
    // $100.00: 9.975% of 100.00 is 9.975 → $9.98; on $105.00 it would be $10.47.
    expect(taxesFor('QC', DAY, 10_000).map((t) => t.amountCents)).toEqual([500, 998]);
  });
});

describe('taxesFor: the Nova Scotia rate change of 1 April 2025', () => {
  it('charges 15% HST up to 31 March 2025', () => {
    expect(summary('NS', '2025-03-31')).toEqual(['HST 15% 1500']);
    expect(summary('NS', '2010-07-01')).toEqual(['HST 15% 1500']);
  });

  it('charges 14% HST from 1 April 2025', () => {
    expect(summary('NS', '2025-04-01')).toEqual(['HST 14% 1400']);
    expect(summary('NS', '2025-04-02')).toEqual(['HST 14% 1400']);
  });

  it('cites the transitional notice for the new rate', () => {
    expect(ratesFor('NS', '2025-04-01')[0]!.source.title).toContain('Notice 342');
  });
});

describe('taxesFor: rounding half-up per tax line', () => {
  it('rounds exactly half a cent up', () => {
    expect(taxesFor('AB', DAY, 10)[0]!.amountCents).toBe(1); // 0.5 ¢
    expect(taxesFor('AB', DAY, 30)[0]!.amountCents).toBe(2); // 1.5 ¢
    expect(taxesFor('ON', DAY, 50)[0]!.amountCents).toBe(7); // 6.5 ¢
  });

  it('rounds just under half a cent down and just over up', () => {
    expect(taxesFor('AB', DAY, 9)[0]!.amountCents).toBe(0); // 0.45 ¢
    expect(taxesFor('AB', DAY, 11)[0]!.amountCents).toBe(1); // 0.55 ¢
  });

  it('rounds the QST’s thousandths exactly, with no floating point error', () => {
    // 200 ¢ × 9.975% = 19.95 ¢ → 20; 1000 ¢ × 9.975% = 99.75 ¢ → 100; 20 ¢ → 1.995 ¢ → 2.
    expect(taxesFor('QC', DAY, 200)[1]!.amountCents).toBe(20);
    expect(taxesFor('QC', DAY, 1000)[1]!.amountCents).toBe(100);
    expect(taxesFor('QC', DAY, 20)[1]!.amountCents).toBe(2);
    // 5 ¢ × 9.975% = 0.49875 ¢ → 0; 6 ¢ → 0.5985 ¢ → 1.
    expect(taxesFor('QC', DAY, 5)[1]!.amountCents).toBe(0);
    expect(taxesFor('QC', DAY, 6)[1]!.amountCents).toBe(1);
  });

  it('rounds each tax line on its own, not their sum', () => {
    // $0.10 in QC: GST 0.5 ¢ → 1, QST 0.9975 ¢ → 1; the combined 1.4975 ¢ would round to 1.
    expect(taxesFor('QC', DAY, 10).map((t) => t.amountCents)).toEqual([1, 1]);
  });

  it('stays exact for subtotals whose product with the rate exceeds 2^53', () => {
    const cents = 2_000_000_000_000_000; // the largest quote subtotal computeQuote allows
    expect(taxesFor('QC', DAY, cents)[1]!.amountCents).toBe(199_500_000_000_000);
    expect(taxesFor('QC', DAY, cents + 3)[1]!.amountCents).toBe(199_500_000_000_000);
  });

  it('gives zero tax lines, still shown, on a zero subtotal', () => {
    expect(summary('QC', DAY, 0)).toEqual(['GST 5% 0', 'QST 9.975% 0']);
  });
});

describe('taxesFor: refusals', () => {
  it('refuses an unknown province with a TaxError', () => {
    expect(() => taxesFor('XX', DAY, 100)).toThrow(TaxError);
    expect(() => taxesFor('qc', DAY, 100)).toThrow(/Unknown province/);
    expect(() => taxesFor('', DAY, 100)).toThrow(TaxError);
    expect(() => taxesFor('Quebec', DAY, 100)).toThrow(TaxError);
  });

  it('refuses dates that are not calendar dates', () => {
    for (const date of ['2025-02-29', '2025-13-01', '22/11/2026', '2026-11-22T10:00:00Z', '']) {
      expect(() => taxesFor('ON', date, 100)).toThrow(/Not a calendar date/);
    }
    expect(() => taxesFor('ON', '2024-02-29', 100)).not.toThrow();
  });

  it('refuses a date before the table instead of guessing an old rate', () => {
    expect(() => taxesFor('ON', '2010-06-30', 100)).toThrow(/the table starts on 2010-07-01/);
    expect(() => taxesFor('BC', '2013-03-31', 100)).toThrow(TaxError);
  });

  it('refuses negative, fractional or unsafe amounts', () => {
    for (const cents of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => taxesFor('ON', DAY, cents)).toThrow(/whole, non-negative/);
    }
  });
});

describe('assessTaxes: the shop’s registrations', () => {
  const none: TaxRegistrations = { gstHst: false, qst: false, pstProvinces: [] };
  const codes = (province: string, registrations: TaxRegistrations) => {
    const { charged, notCharged } = assessTaxes(province, DAY, 10_000, registrations);
    return { charged: charged.map((t) => t.code), notCharged: notCharged.map((t) => t.code) };
  };

  it('charges GST/HST only with a GST/HST number', () => {
    expect(codes('ON', { ...none, gstHst: true })).toEqual({ charged: ['HST'], notCharged: [] });
    expect(codes('ON', none)).toEqual({ charged: [], notCharged: ['HST'] });
    expect(codes('AB', none)).toEqual({ charged: [], notCharged: ['GST'] });
  });

  it('charges QST only with a QST number, and says why not', () => {
    expect(codes('QC', { ...none, gstHst: true })).toEqual({ charged: ['GST'], notCharged: ['QST'] });
    expect(assessTaxes('QC', DAY, 10_000, { ...none, gstHst: true }).notCharged).toEqual([
      {
        code: 'QST',
        name: { en: 'QST', fr: 'TVQ' },
        reason: {
          en: 'No QST: the shop has no QST number',
          fr: 'Pas de TVQ\u00a0: l’entreprise n’a pas de numéro de TVQ',
        },
      },
    ]);
  });

  it('charges PST or RST only in the provinces listed', () => {
    expect(codes('BC', { gstHst: true, qst: true, pstProvinces: ['BC'] }).charged).toEqual(['GST', 'PST']);
    expect(codes('SK', { gstHst: true, qst: true, pstProvinces: ['BC'] })).toEqual({
      charged: ['GST'],
      notCharged: ['PST'],
    });
    expect(codes('MB', { gstHst: true, qst: true, pstProvinces: ['MB'] }).charged).toEqual(['GST', 'RST']);
  });

  it('keeps taxesFor’s behaviour for every existing caller: every tax of the place of supply', () => {
    for (const { code } of PROVINCES) {
      expect(taxesFor(code, DAY, 12_345)).toEqual(assessTaxes(code, DAY, 12_345, REGISTERED_FOR_EVERY_TAX).charged);
      expect(assessTaxes(code, DAY, 12_345, REGISTERED_FOR_EVERY_TAX).notCharged).toEqual([]);
    }
    expect(taxesFor('QC', DAY, 10_000, { ...none, gstHst: true }).map((t) => t.code)).toEqual(['GST']);
  });

  it('refuses what taxesFor refuses', () => {
    expect(() => assessTaxes('ON', DAY, -1, none)).toThrow(/whole, non-negative/);
    expect(() => assessTaxes('XX', DAY, 1, none)).toThrow(TaxError);
  });
});

describe('rateLabels', () => {
  it('writes whole and fractional rates without trailing zeros', () => {
    expect(rateLabels(13000)).toEqual({ en: '13%', fr: '13\u00a0%' });
    expect(rateLabels(9975)).toEqual({ en: '9.975%', fr: '9,975\u00a0%' });
    expect(rateLabels(9500)).toEqual({ en: '9.5%', fr: '9,5\u00a0%' });
    expect(rateLabels(14975)).toEqual({ en: '14.975%', fr: '14,975\u00a0%' });
  });
});
