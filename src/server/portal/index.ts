// The customer's portal (docs/portal.md): sign-in by email link, their own session, My orders,
// and the messages on an order (the shop's side registered with the inbox's routes).
// The public face: other folders import this file only.
export { portalRoutes } from './portal-routes.js';
export { staffMessageRoutes } from './message-routes.js';
export { orderLinkMessageRoutes } from './order-link-thread.js';
export {
  reorderPricing,
  stageReorder,
  storedReorderPricing,
  type ClaimReorderBytes,
  type ReorderOf,
} from './reorder.js';
export { customerOrder } from './customer-order.js';
export { SIGN_IN_LINK_TTL_MS } from './portal-store.js';
