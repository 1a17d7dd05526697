// One presentation of a stored order, in English and Canadian French: the words the inbox,
// the printed work order, the emails and the CSV export use for statuses, decoration methods,
// views, the deadline, shipping and each layout. Change a label here and every place follows.
import { dateInWords } from './dates.js';
import { methodNames } from './decoration-methods.js';
import {
  ORDER_STATUSES,
  STANDARD_TURNAROUND_DAYS,
  type DecorationMethod,
  type OrderStatus,
  type ViewName,
} from './constants.js';
import { decorationsOf, LOCATION_SIZES, readImprintPlace, type Location } from './locations.js';
import type { Billing, Deadline, OrderBody, OrderLayout, Shipping } from './order.js';

// In a module of its own, so the order form's first download has it without this whole file.
export { formatBytes } from './format-bytes.js';

export type Language = 'en' | 'fr';

const STATUS_LABELS: Record<Language, Record<OrderStatus, string>> = {
  en: Object.fromEntries(ORDER_STATUSES.map((s) => [s.value, s.label])) as Record<OrderStatus, string>,
  fr: {
    new: 'Nouvelle',
    quoted: 'Soumission envoyée',
    approved: 'Approuvée',
    in_production: 'En production',
    ready: 'Prête',
    completed: 'Terminée',
    cancelled: 'Annulée',
  },
};

/** The methods' names (decoration-methods.ts). */
export const DECORATION_LABELS: Record<Language, Record<DecorationMethod, string>> = {
  en: methodNames('en'),
  fr: methodNames('fr'),
};

export const VIEW_LABELS: Record<Language, Record<ViewName, string>> = {
  en: { Front: 'Front', Back: 'Back', 'Left Sleeve': 'Left Sleeve', 'Right Sleeve': 'Right Sleeve' },
  fr: { Front: 'Devant', Back: 'Dos', 'Left Sleeve': 'Manche gauche', 'Right Sleeve': 'Manche droite' },
};

export const LOCATION_LABELS: Record<Language, Record<Location, string>> = {
  en: {
    'full-front': 'Full front',
    'left-chest': 'Left chest',
    'right-chest': 'Right chest',
    pocket: 'Pocket',
    'full-back': 'Full back',
    'upper-back': 'Upper back',
    nape: 'Nape',
    sleeve: 'Sleeve',
    cuff: 'Cuff',
  },
  fr: {
    'full-front': 'Devant complet',
    'left-chest': 'Poitrine gauche',
    'right-chest': 'Poitrine droite',
    pocket: 'Poche',
    'full-back': 'Dos complet',
    'upper-back': 'Haut du dos',
    nape: 'Nuque',
    sleeve: 'Manche',
    cuff: 'Poignet',
  },
};

/** "Front · Left chest", or the view alone when the customer named no location (a spec client). */
export function placeName(view: ViewName, location: Location | null, language: Language): string {
  return location
    ? `${VIEW_LABELS[language][view]} · ${LOCATION_LABELS[language][location]}`
    : VIEW_LABELS[language][view];
}

/** A stored imprint's place ("Front" or "Front/left-chest") in words; anything else as it is. */
export function imprintPlaceName(place: string, language: Language): string {
  const read = readImprintPlace(place);
  return read ? placeName(read.view, read.location, language) : place;
}

/** The usual print size of a location: "3.5–4\" wide" / "3,5 à 4 po de large". */
export function suggestedSizeText(location: Location, language: Language): string {
  const { minWidthIn, maxWidthIn } = LOCATION_SIZES[location];
  const n = (v: number) => (language === 'en' ? String(v) : String(v).replace('.', ','));
  return language === 'en'
    ? `${n(minWidthIn)}–${n(maxWidthIn)}" wide`
    : `${n(minWidthIn)} à ${n(maxWidthIn)}\u00a0po de large`;
}

/** Words of the order presentation that are not labels of a value. */
export const ORDER_WORDS = {
  en: {
    colon: ':',
    yes: 'Yes',
    no: 'No',
    layoutTitle: (n: number) => `Design Layout ${n}`,
    mockups: 'Mockups',
    uploaded: 'Uploaded mockups and artwork',
    studio: 'Building their own in the Design Studio',
    notChosen: 'Not chosen',
    poGarments: 'Garments: information provided in a PO',
    garment: 'Garment',
    garmentDetails: 'Garment Details',
    variation: (n: number) => `Variation #${n}`,
    supplies: (po: string) => `customer supplies the goods${po ? `, item PO ${po}` : ''}`,
    noDetails: 'no details',
    standardTurnaround: `Standard ${STANDARD_TURNAROUND_DAYS}-day turnaround`,
    criticalDeadline: (date: string) => `Critical deadline: ${date ? dateInWords(date, 'en') : 'date not given'}`,
    localPickup: 'Local pickup',
    sameAsBilling: 'Same as billing address',
    resalePartner: 'Resale partner',
    polyBags: 'Biodegradable poly bags',
  },
  fr: {
    colon: '\u00a0:',
    yes: 'Oui',
    no: 'Non',
    layoutTitle: (n: number) => `Design ${n}`,
    mockups: 'Maquettes',
    uploaded: 'Maquettes et illustrations téléversées',
    studio: 'Création dans le studio de design',
    notChosen: 'Non choisi',
    poGarments: 'Vêtements\u00a0: information fournie dans un bon de commande',
    garment: 'Vêtement',
    garmentDetails: 'Détails du vêtement',
    variation: (n: number) => `Variante no ${n}`,
    supplies: (po: string) => `vêtements fournis par le client${po ? `, bon de commande ${po}` : ''}`,
    noDetails: 'aucun détail',
    standardTurnaround: `Délai standard de ${STANDARD_TURNAROUND_DAYS} jours`,
    criticalDeadline: (date: string) =>
      `Échéance critique\u00a0: ${date ? dateInWords(date, 'fr') : 'date non précisée'}`,
    localPickup: 'Cueillette sur place',
    sameAsBilling: 'Identique à l’adresse de facturation',
    resalePartner: 'Partenaire revendeur',
    polyBags: 'Sacs biodégradables',
  },
} satisfies Record<Language, unknown>;

export function statusLabel(status: string, language: Language = 'en'): string {
  return STATUS_LABELS[language][status as OrderStatus] ?? status;
}

export function decorationLabel(method: string, language: Language = 'en'): string {
  return DECORATION_LABELS[language][method as DecorationMethod] ?? method;
}

export const yesNo = (value: boolean, language: Language = 'en') => ORDER_WORDS[language][value ? 'yes' : 'no'];

/** "Label: value", with the space French puts before its colon. */
export const labelled = (label: string, value: string, language: Language = 'en') =>
  `${label}${ORDER_WORDS[language].colon} ${value}`;

export function deadlineText(deadline: Deadline | undefined, language: Language = 'en'): string {
  const words = ORDER_WORDS[language];
  return deadline?.hasCriticalDeadline ? words.criticalDeadline(deadline.date) : words.standardTurnaround;
}

export const personName = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`.trim();

/** An address on one line: street, then "City PROVINCE Postal code". */
export const addressLine = (a: Pick<Billing, 'address' | 'city' | 'province' | 'postalCode'>) =>
  [a.address, `${a.city} ${a.province} ${a.postalCode}`.trim()].filter(Boolean).join(', ');

/** Where the order goes: local pickup, the billing address, or a separate address on one line. */
export function shippingText(shipping: Shipping | undefined, language: Language = 'en'): string {
  const words = ORDER_WORDS[language];
  if (shipping?.localPickup) return words.localPickup;
  if (!shipping || shipping.sameAsBilling) return words.sameAsBilling;
  return [personName(shipping), shipping.companyName, addressLine(shipping), shipping.phone].filter(Boolean).join(', ');
}

/** The billing contact as lines: name, company, email, phone, address. */
export function billingLines(billing: Billing): string[] {
  return [personName(billing), billing.companyName, billing.email, billing.phone, addressLine(billing)].filter(Boolean);
}

export function mockupText(layout: OrderLayout, language: Language = 'en'): string {
  const words = ORDER_WORDS[language];
  return layout.mockupOption === 'upload'
    ? words.uploaded
    : layout.mockupOption === 'create'
      ? words.studio
      : words.notChosen;
}

/** The decorations of a layout that hold anything, each view's own then its extras (docs/product.md). */
export function filledViews(layout: OrderLayout) {
  return decorationsOf(layout).filter(({ datum: v }) => v.image || v.dimensions || v.decoration);
}

/** "Garment Details" for the first variation, "Variation #N" after it (the form's own titles). */
export function variationTitle(index: number, language: Language = 'en'): string {
  return index === 0 ? ORDER_WORDS[language].garmentDetails : ORDER_WORDS[language].variation(index + 1);
}

/** The order-level options as "Label: Yes/No" lines. */
export function optionLines(order: Pick<OrderBody, 'isResalePartner' | 'includePolyBags'>, language: Language = 'en') {
  const words = ORDER_WORDS[language];
  return [
    labelled(words.resalePartner, yesNo(order.isResalePartner, language), language),
    labelled(words.polyBags, yesNo(order.includePolyBags, language), language),
  ];
}
