// Which tax applies to which line (docs/accounts.md, "Taxes line by line"). A line is taxable or
// not for each tax group (GST/HST, PST/RST, QST); a customer buying for resale with a PST number
// drops that PST alone; children's clothing follows its province (exempt from BC PST and MB RST;
// in ON, NS and PE the provincial part of the HST is rebated at the point of sale). Each
// tax is computed once per document on the base of the lines it applies to, rounded half-up.
import type { ProvinceCode } from './constants.js';
import { applyRate } from './money.js';
import {
  isRegistered,
  notRegisteredReason,
  rateLabels,
  ratesFor,
  TAX_NAMES,
  TaxError,
  type TaxAssessment,
  type TaxCode,
  type TaxLine,
  type TaxNotCharged,
  type TaxRegistrations,
  type TaxSource,
} from './taxes.js';

/** The three taxes a clerk can switch off on a line: the HST counts as GST/HST; RST as PST. */
export const TAX_GROUPS = ['gst_hst', 'pst', 'qst'] as const;
export type TaxGroup = (typeof TAX_GROUPS)[number];

export const TAX_GROUP_NAMES: Readonly<Record<TaxGroup, { en: string; fr: string }>> = {
  gst_hst: { en: 'GST/HST', fr: 'TPS/TVH' },
  pst: { en: 'PST/RST', fr: 'TVP/TVD' },
  qst: { en: 'QST', fr: 'TVQ' },
};

export function groupOf(code: TaxCode): TaxGroup {
  if (code === 'GST' || code === 'HST') return 'gst_hst';
  return code === 'QST' ? 'qst' : 'pst';
}

/** What decides a line's taxes. `taxable: false` is exempt from every tax (as before groups). */
export interface TaxableLine {
  lineTotalCents: number;
  unitPriceCents: number;
  taxable: boolean;
  /** Taxes this line is not subject to, though taxable for the others. */
  notTaxed?: readonly TaxGroup[];
  /** Clothing sized for children (the price list's garment says so). */
  childrens?: boolean;
}

/** The order-level claim that drops the PST of BC, SK or MB: a purchase for resale. */
export interface TaxExemption {
  kind: 'resale';
  /** The customer's PST (or MB RST) number, printed as the evidence of the exemption. */
  pstNumber: string;
}

/** Provinces whose PST (or RST) a purchase for resale with the buyer's own number does not pay. */
export const RESALE_PST_PROVINCES: readonly ProvinceCode[] = ['BC', 'SK', 'MB'];

export type ChildrensRule =
  | { kind: 'exempt'; code: TaxCode; maxUnitPriceCents: number | null; source: TaxSource }
  /** The provincial part of the HST rebated at the point of sale: the line pays the GST rate only. */
  | { kind: 'rebate'; federalRateMilliPercent: number; source: TaxSource };

const GI_063: TaxSource = {
  title:
    'GST/HST Info Sheet GI-063, Point-of-Sale Rebate on Children’s Goods (Ontario, Nova Scotia, Prince Edward Island), Canada Revenue Agency',
  url: 'https://www.canada.ca/en/revenue-agency/services/forms-publications/publications/gi-063/point-sale-rebate-on-childrens-goods.html',
};
const BC_CHILDREN: TaxSource = {
  title: 'PST Bulletin PST 201, Children’s Clothing and Footwear, Government of British Columbia',
  url: 'https://www2.gov.bc.ca/gov/content/taxes/sales-taxes/pst/publications',
};
const MB_CHILDREN: TaxSource = {
  title: 'RST Bulletin No. 001, Clothing, Footwear and Accessories, Manitoba Finance, Taxation Division',
  url: 'https://www.gov.mb.ca/finance/taxation/publications/bulletins.html',
};

/**
 * How each province treats children's clothing; provinces not listed tax it as any clothing.
 * Saskatchewan's exemption ended on 1 April 2017 (its budget of that year); New Brunswick and
 * Newfoundland and Labrador rebate no part of the HST on it (docs/accounts.md).
 */
export const CHILDRENS_CLOTHING: Readonly<Partial<Record<ProvinceCode, ChildrensRule>>> = {
  BC: { kind: 'exempt', code: 'PST', maxUnitPriceCents: null, source: BC_CHILDREN },
  MB: { kind: 'exempt', code: 'RST', maxUnitPriceCents: 15_000, source: MB_CHILDREN },
  ON: { kind: 'rebate', federalRateMilliPercent: 5000, source: GI_063 },
  NS: { kind: 'rebate', federalRateMilliPercent: 5000, source: GI_063 },
  PE: { kind: 'rebate', federalRateMilliPercent: 5000, source: GI_063 },
};

/** The key a tax line is matched by (a credit note's against its invoice's): "HST|13000". */
export function taxKeyOf(tax: Pick<TaxLine, 'code' | 'rateMilliPercent'> & { key?: string }): string {
  return tax.key ?? `${tax.code}|${tax.rateMilliPercent}`;
}

const REBATE_NOTE = {
  en: 'children’s clothing: provincial part rebated at the point of sale',
  fr: 'vêtements pour enfants\u00a0: partie provinciale remboursée au point de vente',
};

export interface LineAssessment extends TaxAssessment {
  /** For each line, in order, the keys of the tax lines charged on it. */
  lineKeys: string[][];
}

const resaleReason = (code: TaxCode, number: string) => {
  const { en, fr } = TAX_NAMES[code];
  return {
    en: `${en} exempt: purchase for resale, ${en} number ${number}`,
    fr: `Exonéré de la ${fr}\u00a0: achat pour revente, numéro de ${fr} ${number}`,
  };
};

/**
 * The taxes of a document's lines supplied in a province on a date: each tax the shop charges on
 * its own line, on the base of the lines it applies to (a line can be out of one tax's base and in
 * another's), and each tax of the province it does not charge, with why. A tax line is kept even
 * when its base is 0, so every document of a province lists the same taxes.
 */
export function assessLineTaxes(
  province: string,
  date: string,
  lines: readonly TaxableLine[],
  registrations: TaxRegistrations,
  exemption: TaxExemption | null = null,
): LineAssessment {
  const rates = ratesFor(province, date);
  const code = province as ProvinceCode;
  const out: LineAssessment = { charged: [], notCharged: [], lineKeys: lines.map(() => []) };
  const childrens = CHILDRENS_CLOTHING[code];
  for (const rate of rates) {
    if (!isRegistered(rate.code, code, registrations)) {
      out.notCharged.push({ code: rate.code, name: TAX_NAMES[rate.code], reason: notRegisteredReason(rate.code) });
      continue;
    }
    const group = groupOf(rate.code);
    if (group === 'pst' && exemption?.kind === 'resale' && RESALE_PST_PROVINCES.includes(code)) {
      out.notCharged.push({
        code: rate.code,
        name: TAX_NAMES[rate.code],
        reason: resaleReason(rate.code, exemption.pstNumber),
        exemption: 'resale',
      } satisfies TaxNotCharged);
      continue;
    }
    const full: TaxLine = {
      code: rate.code,
      name: TAX_NAMES[rate.code],
      rateMilliPercent: rate.rateMilliPercent,
      rateLabel: rateLabels(rate.rateMilliPercent),
      taxableCents: 0,
      amountCents: 0,
    };
    const rebated: TaxLine | null =
      childrens?.kind === 'rebate' && rate.code === 'HST'
        ? {
            code: rate.code,
            key: `HST|${childrens.federalRateMilliPercent}|childrens`,
            name: TAX_NAMES[rate.code],
            rateMilliPercent: childrens.federalRateMilliPercent,
            rateLabel: rateLabels(childrens.federalRateMilliPercent),
            note: REBATE_NOTE,
            taxableCents: 0,
            amountCents: 0,
          }
        : null;
    lines.forEach((line, i) => {
      if (!line.taxable || line.notTaxed?.includes(group)) return;
      let target: TaxLine | null = full;
      if (line.childrens && childrens) {
        if (
          childrens.kind === 'exempt' &&
          childrens.code === rate.code &&
          (childrens.maxUnitPriceCents === null || line.unitPriceCents <= childrens.maxUnitPriceCents)
        )
          target = null;
        else if (childrens.kind === 'rebate' && rebated) target = rebated;
      }
      if (!target) return;
      target.taxableCents += line.lineTotalCents;
      out.lineKeys[i]!.push(taxKeyOf(target));
    });
    for (const tax of [full, rebated]) {
      if (!tax || (tax === rebated && tax.taxableCents === 0)) continue;
      if (tax.taxableCents < 0) {
        throw new TaxError(
          'invalid_amount',
          `The discounts are larger than what they apply to: the ${tax.name.en} base cannot be below $0.00.`,
        );
      }
      tax.amountCents = applyRate(tax.taxableCents, tax.rateMilliPercent);
      out.charged.push(tax);
    }
  }
  return out;
}
