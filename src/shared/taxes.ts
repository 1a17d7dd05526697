// Canadian sales taxes by province and territory, dated, for quotes and invoices.
// Pure and dependency-free so the browser and the server compute the same amounts.
//
// Rates are integers in thousandths of a percent (5% = 5000, 9.975% = 9975), so every rate in
// the table is exact and tax amounts are computed in integer arithmetic.
//
// Rounding: each tax line is computed on the taxable subtotal of the whole quote and rounded
// half-up to the cent, once per tax line. The CRA and Revenu Québec accept rounding per invoice
// or per item as long as it is consistent; per invoice gives the amount a customer checks with a
// calculator (subtotal × rate) and avoids the drift of rounding every line. Half-up is Revenu
// Québec's stated rule (a fraction of half a cent or more counts as a whole cent), and the CRA's
// usual practice; subtotals are never negative, so half-up and half-away-from-zero agree.
//
// The date a rate applies from is the day the tax becomes payable (generally the earlier of the
// invoice date and the payment date); the caller chooses which date it passes.
import { PROVINCES, type ProvinceCode } from './constants.js';
import { applyRate } from './money.js';
import { isCalendarDate } from './dates.js';

export { isCalendarDate };

export type TaxCode = 'GST' | 'HST' | 'PST' | 'RST' | 'QST';

export interface TaxSource {
  title: string;
  url: string;
}

export interface TaxRate {
  code: TaxCode;
  /** Thousandths of a percent: 5% is 5000, 9.975% is 9975. */
  rateMilliPercent: number;
  source: TaxSource;
}

/** The taxes of one province or territory from a date (inclusive) until the next period's date. */
export interface TaxPeriod {
  from: string;
  rates: readonly TaxRate[];
}

export interface TaxLine {
  code: TaxCode;
  /** What a credit note matches it by when it is not "CODE|rate" (tax-treatment.ts, taxKeyOf). */
  key?: string;
  name: { en: string; fr: string };
  /** Why this line's rate is not the tax's usual one (a point-of-sale rebate). */
  note?: { en: string; fr: string };
  rateMilliPercent: number;
  rateLabel: { en: string; fr: string };
  taxableCents: number;
  amountCents: number;
}

export const TAX_NAMES: Readonly<Record<TaxCode, { en: string; fr: string }>> = {
  GST: { en: 'GST', fr: 'TPS' },
  HST: { en: 'HST', fr: 'TVH' },
  PST: { en: 'PST', fr: 'TVP' },
  RST: { en: 'RST', fr: 'TVD' },
  QST: { en: 'QST', fr: 'TVQ' },
};

const CRA_RATES: TaxSource = {
  title: 'Charge and collect the tax – Which rate to charge, Canada Revenue Agency',
  url: 'https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/gst-hst-businesses/charge-collect-which-rate.html',
};
const CRA_NS_2025: TaxSource = {
  title:
    'GST/HST Notice 342, Nova Scotia HST Rate Decrease – Questions and Answers on General Transitional Rules for Personal Property and Services, Canada Revenue Agency',
  url: 'https://www.canada.ca/en/revenue-agency/services/forms-publications/publications/notice342/nova-scotia-hst-rate-decrease-questions-answers-general-transitional-rules-personal-property-services.html',
};
const REVENU_QUEBEC_QST: TaxSource = {
  title: 'Basic Rules for Applying the GST/HST and QST, Revenu Québec',
  url: 'https://www.revenuquebec.ca/en/businesses/consumption-taxes/gsthst-and-qst/basic-rules-for-applying-the-gsthst-and-qst/',
};
const BC_PST: TaxSource = {
  title: 'Provincial sales tax (PST), Government of British Columbia',
  url: 'https://www2.gov.bc.ca/gov/content/taxes/sales-taxes/pst',
};
const MB_RST: TaxSource = {
  title: 'Retail Sales Tax, Manitoba Finance, Taxation Division',
  url: 'https://www.gov.mb.ca/finance/taxation/taxes/retail.html',
};
const SK_PST: TaxSource = {
  title: 'Provincial Sales Tax (PST), Government of Saskatchewan',
  url: 'https://www.saskatchewan.ca/business/taxes-licensing-and-reporting/provincial-taxes-policies-and-bulletins/provincial-sales-tax',
};

const GST: TaxRate = { code: 'GST', rateMilliPercent: 5000, source: CRA_RATES };
const hst = (rateMilliPercent: number, source: TaxSource = CRA_RATES): TaxRate => ({
  code: 'HST',
  rateMilliPercent,
  source,
});

// Each province starts at the period in force when its present structure began (GST at 5% from
// 2008-01-01; the HST provinces from their last rate change; BC from the return of the PST; QC
// from 2013-01-01, when the QST stopped applying on top of the GST; MB and SK from their last
// rate change). Quotes are never dated earlier, so earlier dates are refused rather than guessed.
export const TAX_TABLE: Readonly<Record<ProvinceCode, readonly TaxPeriod[]>> = {
  AB: [{ from: '2008-01-01', rates: [GST] }],
  BC: [{ from: '2013-04-01', rates: [GST, { code: 'PST', rateMilliPercent: 7000, source: BC_PST }] }],
  MB: [{ from: '2019-07-01', rates: [GST, { code: 'RST', rateMilliPercent: 7000, source: MB_RST }] }],
  NB: [{ from: '2016-07-01', rates: [hst(15000)] }],
  NL: [{ from: '2016-07-01', rates: [hst(15000)] }],
  NS: [
    { from: '2010-07-01', rates: [hst(15000)] },
    { from: '2025-04-01', rates: [hst(14000, CRA_NS_2025)] },
  ],
  NT: [{ from: '2008-01-01', rates: [GST] }],
  NU: [{ from: '2008-01-01', rates: [GST] }],
  ON: [{ from: '2010-07-01', rates: [hst(13000)] }],
  PE: [{ from: '2016-10-01', rates: [hst(15000)] }],
  QC: [
    {
      from: '2013-01-01',
      rates: [GST, { code: 'QST', rateMilliPercent: 9975, source: REVENU_QUEBEC_QST }],
    },
  ],
  SK: [{ from: '2017-03-23', rates: [GST, { code: 'PST', rateMilliPercent: 6000, source: SK_PST }] }],
  YT: [{ from: '2008-01-01', rates: [GST] }],
};

export class TaxError extends Error {
  constructor(
    readonly code: 'unknown_province' | 'invalid_date' | 'date_before_table' | 'invalid_amount',
    message: string,
  ) {
    super(message);
    this.name = 'TaxError';
  }
}

export function isProvinceCode(value: string): value is ProvinceCode {
  return PROVINCES.some((p) => p.code === value);
}

/** The rates in force in a province on a date (YYYY-MM-DD). */
export function ratesFor(province: string, date: string): readonly TaxRate[] {
  if (!isProvinceCode(province)) {
    throw new TaxError('unknown_province', `Unknown province or territory code: "${province}".`);
  }
  if (!isCalendarDate(date)) {
    throw new TaxError('invalid_date', `Not a calendar date (YYYY-MM-DD): "${date}".`);
  }
  // ISO dates compare correctly as strings; the last period begun on or before the date applies.
  const periods = TAX_TABLE[province];
  const period = [...periods].reverse().find((p) => p.from <= date);
  if (!period) {
    throw new TaxError(
      'date_before_table',
      `No tax rates are recorded for ${province} on ${date}; the table starts on ${periods[0]?.from}.`,
    );
  }
  return period.rates;
}

/** The rate as invoices print it: "9.975%" in English, "9,975 %" (no-break space) in French. */
export function rateLabels(rateMilliPercent: number): { en: string; fr: string } {
  const whole = Math.trunc(rateMilliPercent / 1000);
  const fraction = String(rateMilliPercent % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return {
    en: fraction ? `${whole}.${fraction}%` : `${whole}%`,
    fr: fraction ? `${whole},${fraction}\u00a0%` : `${whole}\u00a0%`,
  };
}

/**
 * The taxes a shop may charge: GST/HST only with a GST/HST number (a small supplier without one
 * charges none), QST only with a QST number, PST or RST only in the provinces where it is
 * registered for it.
 */
export interface TaxRegistrations {
  gstHst: boolean;
  qst: boolean;
  pstProvinces: readonly ProvinceCode[];
}

/** What every caller got before registrations existed: each tax of the place of supply. */
export const REGISTERED_FOR_EVERY_TAX: TaxRegistrations = {
  gstHst: true,
  qst: true,
  pstProvinces: PROVINCES.map((p) => p.code),
};

/** A tax of the place of supply that the shop does not charge, and why, in both languages. */
export interface TaxNotCharged {
  code: TaxCode;
  name: { en: string; fr: string };
  reason: { en: string; fr: string };
  /** Set when the tax is not charged because of the customer's exemption, not the shop's registrations. */
  exemption?: 'resale';
}

export interface TaxAssessment {
  charged: TaxLine[];
  notCharged: TaxNotCharged[];
}

export function notRegisteredReason(code: TaxCode): { en: string; fr: string } {
  const { en, fr } = TAX_NAMES[code];
  switch (code) {
    case 'GST':
    case 'HST':
      return {
        en: `No ${en}: the shop has no GST/HST number`,
        fr: `Pas de ${fr}\u00a0: l’entreprise n’a pas de numéro de TPS/TVH`,
      };
    case 'QST':
      return {
        en: 'No QST: the shop has no QST number',
        fr: 'Pas de TVQ\u00a0: l’entreprise n’a pas de numéro de TVQ',
      };
    case 'PST':
    case 'RST':
      return {
        en: `No ${en}: the shop is not registered for ${en} in this province`,
        fr: `Pas de ${fr}\u00a0: l’entreprise n’est pas inscrite à la ${fr} de cette province`,
      };
  }
}

export function isRegistered(code: TaxCode, province: ProvinceCode, registrations: TaxRegistrations): boolean {
  if (code === 'GST' || code === 'HST') return registrations.gstHst;
  if (code === 'QST') return registrations.qst;
  return registrations.pstProvinces.includes(province);
}

/**
 * The taxes of a taxable subtotal (integer cents, ≥ 0) supplied in a province on a date, split
 * into those the shop charges, each on its own line, and those it does not, each with its reason.
 * Each tax is computed on the subtotal itself: no tax is charged on another tax (QST has been
 * computed on the price before GST since 1 January 2013).
 */
export function assessTaxes(
  province: string,
  date: string,
  taxableSubtotalCents: number,
  registrations: TaxRegistrations,
): TaxAssessment {
  if (!Number.isSafeInteger(taxableSubtotalCents) || taxableSubtotalCents < 0) {
    throw new TaxError(
      'invalid_amount',
      `The taxable subtotal must be a whole, non-negative number of cents: ${taxableSubtotalCents}.`,
    );
  }
  const assessment: TaxAssessment = { charged: [], notCharged: [] };
  for (const rate of ratesFor(province, date)) {
    if (!isRegistered(rate.code, province as ProvinceCode, registrations)) {
      assessment.notCharged.push({
        code: rate.code,
        name: TAX_NAMES[rate.code],
        reason: notRegisteredReason(rate.code),
      });
      continue;
    }
    assessment.charged.push({
      code: rate.code,
      name: TAX_NAMES[rate.code],
      rateMilliPercent: rate.rateMilliPercent,
      rateLabel: rateLabels(rate.rateMilliPercent),
      taxableCents: taxableSubtotalCents,
      amountCents: applyRate(taxableSubtotalCents, rate.rateMilliPercent),
    });
  }
  return assessment;
}

/** The tax lines the shop charges (by default, registered for every tax: the behaviour quotes have always had). */
export function taxesFor(
  province: string,
  date: string,
  taxableSubtotalCents: number,
  registrations: TaxRegistrations = REGISTERED_FOR_EVERY_TAX,
): TaxLine[] {
  return assessTaxes(province, date, taxableSubtotalCents, registrations).charged;
}
