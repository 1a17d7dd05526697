// The customer's record of what they sent (docs/product.md, "After Submit"): each layout with its
// garments, sizes, views and files, and the estimate they saw, marked as an estimate. The same
// sections go in the confirmation email and on the order's page until a quote replaces them.
//
// The confirmation goes to whatever address the form names (docs/decisions/011 and 018), so what
// the submitter typed shows only guarded: at most 60 characters, without anything that reads as a
// web or email address or a phone number. Sizes are shown as the shop read them, never as typed.
import { colourName } from './colour-names.js';
import { decorationsOf } from './locations.js';
import { formatCents } from './money.js';
import type { OrderBody, OrderLayout, ViewDatum } from './order.js';
import { DECORATION_LABELS, ORDER_WORDS, labelled, placeName, type Language } from './order-presentation.js';
import type { SeenEstimate } from './price-list-api.js';
import { readQuantity } from './quantities.js';

export interface RecordSection {
  heading: string;
  lines: string[];
}

const TYPED_MAX = 60;
const LINK =
  /(\b[a-z][a-z0-9+.-]*:\/\/\S*|\bwww\.\S*|\S+@\S+|\b[a-z0-9-]+(\.[a-z0-9-]+)*\.(com|net|org|ca|info|biz|io|co|us|uk|ru|cn|xyz|top|app|link|site|online|shop|me|ly|gl|tk|ml|ga|cf|gq|click|live|to)\b\S*)/giu;
const PHONE = /\+?\d(?:[\s().-]*\d){6,}/gu;

/**
 * Whether `text` holds what guardTyped would hide: a link, a web or email address, or a phone
 * number (read after NFKC, so full-width letters and digits count). For a text another person
 * reads that must not carry one at all, such as a collection's title (docs/collections.md).
 */
export function readsAsContact(text: string): boolean {
  const plain = text.normalize('NFKC').replace(/[\u3002\uff61]/g, '.');
  return new RegExp(LINK.source, 'iu').test(plain) || new RegExp(PHONE.source, 'u').test(plain);
}

/** What the submitter typed, as the record may show it: short, with no link, address or phone number. */
export function guardTyped(text: string): string {
  const clean = text.normalize('NFC').replace(/\s+/g, ' ').trim().replace(LINK, '…').replace(PHONE, '…');
  return clean.length > TYPED_MAX ? `${clean.slice(0, TYPED_MAX - 1)}…` : clean;
}

const WORDS = {
  en: {
    pieces: (n: number) => `${n} ${n === 1 ? 'piece' : 'pieces'}`,
    sizesUnread: 'sizes as written on your order',
    colours: (n: number) => `${n} ${n === 1 ? 'colour' : 'colours'}`,
    files: 'Files',
    noFiles: 'none',
    estimate: 'Estimate (not a quote)',
    estimateNote: (version: number) =>
      `An estimate from our price list (v${version}), as the form showed it: your quote sets the price.`,
    subtotal: 'Estimated subtotal',
    total: 'Estimated total with taxes',
    totalSoFar: 'Estimated total so far, with taxes',
  },
  fr: {
    pieces: (n: number) => `${n} ${n < 2 ? 'pièce' : 'pièces'}`,
    sizesUnread: 'tailles telles qu’écrites dans votre commande',
    colours: (n: number) => `${n} ${n < 2 ? 'couleur' : 'couleurs'}`,
    files: 'Fichiers',
    noFiles: 'aucun',
    estimate: 'Estimation (pas une soumission)',
    estimateNote: (version: number) =>
      `Une estimation tirée de notre liste de prix (v${version}), telle que le formulaire l’a affichée\u00a0: votre soumission fixe le prix.`,
    subtotal: 'Sous-total estimé',
    total: 'Total estimé, taxes comprises',
    totalSoFar: 'Total estimé jusqu’ici, taxes comprises',
  },
} satisfies Record<Language, unknown>;

function garmentLines(layout: OrderLayout, language: Language): string[] {
  const words = ORDER_WORDS[language];
  const w = WORDS[language];
  if (layout.garmentOption === 'po') return [words.poGarments];
  if (layout.garmentOption !== 'pick') return [];
  return layout.variations.map((v, i) => {
    const reading = v.sizes.trim() ? readQuantity(v.sizes) : null;
    const sizes = reading
      ? [reading.parts.map((p) => `${guardTyped(p.size)} ${p.qty}`).join(', '), `(${w.pieces(reading.total)})`]
          .filter(Boolean)
          .join(' ')
      : v.sizes.trim()
        ? w.sizesUnread
        : '';
    const supplied = v.supplyingGoods === 'yes' ? words.supplies('') : '';
    const what = [guardTyped(v.type), guardTyped(colourName(v.color, language)), sizes, supplied]
      .filter(Boolean)
      .join(', ');
    return labelled(i === 0 ? words.garment : words.variation(i + 1), what || words.noDetails, language);
  });
}

function viewLines(layout: OrderLayout, language: Language): string[] {
  const w = WORDS[language];
  const line = (place: string, v: ViewDatum) => {
    const parts = [
      v.decoration ? DECORATION_LABELS[language][v.decoration] : '',
      v.colours ? w.colours(v.colours) : '',
      guardTyped(v.dimensions),
      guardTyped(v.image),
    ];
    return labelled(place, parts.filter(Boolean).join(', '), language);
  };
  // Each decoration at its named location (docs/product.md, Locations): the view's own (when it
  // holds anything), then the extra ones the view carries.
  return decorationsOf(layout)
    .filter((d) => d.extra !== null || d.datum.image || d.datum.dimensions || d.datum.decoration)
    .map((d) => line(placeName(d.view, d.named ? d.location : null, language), d.datum));
}

/** Every file of the layout: its mockups, the graphics of its decorations and its other files, once each. */
function fileNames(layout: OrderLayout): string[] {
  const graphics = decorationsOf(layout).map((d) => d.datum.image);
  return [...new Set([...layout.mockupImages, ...graphics, ...layout.files.map((f) => f.name)].filter(Boolean))].map(
    guardTyped,
  );
}

/** Each layout, in number order: its garments and sizes, its decorated views, its files. */
export function layoutRecord(order: Pick<OrderBody, 'layouts'>, language: Language): RecordSection[] {
  const w = WORDS[language];
  return Object.keys(order.layouts)
    .map(Number)
    .sort((a, b) => a - b)
    .map((n) => {
      const layout = order.layouts[String(n)]!;
      const files = fileNames(layout);
      return {
        heading: ORDER_WORDS[language].layoutTitle(n),
        lines: [
          ...garmentLines(layout, language),
          ...viewLines(layout, language),
          labelled(w.files, files.length ? files.join(', ') : w.noFiles, language),
        ],
      };
    });
}

/** The estimate the customer saw, headed and worded as an estimate, with what it left to the quote. */
export function estimateRecord(estimate: SeenEstimate, language: Language): RecordSection {
  const w = WORDS[language];
  const money = (cents: number) => formatCents(cents, language);
  return {
    heading: w.estimate,
    lines: [
      w.estimateNote(estimate.priceListVersion),
      ...estimate.lines.map((l) => labelled(guardLine(l.description[language]), money(l.totalCents), language)),
      labelled(w.subtotal, money(estimate.subtotalCents), language),
      labelled(estimate.onQuote.length ? w.totalSoFar : w.total, money(estimate.totalCents), language),
      ...estimate.onQuote.map((q) => guardLine(q[language])),
    ],
  };
}

/** An estimate's line names a variation with what was typed for it ("Garment Details (G5000, Black)"): guarded too. */
const guardLine = (text: string) => text.replace(LINK, '…').replace(PHONE, '…').slice(0, 200);

/** The whole record: the layouts, then the estimate when the shop showed one. */
export function orderRecord(
  order: Pick<OrderBody, 'layouts'>,
  estimate: SeenEstimate | null | undefined,
  language: Language,
): RecordSection[] {
  return [...layoutRecord(order, language), ...(estimate ? [estimateRecord(estimate, language)] : [])];
}

/** The record in both languages, for the order's page, whose reader may switch. */
export const recordInBoth = (
  order: Pick<OrderBody, 'layouts'>,
  estimate: SeenEstimate | null | undefined,
): Record<Language, RecordSection[]> => ({
  en: orderRecord(order, estimate, 'en'),
  fr: orderRecord(order, estimate, 'fr'),
});
