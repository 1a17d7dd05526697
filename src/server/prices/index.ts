// The shop's price list and the estimate: their public face. Other folders import this file only.
export { estimator } from './estimate.js';
export {
  PriceListRefused,
  currentPriceListReader,
  findPriceList,
  listPriceLists,
  publishPriceList,
} from './price-list-store.js';
export type { PublishedPriceList } from './price-list-store.js';
export { publicPriceListRoutes, staffPriceRoutes } from './price-routes.js';
export type { CurrentPriceList, ShopTaxes } from './price-routes.js';
