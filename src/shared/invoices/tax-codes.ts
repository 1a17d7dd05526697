// The tax code each invoice line carries into QuickBooks Online or Xero. Accounting software
// taxes a line by a named code ("HST ON", "GST/PST BC"); a line here is taxed by the keys of the
// tax lines charged on it (invoice/2's `taxKeys`) in its place of supply. So each way a line can
// be taxed (its "treatment": which taxes, in which province) maps to a code the shop names,
// defaulting to QuickBooks Online Canada's own names. An owner changes them on the Accounts page.
import { z } from 'zod';
import { PROVINCES } from '../constants.js';
import { TAX_TABLE, type TaxCode } from '../taxes.js';
import { CHILDRENS_CLOTHING } from '../tax-treatment.js';

const ORDER: readonly TaxCode[] = ['GST', 'HST', 'QST', 'PST', 'RST'];

/**
 * A line's treatment: "exempt" (no tax), "GST" (the GST alone, in any province), or the taxes
 * with their province ("GST+PST BC", "HST ON", "QST QC"); "HST ON rebate" is the HST charged at
 * the federal rate only (children's clothing, the provincial part rebated at the point of sale).
 */
export function treatmentOf(province: string, taxKeys: readonly string[]): string {
  const codes = ORDER.filter((code) => taxKeys.some((key) => key.split('|')[0] === code));
  if (codes.length === 0) return 'exempt';
  if (codes.length === 1 && codes[0] === 'GST') return 'GST';
  const rebate = taxKeys.some((key) => key.endsWith('|childrens'));
  return `${codes.join('+')} ${province}${rebate ? ' rebate' : ''}`;
}

/**
 * QuickBooks Online Canada's names where it has one (Intuit, "Common sales tax codes":
 * https://quickbooks.intuit.com/community/Sales-tax/Common-sales-tax-codes/td-p/261780): Manitoba's
 * RST is "PST MB" there ("GST/PST MB"), and Prince Edward Island's HST is plain "HST". The
 * children's rebate has no counterpart: its name says what it is. The shop renames any of them.
 */
export function defaultName(treatment: string): string {
  if (treatment === 'exempt') return 'Exempt';
  if (treatment === 'GST') return 'GST';
  const [codes = '', province = '', rebate] = treatment.split(' ');
  const quickBooks = `${codes.replace(/\+/g, '/')} ${province}`.replace(/RST MB$/, 'PST MB');
  const name = quickBooks === 'HST PE' ? 'HST' : quickBooks;
  return rebate ? `${name} children's rebate` : name;
}

/** Every treatment a line can have with today's tax table, in the order the Accounts page lists them. */
export function allTreatments(): string[] {
  const out = new Set<string>(['exempt', 'GST']);
  for (const { code } of PROVINCES) {
    const periods = TAX_TABLE[code];
    const codes = [...new Set(periods.flatMap((p) => p.rates.map((r) => r.code)))];
    const provincial = codes.filter((c) => c !== 'GST');
    for (const tax of provincial) {
      // With the GST (the usual line), and alone (a line out of the GST's base, or a shop
      // without a GST number); the HST is one tax and always alone.
      if (codes.includes('GST')) out.add(treatmentOf(code, ['GST', tax]));
      out.add(treatmentOf(code, [tax]));
    }
    if (CHILDRENS_CLOTHING[code]?.kind === 'rebate') out.add(treatmentOf(code, ['HST|5000|childrens']));
  }
  return [...out];
}

export const DEFAULT_TAX_CODES: Readonly<Record<string, string>> = Object.fromEntries(
  allTreatments().map((t) => [t, defaultName(t)]),
);

const codeName = z
  .string()
  .trim()
  .min(1, 'Name the tax code.')
  .max(60, 'At most 60 characters.')
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'No control characters.');

/** The shop's setting (shop_settings "tax_codes"): a code for each treatment, and Xero's sales account. */
export const taxCodesSchema = z.object({
  codes: z.record(z.string().max(40), codeName).superRefine((codes, ctx) => {
    const known = new Set(allTreatments());
    for (const key of Object.keys(codes))
      if (!known.has(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'No such treatment.' });
  }),
  /** Xero's AccountCode for every line: the shop's sales account ("200" in Xero's own chart). */
  xeroAccountCode: z
    .string()
    .trim()
    .min(1, 'Give the sales account’s code.')
    .max(20)
    .regex(/^[A-Za-z0-9._-]+$/, 'Letters, digits, dots and dashes.'),
});
export type TaxCodes = z.infer<typeof taxCodesSchema>;

export const DEFAULT_TAX_CODE_SETTING: TaxCodes = { codes: { ...DEFAULT_TAX_CODES }, xeroAccountCode: '200' };

/** The saved names over the defaults: a treatment the owner never named keeps its default. */
export function withDefaults(saved: Partial<TaxCodes> | null): TaxCodes {
  return {
    codes: { ...DEFAULT_TAX_CODES, ...(saved?.codes ?? {}) },
    xeroAccountCode: saved?.xeroAccountCode ?? DEFAULT_TAX_CODE_SETTING.xeroAccountCode,
  };
}

/** The code of a line of a document supplied in `province`. */
export function taxCodeOf(setting: TaxCodes, province: string, taxKeys: readonly string[]): string {
  const treatment = treatmentOf(province, taxKeys);
  return setting.codes[treatment] ?? DEFAULT_TAX_CODES[treatment] ?? defaultName(treatment);
}
