// Blanks: the To order list, purchase orders to suppliers and what is received against them.
// Other folders import this file only.
export { purchasingRoutes } from './purchasing-routes.js';
export type { PurchasingDeps } from './purchasing-service.js';
