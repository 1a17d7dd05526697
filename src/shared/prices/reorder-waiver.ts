// The price list's setup waiver on a reorder (docs/prices.md, reorderSetupWaiverMonths): the shop
// keeps the screens and digitized files of the decorations it made for the repeated order, so
// only those decorations' setups are waived; a decoration new on the reorder (another place,
// method or artwork) pays its setup. The facts come from repeated-decorations.ts, built alike by
// the form and the server, so the live estimate and the stored one agree.
import { METHOD_MEASURES } from '../decoration-methods.js';
import { addMonths } from '../dates.js';
import { decorationsOf } from '../locations.js';
import type { Language } from '../order-presentation.js';
import { isCalendarDate } from '../taxes.js';
import type { Estimate } from './estimate.js';
import type { PriceList } from './price-list.js';
import type { PricingContext, PricingOrder } from './price-types.js';
import { money, say } from './price-words.js';
import { nameKey } from './repeated-decorations.js';

const monthsText = (months: number, l: Language) =>
  l === 'en' ? `${months} ${months === 1 ? 'month' : 'months'}` : `${months}\u00a0mois`;
const screensText = (n: number, l: Language) =>
  l === 'en' ? `${n} ${n === 1 ? 'screen' : 'screens'}` : `${n} ${n === 1 ? 'écran' : 'écrans'}`;

/**
 * On a reorder placed within the list's reorderSetupWaiverMonths of the order it repeats, waives
 * the setup of each decoration the repeated order had: the same view and location, the same
 * method and, when the new decoration has artwork, the same artwork file (SHA-256), whatever
 * the garments or the layout. Screens are kept one per colour: more colours than before pay
 * the new screens. Every other setup line is charged and says why. The lines are replaced,
 * never changed in place: the form's pricer shares them between answers.
 */
export function waiveSetupOnReorder(
  priceList: PriceList,
  estimate: Estimate,
  order: PricingOrder,
  context: PricingContext,
): void {
  const months = priceList.reorderSetupWaiverMonths;
  const reorder = context.reorder;
  if (!months || !reorder || !isCalendarDate(reorder.placedOn)) return;
  if (context.date > addMonths(reorder.placedOn, months)) return;
  const { reference, placedOn } = reorder;
  const past = reorder.decorations ?? [];
  const artwork = reorder.artwork ?? {};
  const within = (l: Language) =>
    l === 'en'
      ? `reorder of ${reference}, placed ${placedOn}, within ${monthsText(months, l)}`
      : `reprise de la commande ${reference}, passée le ${placedOn}, dans les ${monthsText(months, l)}`;

  // The k-th setup line at a layout's place and method is that place's k-th decoration.
  const seen = new Map<string, number>();
  let waived = 0;
  let charged = false;
  estimate.lines.forEach((line, i) => {
    if (line.kind !== 'setup' || line.totalCents === 0 || !line.layout || !line.view || !line.method) return;
    const place = JSON.stringify([line.layout, line.view, line.location ?? null, line.method]);
    const k = seen.get(place) ?? 0;
    seen.set(place, k + 1);
    const layout = order.layouts[line.layout];
    const placed = (layout ? decorationsOf(layout) : []).filter(
      (p) =>
        p.view === line.view &&
        (p.named ? p.location : undefined) === line.location &&
        p.datum.decoration === line.method,
    )[k];
    if (!placed) return;
    const image = placed.datum.image?.trim();
    const sha = image ? artwork[nameKey(image)] : undefined;
    const same = past.filter(
      (d) =>
        d.view === placed.view &&
        d.location === placed.location &&
        d.method === line.method &&
        (!image || (sha !== undefined && d.artwork === sha)),
    );
    if (same.length === 0) {
      charged = true;
      estimate.lines[i] = {
        ...line,
        reason: say((l) =>
          l === 'en'
            ? `${line.reason[l]}, not waived: new since order ${reference} (another artwork, method or place)`
            : `${line.reason[l]}, non offerte\u00a0: nouvelle depuis la commande ${reference} (autre graphique, méthode ou emplacement)`,
        ),
      };
      return;
    }
    const screens = line.quantity;
    // Screens: as many as the repeated decoration had (unknown: all of them); a colour more is a new screen.
    const kept =
      METHOD_MEASURES[line.method] === 'colours'
        ? Math.min(screens, Math.max(...same.map((d) => d.colours ?? screens)))
        : screens;
    const rest = screens - kept;
    const cut = line.totalCents - rest * line.unitCents;
    waived += cut;
    const rule = (l: Language) =>
      l === 'en'
        ? image
          ? 'same artwork, method and place'
          : 'same method and place'
        : image
          ? 'même graphique, même méthode, même emplacement'
          : 'même méthode, même emplacement';
    estimate.lines[i] =
      rest === 0
        ? {
            ...line,
            unitCents: 0,
            totalCents: 0,
            reason: say((l) =>
              l === 'en'
                ? `${line.reason[l]}, waived: ${within(l)} (${rule(l)})`
                : `${line.reason[l]}, offerte\u00a0: ${within(l)} (${rule(l)})`,
            ),
          }
        : {
            ...line,
            quantity: rest,
            totalCents: rest * line.unitCents,
            reason: say((l) =>
              l === 'en'
                ? `${line.reason[l]}, ${screensText(kept, l)} kept from the ${within(l)} (${rule(l)}): ${money(line.unitCents, l)} × ${rest} new`
                : `${line.reason[l]}, ${screensText(kept, l)} gardés de la ${within(l)} (${rule(l)})\u00a0: ${money(line.unitCents, l)} × ${rest} ${rest === 1 ? 'nouveau' : 'nouveaux'}`,
            ),
          };
  });
  if (waived > 0) {
    estimate.note(
      say((l) =>
        l === 'en'
          ? `Setup waived (${money(waived, l)}): reorder of ${reference} within ${monthsText(months, l)}`
          : `Préparation offerte (${money(waived, l)})\u00a0: reprise de la commande ${reference} dans les ${monthsText(months, l)}`,
      ),
    );
  }
  if (charged) {
    estimate.note(
      say((l) =>
        l === 'en'
          ? `A decoration new since order ${reference} pays its setup`
          : `Une décoration nouvelle depuis la commande ${reference} paie sa préparation`,
      ),
    );
  }
}
