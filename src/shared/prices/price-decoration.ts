// A decorated view: its measure (ink colours, stitches from the print size, a transfer's side),
// the method's row and column, its setup; past the last column or unmeasured, the quote (docs/prices.md).
import { type DecorationMethod, type ViewName } from '../constants.js';
import type { Location } from '../locations.js';
import { placeName, type Language } from '../order-presentation.js';
import { estimatedStitches, longestSide, printSizeIn } from '../decoration-size.js';
import type { Bilingual, PriceList, PriceListMethod } from './price-list.js';

import type { OnQuoteCode, OnQuoteItem, PricingView } from './price-types.js';
import { Estimate } from './estimate.js';
import {
  coloursText,
  count,
  inches,
  layoutName,
  METHOD_NAMES,
  METHOD_STARTS,
  money,
  onPlace,
  onYourQuote,
  piecesText,
  say,
  type Say,
} from './price-words.js';

/** Where a decoration is: its view, and its location when the customer named one. */
export interface Place {
  view: ViewName;
  location?: Location;
}

type Measured = { value: number; text: Say } | { missing: OnQuoteItem['reason']; code: OnQuoteCode };

function measure(m: PriceListMethod, d: PricingView, place: Place, aspect: number | undefined): Measured {
  const on = (l: Language) => onPlace(place.view, place.location, l);
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
  const size = printSizeIn(d.dimensions, aspect);
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
    const longest = longestSide(size);
    return {
      value: longest,
      text: (l) => (l === 'en' ? `${inches(longest, l)} longest side` : `côté le plus long ${inches(longest, l)}`),
    };
  }
  const stitches = estimatedStitches(size, m.stitchesPerSquareInch);
  return {
    value: stitches,
    text: (l) => (l === 'en' ? `about ${count(stitches, l)} stitches` : `environ ${count(stitches, l)} points`),
  };
}

function pastLastColumn(m: PriceListMethod, place: Place, measured: number): Bilingual {
  const last = m.columns.at(-1)!;
  return onYourQuote((l) => {
    const on = onPlace(place.view, place.location, l);
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

export function priceLocation(
  priceList: PriceList,
  estimate: Estimate,
  layout: string,
  place: Place,
  d: PricingView,
  method: DecorationMethod,
  pieces: number,
  aspect: number | undefined,
): void {
  const { view, location } = place;
  const at = { layout, view, location };
  const m: PriceListMethod | undefined = priceList.methods[method];
  if (!m) {
    estimate.quote({
      code: 'method_unknown',
      kind: 'decoration',
      ...at,
      reason: onYourQuote((l) =>
        l === 'en'
          ? `${METHOD_NAMES[l][method]} ${onPlace(view, location, l)}, not in our price list`
          : `${METHOD_NAMES[l][method]} ${onPlace(view, location, l)}, absente de notre liste de prix`,
      ),
    });
    return;
  }
  const measured = measure(m, d, place, aspect);
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
      reason: pastLastColumn(m, place, measured.value),
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
  // The row in the customer's words: the quantity this price starts at, when there is more than one.
  const rowText = (l: Language) =>
    m.breaks.length < 2
      ? ''
      : l === 'en'
        ? `price from ${piecesText(m.breaks[row]!, l)}`
        : `prix à partir de ${piecesText(m.breaks[row]!, l)}`;
  const where = (l: Language) => `${layoutName(layout, l)} · ${placeName(view, location ?? null, l)}`;
  estimate.line({
    kind: 'decoration',
    ...at,
    method,
    quantity: pieces,
    unitCents: unit,
    description: say((l) => [`${where(l)} · ${METHOD_NAMES[l][method]}`, measured.text(l)].filter(Boolean).join(', ')),
    reason: say(
      (l) =>
        `${[piecesText(pieces, l), measuredText(l), rowText(l)].filter(Boolean).join(', ')}${l === 'en' ? ':' : '\u00a0:'} ${money(unit, l)} × ${pieces}`,
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
          : `Une fois pour cet emplacement\u00a0: ${money(m.setupCents, l)}`;
      const n =
        l === 'en'
          ? `${screens} ${screens === 1 ? 'screen' : 'screens'}`
          : `${screens} ${screens === 1 ? 'écran' : 'écrans'}`;
      return `${n}${l === 'en' ? ', one per colour:' : ', un par couleur\u00a0:'} ${money(m.setupCents, l)} × ${screens}`;
    }),
  });
}
