// The customer's portal (docs/portal.md): sign-in by email link, their own session, My orders.
// The public face: other folders import this file only.
export { portalRoutes } from './portal-routes.js';
