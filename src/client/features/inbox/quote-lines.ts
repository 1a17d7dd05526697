// The quote editor's lines as the clerk types them (text, so a half-typed price stays as typed),
// and the same lines as the server takes them: whole cents, numbers, each line's taxability.
// Pure: the rush fee's label and the resale partner's confirmation are decided here, with tests.
import type { ProvinceCode } from '../../../shared/constants.js';
import { applyRate } from '../../../shared/money.js';
import { PERCENT_BASE, type PriceLineKind } from '../../../shared/prices/price-order.js';
import type { QuoteLineInput } from '../../../shared/quote.js';
import type { StaffQuoteState } from '../../../shared/quote-api.js';
import {
  groupOf,
  RESALE_PST_PROVINCES,
  TAX_GROUP_NAMES,
  type TaxExemption,
  type TaxGroup,
} from '../../../shared/tax-treatment.js';
import { isProvinceCode, TAX_NAMES, TAX_TABLE } from '../../../shared/taxes.js';
import type { Language } from '../../shared/language.js';
import { parsePrice, priceText } from './quote-messages.js';

export interface EditorLine {
  key: string;
  description: string;
  /**
   * The description in French, for a shop in Quebec: its documents print it, the English beside it
   * for an English-speaking customer (shared/quote.ts, lineDescription). Empty when none.
   */
  descriptionFr?: string;
  quantity: string;
  price: string;
  taxable: boolean;
  /** The taxes of the place of supply this line is exempt from, though taxable for the others. */
  notTaxed: TaxGroup[];
  /** Clothing sized for children: the province's rule applies (shared/tax-treatment.ts). */
  childrens: boolean;
  needsQuantity?: boolean;
  /** Left at $0 by the price list: the clerk must price it (or remove it) before sending. */
  needsPrice?: boolean;
  /** How the price list came to this line's amount, or why it could not. */
  reason?: string;
  /** What the price list priced, when the line came from it. */
  kind?: PriceLineKind;
  /** A rush fee priced as a percent of the garments, decoration and setup (docs/prices.md). */
  percent?: RushPercent;
  /**
   * A resale partner discount the customer claimed on the form: out of the quote (preview,
   * draft, version) until the clerk ticks "Resale partner confirmed" or removes the line.
   */
  unconfirmedResale?: boolean;
  /** A revision's line: the index of the line of the version revised it comes from; null when new. */
  was?: number | null;
  /** A revision's line the clerk priced or wrote by hand in the version revised: kept as it was. */
  byHand?: boolean;
}

export interface RushPercent {
  value: number;
  /** The label as the description printed it: " (25%)", " (25 %)". */
  label: string;
  /** True once the label was taken off because the price stopped being that percent. */
  dropped: boolean;
}

let nextKey = 0;
export const keyed = (line: Omit<EditorLine, 'key'>): EditorLine => ({ ...line, key: `l${nextKey++}` });

/** A new line as "Add a line" makes it. */
export const blankLine = (): EditorLine =>
  keyed({ description: '', quantity: '1', price: '', taxable: true, notTaxed: [], childrens: false });

/** The lines as the server takes them; the editor's index of each; the index of each line whose price cannot be read. */
export function toSendable(lines: readonly EditorLine[]): {
  lines: QuoteLineInput[];
  /** For each line sent, its index among the editor's lines (an unconfirmed resale line is not sent). */
  indexes: number[];
  badPrices: Set<number>;
} {
  const badPrices = new Set<number>();
  const out: QuoteLineInput[] = [];
  const indexes: number[] = [];
  lines.forEach((l, i) => {
    const cents = parsePrice(l.price);
    if (cents === null) badPrices.add(i);
    if (l.unconfirmedResale) return;
    indexes.push(i);
    const french = l.descriptionFr?.trim() ?? '';
    out.push({
      description: l.description,
      ...(french !== '' ? { descriptionFr: l.descriptionFr } : {}),
      quantity: Number(l.quantity.trim() === '' ? NaN : l.quantity),
      unitPriceCents: cents ?? 0,
      taxable: l.taxable,
      // Only what differs from a plain line is sent, so a plain line stays as it always was.
      ...(l.taxable && l.notTaxed.length > 0 ? { notTaxed: [...l.notTaxed] } : {}),
      ...(l.childrens ? { childrens: true } : {}),
    });
  });
  return { lines: out, indexes, badPrices };
}

// ---------------------------------------------------------------------------------------------
// The place of supply: which taxes a line can be exempt from, and whether a resale number counts

export interface TaxChoice {
  group: TaxGroup;
  /** The name a clerk reads: GST/HST, or the province's own (PST, RST, QST). */
  name: { en: string; fr: string };
}

/** The tax groups of a province as it taxes today: ON has GST/HST only, BC GST/HST and PST, QC GST/HST and QST. */
export function taxChoicesOf(province: string | null): TaxChoice[] {
  if (!province || !isProvinceCode(province)) return [];
  const rates = TAX_TABLE[province].at(-1)?.rates ?? [];
  return rates.map(({ code }) => {
    const group = groupOf(code);
    return { group, name: group === 'gst_hst' ? TAX_GROUP_NAMES.gst_hst : TAX_NAMES[code] };
  });
}

/** The name of the PST a purchase for resale drops in this province (PST, or RST in MB), or null where none does. */
export function resalePstName(province: string | null): { en: string; fr: string } | null {
  if (!province || !RESALE_PST_PROVINCES.includes(province as ProvinceCode)) return null;
  return taxChoicesOf(province).find((c) => c.group === 'pst')?.name ?? null;
}

/** The exemption the body carries: the customer's PST number when the province has one to drop. */
export function exemptionOf(province: string | null, pstNumber: string): TaxExemption | undefined {
  const number = pstNumber.trim();
  return resalePstName(province) && number !== '' ? { kind: 'resale', pstNumber: number } : undefined;
}

// ---------------------------------------------------------------------------------------------
// A rush fee's label follows its price

const PERCENT_LABEL = /\s\(\d+(?:[.,]\d+)?[\u00a0\u202f ]?%\)$/;

/** The percent label at the end of a description, " (25%)" or " (25 %)", or null. */
export function percentLabelOf(description: string): string | null {
  return PERCENT_LABEL.exec(description)?.[0] ?? null;
}

/** What a percent line applies to: the garments, decoration and setup as priced now, or null while one cannot be read. */
export function percentBaseCents(lines: readonly EditorLine[]): number | null {
  let base = 0;
  for (const l of lines) {
    if (!l.kind || !PERCENT_BASE.has(l.kind)) continue;
    const cents = parsePrice(l.price);
    const quantity = Number(l.quantity);
    if (cents === null || !Number.isInteger(quantity)) return null;
    base += cents * quantity;
  }
  return base;
}

/**
 * A rush line whose amount is no longer its percent of the base loses the "(25 %)" of its
 * description (the customer would read a percent that is not true); it gets it back when the
 * amount is that percent again. Unchanged while the amounts cannot be read, or the clerk has
 * rewritten the description.
 */
export function followPercent(line: EditorLine, baseCents: number | null): EditorLine {
  const percent = line.percent;
  const cents = parsePrice(line.price);
  const quantity = Number(line.quantity);
  if (!percent || baseCents === null || cents === null || !Number.isInteger(quantity)) return line;
  const holds = cents * quantity === applyRate(baseCents, percent.value * 1000);
  if (!holds && !percent.dropped && line.description.endsWith(percent.label)) {
    return {
      ...line,
      description: line.description.slice(0, -percent.label.length),
      percent: { ...percent, dropped: true },
    };
  }
  if (holds && percent.dropped) {
    const description = percentLabelOf(line.description) ? line.description : `${line.description}${percent.label}`;
    return { ...line, description, percent: { ...percent, dropped: false } };
  }
  return line;
}

/** Every rush line's label made to follow its price, after any change to the lines. */
export function followPercents(lines: EditorLine[]): EditorLine[] {
  if (!lines.some((l) => l.percent)) return lines;
  const base = percentBaseCents(lines);
  const next = lines.map((l) => followPercent(l, base));
  return next.every((l, i) => l === lines[i]) ? lines : next;
}

// ---------------------------------------------------------------------------------------------
// Where the editor starts

export interface StartingLines {
  lines: EditorLine[];
  /** The price list version they came from, recorded on the quote; null when typed by hand. */
  priceListVersion: number | null;
  /** Where they came from, for the note above them. */
  origin: 'draft' | 'version' | 'revised' | 'priced' | 'suggested';
  /** The customer's PST number for a purchase for resale, as saved or sent. */
  pstNumber: string;
}

/** The French description the line carries (the server's suggestion, or as saved), when it has one. */
const frenchOf = (l: QuoteLineInput) => (l.descriptionFr !== undefined ? { descriptionFr: l.descriptionFr } : {});

const taxabilityOf = (l: QuoteLineInput) => ({
  taxable: l.taxable,
  notTaxed: [...(l.notTaxed ?? [])],
  childrens: l.childrens === true,
});

/**
 * The lines the editor opens with: the draft, else the last version sent, else the order priced
 * from the current price list ("Prepare quote"), else the order's unpriced suggestions.
 */
export function startingLines(state: StaffQuoteState, lang: Language): StartingLines {
  const last = state.versions.at(-1);
  // "Revise": the order as it stands priced again, the clerk's edits kept (shared/quote-revision.ts).
  if (!state.draft && state.revision) {
    return {
      lines: state.revision.lines.map((l) => {
        const label = l.kind === 'rush' && l.percent !== undefined ? percentLabelOf(l.description) : null;
        return keyed({
          description: l.description,
          ...frenchOf(l),
          quantity: String(l.quantity),
          price: priceText(l.unitPriceCents, lang),
          ...taxabilityOf(l),
          needsPrice: l.needsPrice,
          ...(l.reason ? { reason: l.reason[lang] } : {}),
          ...(l.kind ? { kind: l.kind } : {}),
          ...(label && l.percent !== undefined ? { percent: { value: l.percent, label, dropped: false } } : {}),
          was: l.was,
          byHand: l.byHand,
        });
      }),
      priceListVersion: state.revision.priceListVersion,
      origin: 'revised',
      pstNumber: last?.quote.exemption?.pstNumber ?? '',
    };
  }
  const source = state.draft ?? last?.quote.lines ?? null;
  if (source) {
    return {
      lines: source.map((l) =>
        keyed({
          description: l.description,
          ...frenchOf(l),
          quantity: String(l.quantity),
          price: priceText(l.unitPriceCents, lang),
          ...taxabilityOf(l),
        }),
      ),
      priceListVersion: state.draft ? state.draftPriceListVersion : (last?.priceListVersion ?? null),
      origin: state.draft ? 'draft' : 'version',
      pstNumber: (state.draft ? state.draftExemption : last?.quote.exemption)?.pstNumber ?? '',
    };
  }
  if (state.priced) {
    return {
      lines: state.priced.lines.map((l) => {
        const label = l.kind === 'rush' && l.percent !== undefined ? percentLabelOf(l.description) : null;
        return keyed({
          description: l.description,
          ...frenchOf(l),
          quantity: String(l.quantity),
          price: priceText(l.unitPriceCents, lang),
          ...taxabilityOf(l),
          needsPrice: l.needsPrice,
          reason: l.reason[lang],
          ...(l.kind ? { kind: l.kind } : {}),
          ...(label && l.percent !== undefined ? { percent: { value: l.percent, label, dropped: false } } : {}),
          ...(l.kind === 'resale_partner' ? { unconfirmedResale: true } : {}),
        });
      }),
      priceListVersion: state.priced.priceListVersion,
      origin: 'priced',
      pstNumber: '',
    };
  }
  const suggested = state.suggestions.map((s) =>
    keyed({
      description: s.description,
      ...frenchOf(s),
      quantity: String(s.quantity),
      price: priceText(s.unitPriceCents, lang),
      ...taxabilityOf(s),
      needsQuantity: s.needsQuantity,
    }),
  );
  return { lines: suggested, priceListVersion: null, origin: 'suggested', pstNumber: '' };
}
