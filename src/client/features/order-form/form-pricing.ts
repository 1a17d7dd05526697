// The form's live estimate as a plain function (docs/prices.md, "One number"): the order the form
// would send (buildSubmission), priced with the published list by the function that prices the
// stored estimate and the quote. estimate.tsx renders it; the four-place table test calls it.
import type { PublicPriceList } from '../../../shared/price-list-api.js';
import { priceOrder, type PricedOrder } from '../../../shared/prices/price-order.js';
import { reusedArtwork } from '../../../shared/prices/repeated-decorations.js';
import { buildSubmission } from './build-submission.js';
import type { OrderState } from './order-state.js';

/** Today in the shop's calendar: the day the prices, the taxes and the rush days are taken from. */
export const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());

/** The form's state priced on `date`; null when it cannot be priced yet. */
export function priceFormState(
  state: OrderState,
  priceList: PublicPriceList,
  date: string,
  pricer: typeof priceOrder = priceOrder,
): PricedOrder | null {
  try {
    const { order } = buildSubmission(state);
    const of = state.reorderOf;
    return pricer(priceList.priceList, order, {
      date,
      shopProvince: priceList.shop.province,
      registrations: priceList.shop.registrations,
      // "Order again": the price list may waive the setup of the repeated decorations (docs/prices.md).
      ...(of
        ? {
            reorder: {
              reference: of.reference,
              placedOn: of.placedOn,
              decorations: of.decorations ?? [],
              artwork: reusedArtwork(order.reorder?.files ?? [], new Map(Object.entries(of.stored ?? {}))),
            },
          }
        : {}),
    });
  } catch {
    return null;
  }
}
