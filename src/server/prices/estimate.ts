// The estimate the order form showed, recomputed on the server from what was submitted with the
// price list in effect (docs/prices.md): kept with the order for the inbox, the shop's email and
// the quote editor. None when no list is published or the shop turned the estimate off.
import type { SeenEstimate } from '../../shared/price-list-api.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import { priceOrder, type PricingContext } from '../../shared/prices/price-order.js';
import type { TaxRegistrations } from '../../shared/taxes.js';
import type { PublishedPriceList } from './price-list-store.js';

/** Today in the shop's calendar (Toronto), as the form prices it. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());

export function estimator(options: {
  current: () => Promise<PublishedPriceList | null>;
  shopProvince: string;
  registrations: TaxRegistrations;
}): (body: ValidOrderBody, context?: { reorder?: PricingContext['reorder'] }) => Promise<SeenEstimate | null> {
  return async (body, context) => {
    const list = await options.current();
    if (!list || !list.priceList.showEstimate) return null;
    const priced = priceOrder(list.priceList, body, {
      date: today(),
      shopProvince: options.shopProvince,
      registrations: options.registrations,
      // A reorder's setup may be waived (the price list's reorderSetupWaiverMonths).
      ...(context?.reorder ? { reorder: context.reorder } : {}),
    });
    return {
      priceListVersion: list.version,
      subtotalCents: priced.subtotalCents,
      totalCents: priced.totalCents,
      lines: priced.lines.map((l) => ({ description: l.description, totalCents: l.totalCents })),
      onQuote: priced.onQuote.map((q) => q.reason),
    };
  };
}
