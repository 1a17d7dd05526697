// Prices an order from the shop's price list (docs/prices.md): the one function behind the form's
// live estimate, the server's record of it and the lines a quote starts from, so all three agree.
// Pure and synchronous; it never guesses: whatever the list or the order cannot price with
// certainty is listed as "priced on the quote", with its reason, and never counted as $0.
import {
  DECORATION_METHODS,
  POLY_BAG_PRICE_CENTS,
  VIEWS,
  type DecorationMethod,
  type ProvinceCode,
  type ViewName,
} from '../constants.js';
import { deepFreeze } from '../deep-freeze.js';
import { applyRate, formatCents } from '../money.js';
import { firstLayoutWith, layoutsInOrder, placeOfSupply, type OrderDetails } from '../order-details.js';
import { ORDER_WORDS, VIEW_LABELS, type Language } from '../order-presentation.js';
import { parsePrintSize } from '../print-size.js';
import { readQuantity, type QuantityReading, type SizeQuantity } from '../quantities.js';
import { isCalendarDate, type TaxLine, type TaxNotCharged, type TaxRegistrations } from '../taxes.js';
import { assessLineTaxes } from '../tax-treatment.js';
import type { Bilingual, PriceList, PriceListGarment, PriceListMethod } from './price-list.js';
import { sizeKey } from './size-grid.js';

// What the pricing reads of an order. Structural, so the hand-written order body and the one the
// server's schema infers both fit, and the form can price its state without building a submission.
export interface PricingVariation {
  type: string;
  color?: string;
  sizes: string;
  supplyingGoods?: string;
}

export interface PricingView {
  image?: string;
  dimensions?: string;
  decoration?: string;
  /** Ink colours (screen printing): a whole number, 1 or more. */
  colours?: number;
}

export interface PricingLayout extends OrderDetails {
  garmentOption?: string;
  variations?: readonly PricingVariation[];
  viewData?: Partial<Record<ViewName, PricingView>>;
}

export interface PricingOrder {
  layouts: Readonly<Record<string, PricingLayout>>;
  isResalePartner?: boolean;
  includePolyBags?: boolean;
}

export interface PricingContext {
  /** YYYY-MM-DD: the day the prices and taxes are taken from, and rush days counted from. */
  date: string;
  /** The shop's province: the place of supply of a local pickup. */
  shopProvince: string;
  registrations: TaxRegistrations;
  /** Width ÷ height of a view's graphic by layout key and view, when the caller knows its pixels. */
  graphicAspect?: Readonly<Record<string, Partial<Record<ViewName, number>>>>;
}

export type PriceLineKind =
  'garment' | 'customer_goods' | 'decoration' | 'setup' | 'poly_bags' | 'rush' | 'resale_partner';

/** One line, as a quote line will carry it: quantity × unitCents = totalCents. */
export interface PriceLine {
  kind: PriceLineKind;
  /** The layout's key in the order ("1", "2"…), for every line but the order's own. */
  layout?: string;
  /** The variation's index in its layout (0 is "Garment Details"). */
  variation?: number;
  view?: ViewName;
  method?: DecorationMethod;
  /** A garment line's size group: the sizes sharing its unit price, with their quantities. */
  sizes?: SizeQuantity[];
  /** A garment the price list marks as children's clothing: its province's rule applies to its taxes. */
  childrens?: boolean;
  quantity: number;
  unitCents: number;
  totalCents: number;
  /** Stands alone on a quote: "Layout 1 · Front · Screen printing, 2 colours". */
  description: Bilingual;
  /** How the amount came about: "55 pieces, 2 colours, 48+ row: $2.20 × 55". */
  reason: Bilingual;
}

export type OnQuoteCode =
  | 'po'
  | 'garments_not_chosen'
  | 'no_quantities'
  | 'sizes_missing'
  | 'sizes_unreadable'
  | 'pieces_unknown'
  | 'garment_not_named'
  | 'garment_unknown'
  | 'size_unknown'
  | 'sizes_needed'
  | 'not_described'
  | 'no_method'
  | 'method_unknown'
  | 'colours_missing'
  | 'size_missing'
  | 'size_unreadable'
  | 'past_last_column'
  | 'too_large'
  | 'no_deadline_date';

/** Something the estimate leaves for the shop to price, and why. */
export interface OnQuoteItem {
  code: OnQuoteCode;
  kind: 'layout' | 'garment' | 'decoration' | 'poly_bags' | 'rush';
  layout?: string;
  variation?: number;
  view?: ViewName;
  /** "3 or more colours on the back: priced on your quote". */
  reason: Bilingual;
}

/** From createOrderPricer, the lines and items of each layout are frozen (later answers share them). */
export interface PricedOrder {
  currency: 'CAD';
  date: string;
  /** Null while the order names no province: then no taxes are counted, and a note says so. */
  placeOfSupply: ProvinceCode | null;
  lines: readonly PriceLine[];
  onQuote: readonly OnQuoteItem[];
  /** Minimums and the like: "Screen printing starts at 12 pieces". */
  notes: readonly Bilingual[];
  subtotalCents: number;
  taxes: TaxLine[];
  taxesNotCharged: TaxNotCharged[];
  totalCents: number;
}

// ---------------------------------------------------------------------------------------------
// Words. Each phrase is written in both languages side by side.

type Say = (l: Language) => string;
const say = (f: Say): Bilingual => ({ en: f('en'), fr: f('fr') });
const money = formatCents;
const onYourQuote = (f: Say): Bilingual =>
  say((l) => `${f(l)}${l === 'en' ? ': priced on your quote' : ' : prix dans votre soumission'}`);

const NARROW_NO_BREAK_SPACE = '\u202f';
const count = (n: number, l: Language) =>
  String(n).replace(/\B(?=(\d{3})+(?!\d))/g, l === 'en' ? ',' : NARROW_NO_BREAK_SPACE);
// Inches are read to the thousandth, and compared with the columns so: shown so too.
const decimal = (n: number, l: Language) => {
  const text = String(Math.round(n * 1000) / 1000);
  return l === 'en' ? text : text.replace('.', ',');
};
const inches = (n: number, l: Language) => (l === 'en' ? `${decimal(n, l)}"` : `${decimal(n, l)} po`);
const piecesText = (n: number, l: Language) =>
  l === 'en' ? `${count(n, l)} ${n === 1 ? 'piece' : 'pieces'}` : `${count(n, l)} ${n === 1 ? 'pièce' : 'pièces'}`;
const coloursText = (n: number, l: Language) =>
  l === 'en' ? `${n} ${n === 1 ? 'colour' : 'colours'}` : `${n} ${n === 1 ? 'couleur' : 'couleurs'}`;
const layoutName = (key: string, l: Language) => (l === 'en' ? `Layout ${key}` : `Disposition ${key}`);
const sizesList = (sizes: readonly SizeQuantity[]) => sizes.map((s) => `${s.size} ${s.qty}`).join(', ');

const METHOD_NAMES: Record<Language, Record<DecorationMethod, string>> = {
  en: { 'screen-printing': 'Screen printing', embroidery: 'Embroidery', dtf: 'DTF', sewing: 'Sewing' },
  fr: { 'screen-printing': 'Sérigraphie', embroidery: 'Broderie', dtf: 'DTF', sewing: 'Couture' },
};
const METHOD_STARTS: Record<DecorationMethod, string> = {
  'screen-printing': 'La sérigraphie',
  embroidery: 'La broderie',
  dtf: 'Le DTF',
  sewing: 'La couture',
};
const ON_VIEW: Record<Language, Record<ViewName, string>> = {
  en: {
    Front: 'on the front',
    Back: 'on the back',
    'Left Sleeve': 'on the left sleeve',
    'Right Sleeve': 'on the right sleeve',
  },
  fr: {
    Front: 'sur le devant',
    Back: 'au dos',
    'Left Sleeve': 'sur la manche gauche',
    'Right Sleeve': 'sur la manche droite',
  },
};

// ---------------------------------------------------------------------------------------------
// The price list, indexed once per document.

interface GarmentEntry {
  garment: PriceListGarment;
  /** By sizeKey: the garment's own spelling and its unit price with the upcharge. */
  sizes: Map<string, { size: string; unitCents: number }>;
  hasUpcharge: boolean;
}

const indexes = new WeakMap<PriceList, Map<string, GarmentEntry>>();

function garmentIndex(priceList: PriceList): Map<string, GarmentEntry> {
  let index = indexes.get(priceList);
  if (index) return index;
  index = new Map();
  for (const garment of priceList.garments) {
    const upcharges = new Map(Object.entries(garment.sizeUpchargeCents ?? {}).map(([s, c]) => [sizeKey(s), c]));
    const entry: GarmentEntry = {
      garment,
      sizes: new Map(
        garment.sizes.map((size) => [
          sizeKey(size),
          { size, unitCents: garment.unitCents + (upcharges.get(sizeKey(size)) ?? 0) },
        ]),
      ),
      hasUpcharge: [...upcharges.values()].some((c) => c > 0),
    };
    index.set(garment.id.trim().toLowerCase(), entry);
    index.set(garment.name.trim().toLowerCase(), entry);
  }
  indexes.set(priceList, index);
  return index;
}

// ---------------------------------------------------------------------------------------------
// Dates

/** The calendar date at the start of a deadline ("2026-05-08" or "2026-05-08T00:00:00Z"), else null. */
function calendarDateOf(text: string): string | null {
  const day = text.trim().slice(0, 10);
  return isCalendarDate(day) ? day : null;
}

const DAY_MS = 86_400_000;

/**
 * Business days (Monday to Friday) after `from` up to and including `to`, counted no further than
 * `limit`. Statutory holidays count as business days: they differ by province and year, and a
 * rush charged a day early is for the clerk to waive, never a rush missed.
 */
export function businessDaysBetween(from: string, to: string, limit: number): number {
  const end = Date.parse(to);
  let days = 0;
  for (let t = Date.parse(from) + DAY_MS; t <= end && days < limit; t += DAY_MS) {
    const weekday = new Date(t).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days++;
  }
  return days;
}

// ---------------------------------------------------------------------------------------------
// Pricing

class Estimate {
  readonly lines: PriceLine[] = [];
  readonly onQuote: OnQuoteItem[] = [];
  readonly notes: Bilingual[] = [];

  line(l: Omit<PriceLine, 'totalCents'>): void {
    // Every line gets the same shape, absent places as undefined: spreading objects of varying
    // shapes took half the time of a large order.
    this.lines.push({
      kind: l.kind,
      layout: l.layout,
      variation: l.variation,
      view: l.view,
      method: l.method,
      sizes: l.sizes,
      quantity: l.quantity,
      unitCents: l.unitCents,
      totalCents: l.quantity * l.unitCents,
      childrens: l.childrens,
      description: l.description,
      reason: l.reason,
    });
  }

  quote(item: OnQuoteItem): void {
    this.onQuote.push(item);
  }

  note(note: Bilingual): void {
    if (!this.notes.some((n) => n.en === note.en)) this.notes.push(note);
  }

  add(part: LayoutPrice): void {
    this.lines.push(...part.lines);
    this.onQuote.push(...part.onQuote);
    for (const note of part.notes) this.note(note);
  }
}

const isBlank = (v: PricingVariation) => !v.type.trim() && !v.sizes.trim() && !v.color?.trim();

/** "Variation #2 (G5000, White)": the form's own title for it, and what the customer typed. */
function variationLabel(v: PricingVariation, index: number, l: Language): string {
  const words = ORDER_WORDS[l];
  const typed = [v.type.trim(), v.color?.trim()].filter(Boolean).join(', ');
  return `${index === 0 ? words.garmentDetails : words.variation(index + 1)}${typed ? ` (${typed})` : ''}`;
}

function priceGarments(
  priceList: PriceList,
  estimate: Estimate,
  layout: string,
  variation: number,
  v: PricingVariation,
  reading: QuantityReading,
): void {
  const at = { layout, variation };
  const colour = v.color?.trim() ? `, ${v.color.trim()}` : '';
  if (v.supplyingGoods === 'yes') {
    const unit = priceList.customerGoodsCents;
    const what = v.type.trim() + colour;
    estimate.line({
      kind: 'customer_goods',
      ...at,
      quantity: reading.total,
      unitCents: unit,
      description: say((l) =>
        l === 'en'
          ? `${layoutName(layout, l)} · Goods supplied by the customer${what ? ` (${what})` : ''}`
          : `${layoutName(layout, l)} · Marchandise fournie par le client${what ? ` (${what})` : ''}`,
      ),
      reason: say((l) =>
        l === 'en'
          ? `${piecesText(reading.total, l)} supplied by you: ${money(unit, l)} × ${reading.total}`
          : `${piecesText(reading.total, l)} fournies par vous : ${money(unit, l)} × ${reading.total}`,
      ),
    });
    return;
  }
  const type = v.type.trim();
  if (!type) {
    estimate.quote({
      code: 'garment_not_named',
      kind: 'garment',
      ...at,
      reason: onYourQuote(
        (l) => `${variationLabel(v, variation, l)}${l === 'en' ? ', no garment named' : ', aucun vêtement précisé'}`,
      ),
    });
    return;
  }
  const entry = garmentIndex(priceList).get(type.toLowerCase());
  if (!entry) {
    estimate.quote({
      code: 'garment_unknown',
      kind: 'garment',
      ...at,
      reason: onYourQuote((l) => (l === 'en' ? `“${type}”, not in our list` : `« ${type} », absent de notre liste`)),
    });
    return;
  }
  const { garment } = entry;
  const describe = (sizes: readonly SizeQuantity[]) =>
    say(
      (l) => `${layoutName(layout, l)} · ${garment.name}${colour}${sizes.length > 0 ? ` · ${sizesList(sizes)}` : ''}`,
    );

  if (reading.parts.length === 0) {
    // "35 pcs": one price fits only when no size costs more.
    if (entry.hasUpcharge) {
      estimate.quote({
        code: 'sizes_needed',
        kind: 'garment',
        ...at,
        reason: onYourQuote((l) =>
          l === 'en'
            ? `${garment.name}, sizes not given (the price depends on the size)`
            : `${garment.name}, tailles non précisées (le prix dépend de la taille)`,
        ),
      });
      return;
    }
    estimate.line({
      kind: 'garment',
      ...at,
      childrens: garment.childrens,
      quantity: reading.total,
      unitCents: garment.unitCents,
      description: describe([]),
      reason: say((l) => `${money(garment.unitCents, l)} × ${reading.total}`),
    });
    return;
  }

  // One line per unit price, its sizes in the order the customer wrote them.
  const groups = new Map<number, SizeQuantity[]>();
  for (const part of reading.parts) {
    const size = entry.sizes.get(sizeKey(part.size));
    if (!size) {
      estimate.quote({
        code: 'size_unknown',
        kind: 'garment',
        ...at,
        reason: onYourQuote((l) =>
          l === 'en'
            ? `${garment.name} in ${part.size}, not in our list`
            : `${garment.name} en ${part.size}, absent de notre liste`,
        ),
      });
      continue;
    }
    const group = groups.get(size.unitCents) ?? [];
    const same = group.find((g) => g.size === size.size);
    if (same) same.qty += part.qty;
    else group.push({ size: size.size, qty: part.qty });
    groups.set(size.unitCents, group);
  }
  for (const [unit, sizes] of groups) {
    const quantity = sizes.reduce((sum, s) => sum + s.qty, 0);
    const upcharge = unit - garment.unitCents;
    const names = sizes.map((s) => s.size).join(', ');
    estimate.line({
      kind: 'garment',
      ...at,
      childrens: garment.childrens,
      sizes,
      quantity,
      unitCents: unit,
      description: describe(sizes),
      reason: say((l) =>
        upcharge === 0
          ? `${money(unit, l)} × ${quantity}`
          : `${money(garment.unitCents, l)} + ${money(upcharge, l)} (${names}) = ${money(unit, l)} × ${quantity}`,
      ),
    });
  }
}

type Measured = { value: number; text: Say } | { missing: OnQuoteItem['reason']; code: OnQuoteCode };

/** Width and height in inches; a missing side follows the graphic's proportions, or is square without them. */
function printSize(d: PricingView, aspect: number | undefined): { width: number; height: number } | null {
  const size = parsePrintSize(d.dimensions);
  if (!size) return null;
  const ratio = aspect !== undefined && Number.isFinite(aspect) && aspect > 0 ? aspect : 1;
  const width = size.widthIn ?? size.heightIn! * ratio;
  const height = size.heightIn ?? size.widthIn! / ratio;
  return { width, height };
}

function measure(m: PriceListMethod, d: PricingView, view: ViewName, aspect: number | undefined): Measured {
  const on = (l: Language) => ON_VIEW[l][view];
  if (m.measure === 'none') return { value: m.columns[0]!, text: () => '' };
  if (m.measure === 'colours') {
    const colours = d.colours;
    if (colours === undefined || !Number.isSafeInteger(colours) || colours < 1) {
      return {
        code: 'colours_missing',
        missing: onYourQuote((l) =>
          l === 'en' ? `Ink colours ${on(l)} not given` : `Couleurs d’encre ${on(l)} non précisées`,
        ),
      };
    }
    return { value: colours, text: (l) => coloursText(colours, l) };
  }
  const size = printSize(d, aspect);
  if (!size) {
    const given = Boolean(d.dimensions?.trim());
    return {
      code: given ? 'size_unreadable' : 'size_missing',
      missing: onYourQuote((l) =>
        l === 'en'
          ? `Size of the graphic ${on(l)} ${given ? 'not understood' : 'not given'}`
          : `Taille du graphique ${on(l)} ${given ? 'non comprise' : 'non précisée'}`,
      ),
    };
  }
  if (m.measure === 'inches') {
    // Three decimals, as the size was read: 4 cm must not become 1.5748031…" past a 1.575" column.
    const longest = Math.round(Math.max(size.width, size.height) * 1000) / 1000;
    return {
      value: longest,
      text: (l) => (l === 'en' ? `${inches(longest, l)} longest side` : `côté le plus long ${inches(longest, l)}`),
    };
  }
  const stitches = Math.ceil(size.width * size.height * m.stitchesPerSquareInch - 1e-6);
  return {
    value: stitches,
    text: (l) => (l === 'en' ? `about ${count(stitches, l)} stitches` : `environ ${count(stitches, l)} points`),
  };
}

function pastLastColumn(m: PriceListMethod, view: ViewName, measured: number): Bilingual {
  const last = m.columns.at(-1)!;
  return onYourQuote((l) => {
    const on = ON_VIEW[l][view];
    if (m.measure === 'colours') {
      return l === 'en' ? `${last + 1} or more colours ${on}` : `${last + 1} couleurs ou plus ${on}`;
    }
    if (m.measure === 'inches') {
      return l === 'en' ? `Transfer over ${inches(last, l)} ${on}` : `Transfert de plus de ${inches(last, l)} ${on}`;
    }
    return l === 'en'
      ? `More than ${count(last, l)} stitches ${on} (about ${count(measured, l)})`
      : `Plus de ${count(last, l)} points ${on} (environ ${count(measured, l)})`;
  });
}

function columnText(m: PriceListMethod, column: number, l: Language): string {
  if (m.measure === 'colours')
    return l === 'en' ? ` (${column}-colour column)` : ` (colonne ${coloursText(column, l)})`;
  if (m.measure === 'inches') return l === 'en' ? ` (up to ${inches(column, l)})` : ` (jusqu’à ${inches(column, l)})`;
  return l === 'en' ? ` (up to ${count(column, l)})` : ` (jusqu’à ${count(column, l)})`;
}

function priceLocation(
  priceList: PriceList,
  estimate: Estimate,
  layout: string,
  view: ViewName,
  d: PricingView,
  method: DecorationMethod,
  pieces: number,
  aspect: number | undefined,
): void {
  const at = { layout, view };
  const m: PriceListMethod | undefined = priceList.methods[method];
  if (!m) {
    estimate.quote({
      code: 'method_unknown',
      kind: 'decoration',
      ...at,
      reason: onYourQuote((l) =>
        l === 'en'
          ? `${METHOD_NAMES[l][method]} ${ON_VIEW[l][view]}, not in our price list`
          : `${METHOD_NAMES[l][method]} ${ON_VIEW[l][view]}, absente de notre liste de prix`,
      ),
    });
    return;
  }
  const measured = measure(m, d, view, aspect);
  if ('missing' in measured) {
    estimate.quote({ code: measured.code, kind: 'decoration', ...at, reason: measured.missing });
    return;
  }
  const col = m.columns.findIndex((c) => c >= measured.value);
  if (col === -1) {
    estimate.quote({
      code: 'past_last_column',
      kind: 'decoration',
      ...at,
      reason: pastLastColumn(m, view, measured.value),
    });
    return;
  }
  let row = 0;
  while (row + 1 < m.breaks.length && m.breaks[row + 1]! <= pieces) row++;
  const minimum = m.minimumPieces ?? m.breaks[0]!;
  if (pieces < minimum) {
    estimate.note(
      say((l) =>
        l === 'en'
          ? `${METHOD_NAMES.en[method]} starts at ${piecesText(minimum, l)}`
          : `${METHOD_STARTS[method]} commence à ${piecesText(minimum, l)}`,
      ),
    );
  }
  const column = m.columns[col]!;
  const unit = m.unitCents[row]![col]!;
  const measuredText = (l: Language) => {
    const text = measured.text(l);
    return text && column !== measured.value ? text + columnText(m, column, l) : text;
  };
  const rowText = (l: Language) => (l === 'en' ? `${m.breaks[row]!}+ row` : `rangée ${m.breaks[row]!}+`);
  const where = (l: Language) => `${layoutName(layout, l)} · ${VIEW_LABELS[l][view]}`;
  estimate.line({
    kind: 'decoration',
    ...at,
    method,
    quantity: pieces,
    unitCents: unit,
    description: say((l) => [`${where(l)} · ${METHOD_NAMES[l][method]}`, measured.text(l)].filter(Boolean).join(', ')),
    reason: say(
      (l) =>
        `${[piecesText(pieces, l), measuredText(l), rowText(l)].filter(Boolean).join(', ')}${l === 'en' ? ':' : ' :'} ${money(unit, l)} × ${pieces}`,
    ),
  });

  const waived = m.setupWaivedFromPieces !== undefined && pieces >= m.setupWaivedFromPieces;
  if (m.setupCents === 0 || waived) return;
  const screens = m.measure === 'colours' ? measured.value : 0;
  estimate.line({
    kind: 'setup',
    ...at,
    method,
    quantity: screens || 1,
    unitCents: m.setupCents,
    description: say((l) =>
      screens
        ? `${where(l)} · ${l === 'en' ? 'Screens' : 'Écrans'}`
        : `${where(l)} · ${l === 'en' ? `${METHOD_NAMES.en[method]} setup` : `Préparation, ${METHOD_NAMES.fr[method].toLowerCase()}`}`,
    ),
    reason: say((l) => {
      if (!screens)
        return l === 'en'
          ? `Once for this location: ${money(m.setupCents, l)}`
          : `Une fois pour cet emplacement : ${money(m.setupCents, l)}`;
      const n =
        l === 'en'
          ? `${screens} ${screens === 1 ? 'screen' : 'screens'}`
          : `${screens} ${screens === 1 ? 'écran' : 'écrans'}`;
      return `${n}${l === 'en' ? ', one per colour:' : ', un par couleur :'} ${money(m.setupCents, l)} × ${screens}`;
    }),
  });
}

/** The layout's pieces, or null when they are not known (then its decoration waits for the quote). */
function priceLayout(
  priceList: PriceList,
  estimate: Estimate,
  key: string,
  layout: PricingLayout,
  aspects: Partial<Record<ViewName, number>> | undefined,
): number | null {
  if (layout.garmentOption !== 'pick') {
    const po = layout.garmentOption === 'po';
    estimate.quote({
      code: po ? 'po' : 'garments_not_chosen',
      kind: 'layout',
      layout: key,
      reason: onYourQuote((l) =>
        po
          ? l === 'en'
            ? 'Garments and quantities in your PO'
            : 'Vêtements et quantités dans votre bon de commande'
          : l === 'en'
            ? 'Garments not chosen yet'
            : 'Vêtements pas encore choisis',
      ),
    });
    return null;
  }

  let pieces = 0;
  let known = true;
  (layout.variations ?? []).forEach((v, index) => {
    // A blank variation asks for nothing: the form adds one before the customer fills it.
    if (isBlank(v)) return;
    const reading = readQuantity(v.sizes);
    if (!reading) {
      known = false;
      const given = Boolean(v.sizes.trim());
      estimate.quote({
        code: given ? 'sizes_unreadable' : 'sizes_missing',
        kind: 'garment',
        layout: key,
        variation: index,
        reason: onYourQuote((l) => {
          const label = variationLabel(v, index, l);
          if (l === 'en') return `${label}, sizes and quantities ${given ? 'not understood' : 'not given yet'}`;
          return `${label}, tailles et quantités ${given ? 'non comprises' : 'pas encore indiquées'}`;
        }),
      });
      return;
    }
    pieces += reading.total;
    priceGarments(priceList, estimate, key, index, v, reading);
  });

  if (!known || pieces === 0) {
    estimate.quote(
      known
        ? {
            code: 'no_quantities',
            kind: 'layout',
            layout: key,
            reason: onYourQuote((l) =>
              l === 'en' ? 'No quantities given yet' : 'Aucune quantité indiquée pour l’instant',
            ),
          }
        : {
            code: 'pieces_unknown',
            kind: 'decoration',
            layout: key,
            reason: onYourQuote((l) =>
              l === 'en'
                ? 'Decoration, until every quantity can be read'
                : 'Décoration, tant que toutes les quantités ne sont pas lisibles',
            ),
          },
    );
    return known ? 0 : null;
  }

  let described = false;
  for (const view of VIEWS) {
    const d = layout.viewData?.[view];
    if (!d) continue;
    const shown = Boolean(d.image?.trim() || d.dimensions?.trim());
    const method = DECORATION_METHODS.find((m) => m === d.decoration);
    if (shown && !method && d.decoration) {
      // A method this code does not know is never priced as another.
      estimate.quote({
        code: 'method_unknown',
        kind: 'decoration',
        layout: key,
        view,
        reason: onYourQuote((l) => (l === 'en' ? `Decoration ${ON_VIEW[l][view]}` : `Décoration ${ON_VIEW[l][view]}`)),
      });
      described = true;
    } else if (shown && !method) {
      estimate.quote({
        code: 'no_method',
        kind: 'decoration',
        layout: key,
        view,
        reason: onYourQuote((l) =>
          l === 'en'
            ? `Graphic ${ON_VIEW[l][view]} without a decoration method`
            : `Graphique ${ON_VIEW[l][view]} sans méthode de décoration`,
        ),
      });
      described = true;
    } else if (shown && method) {
      priceLocation(priceList, estimate, key, view, d, method, pieces, aspects?.[view]);
      described = true;
    }
  }
  if (!described) {
    // Vector mockups and the design studio describe the decoration outside the views: not $0.
    estimate.quote({
      code: 'not_described',
      kind: 'decoration',
      layout: key,
      reason: onYourQuote((l) =>
        l === 'en' ? 'Decoration not described view by view' : 'Décoration non décrite vue par vue',
      ),
    });
  }
  return pieces;
}

// ---------------------------------------------------------------------------------------------
// Layouts

interface LayoutPrice {
  pieces: number | null;
  lines: readonly PriceLine[];
  onQuote: readonly OnQuoteItem[];
  notes: readonly Bilingual[];
}

type LayoutPricer = (
  priceList: PriceList,
  key: string,
  layout: PricingLayout,
  aspects: Partial<Record<ViewName, number>> | undefined,
) => LayoutPrice;

const priceLayoutNow: LayoutPricer = (priceList, key, layout, aspects) => {
  const estimate = new Estimate();
  const pieces = priceLayout(priceList, estimate, key, layout, aspects);
  return { pieces, lines: estimate.lines, onQuote: estimate.onQuote, notes: estimate.notes };
};

/** Everything priceLayout reads of a layout, as one string (a graphic only by its presence: a data URL can be megabytes). */
function layoutKey(key: string, layout: PricingLayout, aspects: Partial<Record<ViewName, number>> | undefined): string {
  const parts: unknown[] = [key, layout.garmentOption];
  for (const v of layout.variations ?? []) parts.push(v.type, v.color, v.sizes, v.supplyingGoods);
  for (const view of VIEWS) {
    const d = layout.viewData?.[view];
    parts.push(Boolean(d?.image?.trim()), d?.dimensions, d?.decoration, d?.colours, aspects?.[view]);
  }
  return JSON.stringify(parts);
}

/**
 * priceOrder for a caller that prices the same order again and again, the form on every
 * keystroke: it remembers the last 200 layouts it priced, by content, not identity, so that an
 * order changed in place is never priced from an old answer, and prices again only the layouts
 * that changed. Its answers equal priceOrder's; the lines and items of each layout are frozen,
 * since later answers share them. The server prices each order once and calls priceOrder, which
 * keeps nothing (remembering layouts nobody asks for again makes a first pricing slower).
 */
export function createOrderPricer(): typeof priceOrder {
  let list: PriceList | undefined;
  const known = new Map<string, LayoutPrice>();
  const priceLayoutOnce: LayoutPricer = (priceList, key, layout, aspects) => {
    if (priceList !== list) {
      known.clear();
      list = priceList;
    }
    const content = layoutKey(key, layout, aspects);
    const cached = known.get(content);
    if (cached) {
      // Most recently used last, so that the oldest is the one to go.
      known.delete(content);
      known.set(content, cached);
      return cached;
    }
    const priced = deepFreeze(priceLayoutNow(priceList, key, layout, aspects));
    if (known.size >= 200) known.delete(known.keys().next().value!);
    known.set(content, priced);
    return priced;
  };
  return (priceList, order, context) => price(priceList, order, context, priceLayoutOnce);
}

/** The lines a rush fee and a resale partner discount are a percent of (the quote editor reads it too). */
export const PERCENT_BASE: ReadonlySet<PriceLineKind> = new Set(['garment', 'customer_goods', 'decoration', 'setup']);
const percentLabel = (percent: number, l: Language) => (l === 'en' ? `${percent}%` : `${percent}\u00a0%`);

/**
 * Prices an order from a price list (one that readPriceList accepted) on a date, for a shop with
 * its tax registrations: every line with its reason, what is priced on the quote and why, notes,
 * the taxes of the place of supply (and those not charged, with why) and the total. Amounts are
 * integer cents; the total is the sum of the lines and the taxes.
 */
export function priceOrder(priceList: PriceList, order: PricingOrder, context: PricingContext): PricedOrder {
  return price(priceList, order, context, priceLayoutNow);
}

/**
 * How much one order may ask the estimate to price: 200 garment variations (the form's typical
 * large order, 20 layouts of 10, is priced whole) and 1,000 lines. Past either, the whole order is
 * priced on the quote, so the largest order the form accepts costs the estimate a count, not a
 * pricing (docs/prices.md).
 */
export const ESTIMATE_LIMITS = { variations: 200, lines: 1000 } as const;

function tooLarge(order: PricingOrder, context: PricingContext, what: 'variations' | 'lines'): PricedOrder {
  const limit = ESTIMATE_LIMITS[what];
  return {
    currency: 'CAD',
    date: context.date,
    placeOfSupply: placeOfSupply(order, context.shopProvince),
    lines: [],
    onQuote: [
      {
        code: 'too_large',
        kind: 'layout',
        reason: say((l) =>
          l === 'en'
            ? `This order has more than ${limit} ${what === 'variations' ? 'garment variations' : 'lines'}, more than the online estimate prices: the shop prices all of it on your quote`
            : `Cette commande a plus de ${limit} ${what === 'variations' ? 'variantes de vêtements' : 'lignes'}, plus que l’estimation en ligne n’en calcule\u00a0: la boutique la chiffre en entier dans votre soumission`,
        ),
      },
    ],
    notes: [],
    subtotalCents: 0,
    taxes: [],
    taxesNotCharged: [],
    totalCents: 0,
  };
}

function price(
  priceList: PriceList,
  order: PricingOrder,
  context: PricingContext,
  priceLayoutOf: LayoutPricer,
): PricedOrder {
  if (!isCalendarDate(context.date)) throw new RangeError(`Not a calendar date (YYYY-MM-DD): "${context.date}"`);
  let variations = 0;
  for (const [, layout] of layoutsInOrder(order))
    if (layout.garmentOption === 'pick') variations += layout.variations?.length ?? 0;
  if (variations > ESTIMATE_LIMITS.variations) return tooLarge(order, context, 'variations');
  const estimate = new Estimate();
  let pieces = 0;
  let piecesKnown = true;
  for (const [key, layout] of layoutsInOrder(order)) {
    const priced = priceLayoutOf(priceList, key, layout, context.graphicAspect?.[key]);
    estimate.add(priced);
    if (priced.pieces === null) piecesKnown = false;
    else pieces += priced.pieces;
    if (estimate.lines.length > ESTIMATE_LIMITS.lines) return tooLarge(order, context, 'lines');
  }

  if (order.includePolyBags && pieces > 0) {
    if (piecesKnown) {
      estimate.line({
        kind: 'poly_bags',
        quantity: pieces,
        unitCents: POLY_BAG_PRICE_CENTS,
        description: say((l) => ORDER_WORDS[l].polyBags),
        reason: say(
          (l) => `${piecesText(pieces, l)}${l === 'en' ? ':' : ' :'} ${money(POLY_BAG_PRICE_CENTS, l)} × ${pieces}`,
        ),
      });
    } else {
      estimate.quote({
        code: 'pieces_unknown',
        kind: 'poly_bags',
        reason: onYourQuote((l) =>
          l === 'en'
            ? 'Poly bags, until every quantity is known'
            : 'Sacs biodégradables, tant que toutes les quantités ne sont pas connues',
        ),
      });
    }
  }

  const base = estimate.lines.reduce((sum, line) => sum + (PERCENT_BASE.has(line.kind) ? line.totalCents : 0), 0);
  const deadline = firstLayoutWith(order, 'deadline')?.deadline;
  const { businessDays, percent: rushPercent } = priceList.rush;
  if (deadline?.hasCriticalDeadline) {
    const due = calendarDateOf(deadline.date);
    if (!due) {
      estimate.quote({
        code: 'no_deadline_date',
        kind: 'rush',
        reason: onYourQuote((l) =>
          l === 'en' ? 'Rush, critical deadline without a date' : 'Urgence, échéance critique sans date',
        ),
      });
    } else {
      const days = businessDaysBetween(context.date, due, businessDays);
      const amount = applyRate(base, rushPercent * 1000);
      if (days < businessDays && amount > 0) {
        estimate.line({
          kind: 'rush',
          quantity: 1,
          unitCents: amount,
          description: say((l) =>
            l === 'en'
              ? `Rush fee, critical deadline ${due} (${percentLabel(rushPercent, l)})`
              : `Frais d’urgence, échéance critique ${due} (${percentLabel(rushPercent, l)})`,
          ),
          reason: say((l) =>
            l === 'en'
              ? `${days} business ${days === 1 ? 'day' : 'days'} away, fewer than ${businessDays}: ${percentLabel(rushPercent, l)} of ${money(base, l)}`
              : `Dans ${days} ${days === 1 ? 'jour ouvrable' : 'jours ouvrables'}, moins de ${businessDays} : ${percentLabel(rushPercent, l)} de ${money(base, l)}`,
          ),
        });
      }
    }
  }

  const off = priceList.resalePartnerPercentOff;
  const discount = applyRate(base, off * 1000);
  if (order.isResalePartner && discount > 0) {
    estimate.line({
      kind: 'resale_partner',
      quantity: 1,
      unitCents: -discount,
      description: say((l) =>
        l === 'en'
          ? `Resale partner discount (${percentLabel(off, l)})`
          : `Rabais de partenaire revendeur (${percentLabel(off, l)})`,
      ),
      // The form's box is the customer's claim: the shop confirms it before the quote counts it.
      reason: say((l) =>
        l === 'en'
          ? `${percentLabel(off, l)} off ${money(base, l)}, to be confirmed by the shop`
          : `${percentLabel(off, l)} de rabais sur ${money(base, l)}, à confirmer par la boutique`,
      ),
    });
  }

  const subtotalCents = estimate.lines.reduce((sum, line) => sum + line.totalCents, 0);
  const province = placeOfSupply(order, context.shopProvince);
  // Each tax on the lines it applies to: children's garments follow their province (tax-treatment.ts).
  const taxes = province
    ? assessLineTaxes(
        province,
        context.date,
        estimate.lines.map((l) => ({
          lineTotalCents: l.totalCents,
          unitPriceCents: l.unitCents,
          taxable: true,
          childrens: l.childrens === true,
        })),
        context.registrations,
      )
    : { charged: [], notCharged: [] };
  if (!province) {
    estimate.note(
      say((l) =>
        l === 'en' ? 'Taxes are added once the province is known' : 'Les taxes s’ajoutent une fois la province connue',
      ),
    );
  }
  return {
    currency: 'CAD',
    date: context.date,
    placeOfSupply: province,
    lines: estimate.lines,
    onQuote: estimate.onQuote,
    notes: estimate.notes,
    subtotalCents,
    taxes: taxes.charged,
    taxesNotCharged: taxes.notCharged,
    totalCents: subtotalCents + taxes.charged.reduce((sum, t) => sum + t.amountCents, 0),
  };
}
