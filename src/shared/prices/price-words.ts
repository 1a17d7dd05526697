// The pricing's words: each phrase written in both languages side by side.
import { colourName } from '../colour-names.js';
import { methodNames, perMethod } from '../decoration-methods.js';
import { type DecorationMethod, type ViewName } from '../constants.js';
import { formatCents } from '../money.js';
import type { Location } from '../locations.js';
import { LOCATION_LABELS, ORDER_WORDS, type Language } from '../order-presentation.js';
import { type SizeQuantity } from '../quantities.js';
import type { Bilingual } from './price-list.js';

import type { PricingVariation } from './price-types.js';

export type Say = (l: Language) => string;
export const say = (f: Say): Bilingual => ({ en: f('en'), fr: f('fr') });
export const money = formatCents;
export const onYourQuote = (f: Say): Bilingual =>
  say((l) => `${f(l)}${l === 'en' ? ': priced on your quote' : '\u00a0: prix dans votre soumission'}`);

export const NARROW_NO_BREAK_SPACE = '\u202f';
export const count = (n: number, l: Language) =>
  String(n).replace(/\B(?=(\d{3})+(?!\d))/g, l === 'en' ? ',' : NARROW_NO_BREAK_SPACE);
// Inches are read to the thousandth, and compared with the columns so: shown so too.
export const decimal = (n: number, l: Language) => {
  const text = String(Math.round(n * 1000) / 1000);
  return l === 'en' ? text : text.replace('.', ',');
};
export const inches = (n: number, l: Language) => (l === 'en' ? `${decimal(n, l)}"` : `${decimal(n, l)} po`);
export const piecesText = (n: number, l: Language) =>
  l === 'en' ? `${count(n, l)} ${n === 1 ? 'piece' : 'pieces'}` : `${count(n, l)} ${n === 1 ? 'pièce' : 'pièces'}`;
export const coloursText = (n: number, l: Language) =>
  l === 'en' ? `${n} ${n === 1 ? 'colour' : 'colours'}` : `${n} ${n === 1 ? 'couleur' : 'couleurs'}`;
export const layoutName = (key: string, l: Language) => (l === 'en' ? `Layout ${key}` : `Design ${key}`);
export const sizesList = (sizes: readonly SizeQuantity[]) => sizes.map((s) => `${s.size} ${s.qty}`).join(', ');

export const METHOD_NAMES: Record<Language, Record<DecorationMethod, string>> = {
  en: methodNames('en'),
  fr: methodNames('fr'),
};
export const METHOD_STARTS: Record<DecorationMethod, string> = perMethod((d) => d.frenchWithArticle);
export const ON_VIEW: Record<Language, Record<ViewName, string>> = {
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

/** "on the front", or with a named location "on the front (left chest)". */
export function onPlace(view: ViewName, location: Location | undefined, l: Language): string {
  return location ? `${ON_VIEW[l][view]} (${LOCATION_LABELS[l][location].toLowerCase()})` : ON_VIEW[l][view];
}

export const isBlank = (v: PricingVariation) => !v.type.trim() && !v.sizes.trim() && !v.color?.trim();

/** "Variation #2 (G5000, White)": the form's own title for it, and what the customer typed. */
export function variationLabel(v: PricingVariation, index: number, l: Language): string {
  const words = ORDER_WORDS[l];
  const typed = [v.type.trim(), v.color ? colourName(v.color, l) : ''].filter(Boolean).join(', ');
  return `${index === 0 ? words.garmentDetails : words.variation(index + 1)}${typed ? ` (${typed})` : ''}`;
}
