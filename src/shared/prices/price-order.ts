// Prices an order from the shop's price list (docs/prices.md): the one function behind the form's
// live estimate, the server's record of it and the lines a quote starts from, so all three agree.
// Pure and synchronous; it never guesses: whatever the list or the order cannot price with
// certainty is listed as "priced on the quote", with its reason, and never counted as $0.
import { dateInWords } from '../dates.js';
import { DECORATION_METHODS, POLY_BAG_PRICE_CENTS, VIEWS, type ViewName } from '../constants.js';
import { deepFreeze } from '../deep-freeze.js';
import { decorationsOf } from '../locations.js';
import { decorationAspect } from '../decoration-size.js';
import { applyRate } from '../money.js';
import { firstLayoutWith, layoutsInOrder, placeOfSupply } from '../order-details.js';
import { ORDER_WORDS, type Language } from '../order-presentation.js';
import { readQuantity } from '../quantities.js';
import { isCalendarDate } from '../taxes.js';
import { assessLineTaxes } from '../tax-treatment.js';
import type { PriceList } from './price-list.js';

import type {
  LayoutPrice,
  PriceLineKind,
  PricedOrder,
  PricingContext,
  PricingLayout,
  PricingOrder,
} from './price-types.js';
import { Estimate } from './estimate.js';
import { isBlank, money, onPlace, onYourQuote, piecesText, say, variationLabel } from './price-words.js';
import { priceGarments } from './price-garments.js';
import { priceLocation } from './price-decoration.js';
import { waiveSetupOnReorder } from './reorder-waiver.js';
export type {
  OnQuoteCode,
  OnQuoteItem,
  PriceLine,
  PriceLineKind,
  PricedOrder,
  PricingContext,
  PricingLayout,
  PricingOrder,
  PricingVariation,
  PricingView,
} from './price-types.js';

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
  for (const placed of decorationsOf(layout)) {
    const { view, datum: d } = placed;
    const location = placed.named ? placed.location : undefined;
    const at = { layout: key, view, location };
    const shown = Boolean(d.image?.trim() || d.dimensions?.trim());
    const method = DECORATION_METHODS.find((m) => m === d.decoration);
    if (shown && !method && d.decoration) {
      // A method this code does not know is never priced as another.
      estimate.quote({
        code: 'method_unknown',
        kind: 'decoration',
        ...at,
        reason: onYourQuote((l) =>
          l === 'en' ? `Decoration ${onPlace(view, location, l)}` : `Décoration ${onPlace(view, location, l)}`,
        ),
      });
      described = true;
    } else if (shown && !method) {
      estimate.quote({
        code: 'no_method',
        kind: 'decoration',
        ...at,
        reason: onYourQuote((l) =>
          l === 'en'
            ? `Graphic ${onPlace(view, location, l)} without a decoration method`
            : `Graphique ${onPlace(view, location, l)} sans méthode de décoration`,
        ),
      });
      described = true;
    } else if (shown && method) {
      // A missing side follows the graphic's pixels (the view's own), else the location's usual print.
      const aspect = decorationAspect(placed, aspects?.[view]);
      priceLocation(priceList, estimate, key, { view, location }, d, method, pieces, aspect);
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
    parts.push(
      Boolean(d?.image?.trim()),
      d?.dimensions,
      d?.decoration,
      d?.colours,
      d?.location,
      d?.aspect,
      aspects?.[view],
    );
  }
  for (const d of layout.extraDecorations ?? [])
    parts.push(d.view, d.location, Boolean(d.image?.trim()), d.dimensions, d.decoration, d.colours);
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

  waiveSetupOnReorder(priceList, estimate, order, context);

  if (order.includePolyBags && pieces > 0) {
    if (piecesKnown) {
      estimate.line({
        kind: 'poly_bags',
        quantity: pieces,
        unitCents: POLY_BAG_PRICE_CENTS,
        description: say((l) => ORDER_WORDS[l].polyBags),
        reason: say(
          (l) =>
            `${piecesText(pieces, l)}${l === 'en' ? ':' : '\u00a0:'} ${money(POLY_BAG_PRICE_CENTS, l)} × ${pieces}`,
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
              ? `Rush fee, critical deadline ${dateInWords(due, l)} (${percentLabel(rushPercent, l)})`
              : `Frais d’urgence, échéance critique ${dateInWords(due, l)} (${percentLabel(rushPercent, l)})`,
          ),
          reason: say((l) =>
            l === 'en'
              ? `${days} business ${days === 1 ? 'day' : 'days'} away, fewer than ${businessDays}: ${percentLabel(rushPercent, l)} of ${money(base, l)}`
              : `Dans ${days} ${days === 1 ? 'jour ouvrable' : 'jours ouvrables'}, moins de ${businessDays}\u00a0: ${percentLabel(rushPercent, l)} de ${money(base, l)}`,
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
