// The quote a clerk prepares for an order and the customer approves online: line items in
// integer cents, the taxes of the place of supply, and a canonical form of each version for the
// server to hash. Pure, so the inbox previews exactly what the server will store.
import { colourName } from './colour-names.js';
import { dateInWords } from './dates.js';
import { POLY_BAG_PRICE_CENTS, type ProvinceCode } from './constants.js';
import type { OrderBody } from './order.js';
import { firstLayoutWith, layoutsInOrder } from './order-details.js';
import { readQuantity, type SizeQuantity } from './quantities.js';
import {
  isCalendarDate,
  isProvinceCode,
  REGISTERED_FOR_EVERY_TAX,
  TaxError,
  type TaxLine,
  type TaxNotCharged,
  type TaxRegistrations,
} from './taxes.js';
import { assessLineTaxes, TAX_GROUPS, type TaxExemption, type TaxGroup } from './tax-treatment.js';

export const QUOTE_LIMITS = {
  maxLines: 200,
  minQuantity: 1,
  maxQuantity: 1_000_000,
  maxUnitPriceCents: 10_000_000,
  maxDescriptionLength: 500,
} as const;

export { POLY_BAG_PRICE_CENTS };

export interface QuoteLineInput {
  description: string;
  /**
   * The description in French, for a shop in Quebec (Charter of the French language, s. 57): its
   * documents print it, with `description` beside it for an English-speaking customer
   * (lineDescription). Absent when none was given.
   */
  descriptionFr?: string;
  quantity: number;
  unitPriceCents: number;
  /** False: no tax at all. True: every tax of the place of supply but those in notTaxed. */
  taxable: boolean;
  /** Taxes this line is exempt from though taxable for the others (shared/tax-treatment.ts). */
  notTaxed?: TaxGroup[];
  /** Clothing sized for children: each province's rule applies (shared/tax-treatment.ts). */
  childrens?: boolean;
}

export interface QuoteLine extends QuoteLineInput {
  lineTotalCents: number;
}

export interface QuoteContext {
  province: string;
  /** The day the tax becomes payable, YYYY-MM-DD: it chooses the rates. */
  date: string;
  /** The taxes the shop is registered to charge; without it, every tax of the province. */
  registrations?: TaxRegistrations;
  /** A purchase for resale with the customer's PST number: that PST is not charged. */
  exemption?: TaxExemption | null;
}

export interface ComputedQuote {
  province: ProvinceCode;
  date: string;
  lines: QuoteLine[];
  subtotalCents: number;
  taxableSubtotalCents: number;
  taxes: TaxLine[];
  /** Taxes of the province the shop does not charge, each with its reason (absent on older versions). */
  taxesNotCharged?: TaxNotCharged[];
  /** For each line, the keys of the taxes charged on it (absent on older versions: every tax on taxable lines). */
  lineTaxKeys?: string[][];
  /** The customer's exemption the taxes follow, when there is one. */
  exemption?: TaxExemption;
  totalCents: number;
}

export type QuoteIssueCode =
  | 'no_lines'
  | 'too_many_lines'
  | 'invalid_line'
  | 'description_required'
  | 'description_too_long'
  | 'quantity_invalid'
  | 'unit_price_invalid'
  | 'taxable_invalid'
  | 'exemption_invalid'
  | 'province_invalid'
  | 'date_invalid'
  | 'negative_total';

export interface QuoteIssue {
  /** Where the problem is, as in the order's errors: "lines.2.quantity", "province". */
  path: string;
  code: QuoteIssueCode;
  message: string;
  /** The same sentence in Canadian French (a French clerk reads it in the quote editor). */
  messageFr: string;
}

export type QuoteResult = { ok: true; quote: ComputedQuote } | { ok: false; errors: QuoteIssue[] };

/** A line's amount: its quantity times its unit price, in cents (every screen and the server use this). */
export const lineAmountCents = (quantity: number, unitPriceCents: number): number => quantity * unitPriceCents;

const wholeNumberIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

const codePoints = (text: string): number => [...text].length;

/**
 * A line's description as a document in `language` prints it: a French document its French
 * description (the line's own when none was given), a bilingual one (a Quebec shop's, for an
 * English-speaking customer) the French first with the English beside it, "T-shirts imprimés /
 * Tees, printed" (docs/accounts.md, "Documents").
 */
export function lineDescription(
  line: Pick<QuoteLineInput, 'description' | 'descriptionFr'>,
  language: 'en' | 'fr',
  bilingual = false,
): string {
  const fr = line.descriptionFr ?? '';
  if (bilingual) return fr !== '' && fr !== line.description ? `${fr} / ${line.description}` : line.description;
  return language === 'fr' && fr !== '' ? fr : line.description;
}

/** One line as stored: description trimmed and in NFC, so equal text always hashes the same. */
function checkLine(line: unknown, index: number, errors: QuoteIssue[]): QuoteLine | null {
  const at = `lines.${index}`;
  const label = `Line ${index + 1}`;
  const labelFr = `Ligne ${index + 1}`;
  if (typeof line !== 'object' || line === null) {
    errors.push({
      path: at,
      code: 'invalid_line',
      message: `${label} is not a quote line.`,
      messageFr: `La ligne ${index + 1} n’est pas une ligne de soumission.`,
    });
    return null;
  }
  const { description, descriptionFr, quantity, unitPriceCents, taxable, notTaxed, childrens } = line as Partial<
    Record<keyof QuoteLineInput, unknown>
  >;
  const before = errors.length;
  const text = typeof description === 'string' ? description.normalize('NFC').trim() : '';
  if (text === '') {
    errors.push({
      path: `${at}.description`,
      code: 'description_required',
      message: `${label} needs a description.`,
      messageFr: `${labelFr}\u202f: une description est requise.`,
    });
  } else if (codePoints(text) > QUOTE_LIMITS.maxDescriptionLength) {
    errors.push({
      path: `${at}.description`,
      code: 'description_too_long',
      message: `${label}: the description is longer than ${QUOTE_LIMITS.maxDescriptionLength} characters.`,
      messageFr: `${labelFr}\u202f: la description dépasse ${QUOTE_LIMITS.maxDescriptionLength} caractères.`,
    });
  }
  const french = typeof descriptionFr === 'string' ? descriptionFr.normalize('NFC').trim() : '';
  if (descriptionFr !== undefined && typeof descriptionFr !== 'string') {
    errors.push({
      path: `${at}.descriptionFr`,
      code: 'description_too_long',
      message: `${label}: the French description is text.`,
      messageFr: `${labelFr}\u202f: la description française est du texte.`,
    });
  } else if (codePoints(french) > QUOTE_LIMITS.maxDescriptionLength) {
    errors.push({
      path: `${at}.descriptionFr`,
      code: 'description_too_long',
      message: `${label}: the French description is longer than ${QUOTE_LIMITS.maxDescriptionLength} characters.`,
      messageFr: `${labelFr}\u202f: la description française dépasse ${QUOTE_LIMITS.maxDescriptionLength} caractères.`,
    });
  }
  if (!wholeNumberIn(quantity, QUOTE_LIMITS.minQuantity, QUOTE_LIMITS.maxQuantity)) {
    errors.push({
      path: `${at}.quantity`,
      code: 'quantity_invalid',
      message: `${label}: the quantity must be a whole number from 1 to 1,000,000.`,
      messageFr: `${labelFr}\u202f: la quantité doit être un nombre entier de 1 à 1\u202f000\u202f000.`,
    });
  }
  // A negative price is a discount line (a resale partner's, say); the subtotal may not go below 0.
  if (!wholeNumberIn(unitPriceCents, -QUOTE_LIMITS.maxUnitPriceCents, QUOTE_LIMITS.maxUnitPriceCents)) {
    errors.push({
      path: `${at}.unitPriceCents`,
      code: 'unit_price_invalid',
      message: `${label}: the unit price must be a whole number of cents from -10,000,000 to 10,000,000 ($100,000.00); a negative price is a discount.`,
      messageFr: `${labelFr}\u202f: le prix unitaire doit être un nombre entier de cents de -10\u202f000\u202f000 à 10\u202f000\u202f000 (100\u202f000,00\u00a0$)\u202f; un prix négatif est un rabais.`,
    });
  }
  if (typeof taxable !== 'boolean') {
    errors.push({
      path: `${at}.taxable`,
      code: 'taxable_invalid',
      message: `${label}: say whether it is taxable.`,
      messageFr: `${labelFr}\u202f: indiquez si elle est taxable.`,
    });
  }
  const groups = notTaxed === undefined ? [] : notTaxed;
  if (
    !Array.isArray(groups) ||
    groups.some((g) => !TAX_GROUPS.includes(g as TaxGroup)) ||
    new Set(groups).size !== groups.length
  ) {
    errors.push({
      path: `${at}.notTaxed`,
      code: 'taxable_invalid',
      message: `${label}: the taxes it is exempt from are each one of GST/HST, PST/RST and QST, once.`,
      messageFr: `${labelFr}\u202f: les taxes dont elle est exemptée sont chacune l’une de TPS/TVH, TVP/TVD et TVQ, une seule fois.`,
    });
  }
  if (childrens !== undefined && typeof childrens !== 'boolean') {
    errors.push({
      path: `${at}.childrens`,
      code: 'taxable_invalid',
      message: `${label}: say whether it is children’s clothing.`,
      messageFr: `${labelFr}\u202f: indiquez s’il s’agit de vêtements pour enfants.`,
    });
  }
  if (errors.length > before) return null;
  const q = quantity as number;
  const price = unitPriceCents as number;
  // Only what differs from a plain taxable line is kept, so such a line hashes as it always has.
  const exemptFrom = TAX_GROUPS.filter((g) => (groups as TaxGroup[]).includes(g));
  return {
    description: text,
    ...(french !== '' ? { descriptionFr: french } : {}),
    quantity: q,
    unitPriceCents: price,
    taxable: taxable as boolean,
    ...(exemptFrom.length > 0 && taxable ? { notTaxed: exemptFrom } : {}),
    ...(childrens === true ? { childrens: true } : {}),
    lineTotalCents: lineAmountCents(q, price),
  };
}

/** A resale exemption as the clerk records it: the customer's PST number, 4 to 20 letters and digits. */
export function checkExemption(
  value: unknown,
): { ok: true; exemption: TaxExemption | null } | { ok: false; issue: QuoteIssue } {
  if (value === undefined || value === null) return { ok: true, exemption: null };
  const v = value as Partial<TaxExemption>;
  const number = typeof v.pstNumber === 'string' ? v.pstNumber.normalize('NFKC').trim().toUpperCase() : '';
  if (v.kind !== 'resale' || !/^[A-Z0-9][A-Z0-9 -]{2,18}[A-Z0-9]$/.test(number)) {
    return {
      ok: false,
      issue: {
        path: 'exemption.pstNumber',
        code: 'exemption_invalid',
        message: 'Give the customer’s PST number as it appears on their registration (letters and digits).',
        messageFr: 'Donnez le numéro de TVP du client tel qu’il figure sur son inscription (lettres et chiffres).',
      },
    };
  }
  return { ok: true, exemption: { kind: 'resale', pstNumber: number } };
}

/**
 * Totals a quote: each line's total, the subtotal, the taxable subtotal, the taxes of the
 * province on the date (see taxes.ts for the rounding rule) and the total. Every problem is
 * reported at once, each with the path of the field and a sentence a clerk can act on.
 * Within the limits every amount stays below 2^53, so plain integer arithmetic is exact.
 */
export function computeQuote(lines: readonly QuoteLineInput[], context: QuoteContext): QuoteResult {
  const errors: QuoteIssue[] = [];
  const list: readonly unknown[] = Array.isArray(lines) ? lines : [];
  if (list.length === 0) {
    errors.push({
      path: 'lines',
      code: 'no_lines',
      message: 'A quote needs at least one line.',
      messageFr: 'Une soumission compte au moins une ligne.',
    });
  } else if (list.length > QUOTE_LIMITS.maxLines) {
    errors.push({
      path: 'lines',
      code: 'too_many_lines',
      message: `A quote has at most ${QUOTE_LIMITS.maxLines} lines; this one has ${list.length}.`,
      messageFr: `Une soumission compte au plus ${QUOTE_LIMITS.maxLines} lignes\u202f; celle-ci en compte ${list.length}.`,
    });
  }
  const checked = list.length > QUOTE_LIMITS.maxLines ? [] : list.map((line, i) => checkLine(line, i, errors));

  const province = typeof context.province === 'string' ? context.province : '';
  if (!isProvinceCode(province)) {
    errors.push({
      path: 'province',
      code: 'province_invalid',
      message: `"${province}" is not the code of one of the 13 provinces and territories.`,
      messageFr: `«\u00a0${province}\u00a0» n’est le code d’aucune des 13 provinces et territoires.`,
    });
  }
  if (typeof context.date !== 'string' || !isCalendarDate(context.date)) {
    errors.push({
      path: 'date',
      code: 'date_invalid',
      message: 'The quote date must be a calendar date, YYYY-MM-DD.',
      messageFr: 'La date de la soumission doit être une date du calendrier, au format AAAA-MM-JJ.',
    });
  }
  const exemption = checkExemption(context.exemption);
  if (!exemption.ok) errors.push(exemption.issue);
  if (errors.length > 0 || !isProvinceCode(province) || !exemption.ok) return { ok: false, errors };

  const quoteLines = checked as QuoteLine[];
  const subtotalCents = quoteLines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const taxableSubtotalCents = quoteLines.reduce((sum, l) => sum + (l.taxable ? l.lineTotalCents : 0), 0);
  const negative = {
    ok: false as const,
    errors: [
      {
        path: 'lines',
        code: 'negative_total' as const,
        message: 'The discounts are larger than what they apply to: the subtotal cannot be below $0.00.',
        messageFr:
          'Les rabais dépassent ce à quoi ils s’appliquent\u202f: le sous-total ne peut pas être inférieur à 0,00\u00a0$.',
      },
    ],
  };
  if (subtotalCents < 0 || taxableSubtotalCents < 0) return negative;
  let taxes: TaxLine[];
  let taxesNotCharged: TaxNotCharged[];
  let lineTaxKeys: string[][];
  try {
    const assessed = assessLineTaxes(
      province,
      context.date,
      quoteLines,
      context.registrations ?? REGISTERED_FOR_EVERY_TAX,
      exemption.exemption,
    );
    taxes = assessed.charged;
    taxesNotCharged = assessed.notCharged;
    lineTaxKeys = assessed.lineKeys;
  } catch (error) {
    if (error instanceof TaxError && error.code === 'invalid_amount') return negative;
    if (error instanceof TaxError)
      return {
        ok: false,
        errors: [
          {
            path: 'date',
            code: 'date_invalid',
            message: error.message,
            messageFr: 'Aucun taux de taxe n’est enregistré pour cette province à la date de la soumission.',
          },
        ],
      };
    throw error;
  }
  const totalCents = subtotalCents + taxes.reduce((sum, t) => sum + t.amountCents, 0);
  return {
    ok: true,
    quote: {
      province,
      date: context.date,
      lines: quoteLines,
      subtotalCents,
      taxableSubtotalCents,
      taxes,
      taxesNotCharged,
      lineTaxKeys,
      ...(exemption.exemption ? { exemption: exemption.exemption } : {}),
      totalCents,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Suggested lines from an order

export type SuggestedLineKind = 'garment' | 'poly_bags' | 'rush';

export interface SuggestedQuoteLine extends QuoteLineInput {
  kind: SuggestedLineKind;
  /** True when the quantity could not be read from the order: the 1 is a placeholder. */
  needsQuantity: boolean;
  /** The layout a garment line comes from, as keyed in the order ("1", "2"…). */
  layout?: string;
  /** The sizes read from the customer's text, for the clerk to check. */
  sizes?: SizeQuantity[];
}

export interface SuggestOptions {
  rushFeeCents?: number;
  /** The language of the descriptions; the order's language, else English. */
  language?: 'en' | 'fr';
}

const WORDING = {
  en: {
    layout: 'Layout',
    garment: (n: number) => `garment ${n}`,
    suppliedGoods: 'goods supplied by the customer',
    polyBags: 'Biodegradable poly bags',
    rush: 'Rush fee (critical deadline',
  },
  fr: {
    layout: 'Design',
    garment: (n: number) => `vêtement ${n}`,
    suppliedGoods: 'marchandise fournie par le client',
    polyBags: 'Sacs de plastique biodégradables',
    rush: 'Frais d’urgence (échéance critique',
  },
} as const;

/** One entry per size, quantities added ("S:1, M:2, S:3" is S 4, M 2), at most 30 of them. */
function sizesBySize(parts: readonly SizeQuantity[]): SizeQuantity[] {
  const bySize = new Map<string, number>();
  for (const p of parts) bySize.set(p.size, (bySize.get(p.size) ?? 0) + p.qty);
  return [...bySize].slice(0, 30).map(([size, qty]) => ({ size, qty }));
}

function clampDescription(text: string): string {
  const chars = [...text];
  return chars.length <= QUOTE_LIMITS.maxDescriptionLength
    ? text
    : `${chars.slice(0, QUOTE_LIMITS.maxDescriptionLength - 1).join('')}…`;
}

/**
 * The lines a clerk starts a quote from: one per garment variation of each layout where the
 * customer picked garments ("Layout 1 · Gildan 5000, Black"), poly bags at their set price when
 * the order asks for them and every piece is counted, and a rush fee when the deadline is
 * critical. Prices are 0 for the clerk to fill, except the poly bags'. A variation whose sizes
 * cannot be read gets quantity 1 and needsQuantity. Layouts supplied through a PO carry their
 * pieces in a file, so an order with one has no poly bag line: its pieces are not known here.
 */
export function suggestQuoteLines(order: OrderBody, options: SuggestOptions = {}): SuggestedQuoteLine[] {
  const { rushFeeCents = 0 } = options;
  if (!Number.isInteger(rushFeeCents) || rushFeeCents < 0 || rushFeeCents > QUOTE_LIMITS.maxUnitPriceCents) {
    throw new RangeError(`rushFeeCents must be a whole number of cents from 0 to 10,000,000: ${rushFeeCents}`);
  }
  const language = options.language ?? order.language ?? 'en';
  const words = WORDING[language];
  const layouts = layoutsInOrder(order);
  const lines: SuggestedQuoteLine[] = [];
  let pieces = 0;
  let piecesKnown = layouts.length > 0;

  // A quote holds at most maxLines lines (two go to poly bags and the rush): no more are suggested.
  const room = QUOTE_LIMITS.maxLines - 2;
  for (const [key, layout] of layouts) {
    if (layout.garmentOption !== 'pick') {
      piecesKnown = false;
      continue;
    }
    if (layout.variations.length === 0) piecesKnown = false;
    layout.variations.forEach((variation, index) => {
      if (lines.length >= room) {
        piecesKnown = false;
        return;
      }
      const garment = [variation.type.trim(), colourName(variation.color, language)].filter(Boolean).join(', ');
      const parts = [`${words.layout} ${key}`, garment || words.garment(index + 1)];
      if (variation.supplyingGoods === 'yes') {
        const po = variation.itemPO?.trim();
        parts.push(po ? `${words.suppliedGoods} (PO ${po})` : words.suppliedGoods);
      }
      const reading = readQuantity(variation.sizes);
      if (reading) pieces += reading.total;
      else piecesKnown = false;
      lines.push({
        kind: 'garment',
        description: clampDescription(parts.join(' · ')),
        quantity: reading?.total ?? 1,
        unitPriceCents: 0,
        taxable: true,
        needsQuantity: reading === null,
        layout: key,
        ...(reading && reading.parts.length > 0 ? { sizes: sizesBySize(reading.parts) } : {}),
      });
    });
  }

  if (order.includePolyBags && piecesKnown && pieces > 0) {
    lines.push({
      kind: 'poly_bags',
      description: words.polyBags,
      quantity: pieces,
      unitPriceCents: POLY_BAG_PRICE_CENTS,
      taxable: true,
      needsQuantity: false,
    });
  }

  const deadline = firstLayoutWith(order, 'deadline')?.deadline;
  if (deadline?.hasCriticalDeadline) {
    const date = deadline.date.trim();
    lines.push({
      kind: 'rush',
      description: date ? `${words.rush} ${dateInWords(date, language)})` : `${words.rush})`,
      quantity: 1,
      unitPriceCents: rushFeeCents,
      taxable: true,
      needsQuantity: false,
    });
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Place of supply and money live in their own modules; named here too for the code that has always
// imported them from the quote.

export { placeOfSupply, provinceCodeOf } from './order-details.js';
export { formatCents } from './money.js';

// ---------------------------------------------------------------------------------------------
// A quote version, canonically serialised for hashing

export interface QuoteVersion extends ComputedQuote {
  /** Names this document's shape, so a future shape can never hash like this one. */
  format: 'quote-version/1';
  orderId: string;
  /** 1 for the first quote of an order, 2 for its first revision… */
  version: number;
  currency: 'CAD';
  /** The proofs sent with this version, so an approval covers exactly these files. */
  proofs?: QuoteProofRef[];
}

export interface QuoteProofRef {
  layout: number;
  name: string;
  sha256: string;
}

export function quoteVersion(
  orderId: string,
  version: number,
  quote: ComputedQuote,
  proofs?: readonly QuoteProofRef[],
): QuoteVersion {
  if (!Number.isInteger(version) || version < 1) throw new RangeError(`A quote version is 1 or more: ${version}`);
  return {
    format: 'quote-version/1',
    orderId,
    version,
    currency: 'CAD',
    ...quote,
    ...(proofs && proofs.length > 0 ? { proofs: proofs.map((p) => ({ ...p })) } : {}),
  };
}

/**
 * JSON with object keys sorted (by UTF-16 code units), no whitespace, and only safe integers for
 * numbers: for such values this is the JSON Canonicalization Scheme (RFC 8785), so another
 * implementation can reproduce the bytes. Properties whose value is undefined are left out, as
 * JSON.stringify leaves them out; anything JSON cannot carry exactly is refused.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new TypeError(`Only safe integers are serialised, not ${value}`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    return `[${value
      .map((item: unknown) => {
        if (item === undefined) throw new TypeError('An array cannot hold undefined');
        return canonicalJson(item);
      })
      .join(',')}]`;
  }
  if (typeof value === 'object') {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) throw new TypeError('Only plain objects are serialised');
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new TypeError(`Cannot serialise a ${typeof value}`);
}

/** The exact text of a quote version the server hashes (SHA-256) and the customer approves. */
export function serialiseQuoteVersion(version: QuoteVersion): string {
  return canonicalJson(version);
}
