// The garment colours shops and their suppliers name in English (SanMar Canada's and Gildan's
// usual names), with their Canadian-French names: described once here (docs/prices.md). The
// order keeps the colour as the customer typed or picked it (the shop's own word, the one its
// supplier knows); what a French customer reads — the form's suggestions, the estimate, the
// quote's suggested lines, the mails — shows the French name of a colour found here, and any
// other colour as typed.
import { deepFreeze } from './deep-freeze.js';

export const COLOUR_NAMES_FR: Readonly<Record<string, string>> = /* @__PURE__ */ deepFreeze({
  black: 'Noir',
  white: 'Blanc',
  navy: 'Marine',
  red: 'Rouge',
  'royal blue': 'Bleu royal',
  royal: 'Bleu royal',
  'light blue': 'Bleu pâle',
  'carolina blue': 'Bleu Caroline',
  sapphire: 'Saphir',
  grey: 'Gris',
  gray: 'Gris',
  'sport grey': 'Gris sport',
  'heather grey': 'Gris chiné',
  'dark heather': 'Gris foncé chiné',
  charcoal: 'Charbon',
  ash: 'Cendre',
  'forest green': 'Vert forêt',
  'kelly green': 'Vert Kelly',
  'military green': 'Vert militaire',
  'irish green': 'Vert irlandais',
  maroon: 'Bordeaux',
  'cardinal red': 'Rouge cardinal',
  purple: 'Violet',
  orange: 'Orange',
  gold: 'Or',
  yellow: 'Jaune',
  pink: 'Rose',
  'light pink': 'Rose pâle',
  brown: 'Brun',
  sand: 'Sable',
  natural: 'Naturel',
  'safety green': 'Vert sécurité',
  'safety orange': 'Orange sécurité',
});

/** The colour's name in the reader's language: the French name of a colour described here, else as given. */
export function colourName(colour: string, language: 'en' | 'fr'): string {
  const trimmed = colour.trim();
  if (language === 'en') return trimmed;
  return COLOUR_NAMES_FR[trimmed.toLowerCase().replace(/\s+/g, ' ')] ?? trimmed;
}
