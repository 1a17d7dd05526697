// The customer's portal on the wire (docs/portal.md): who is signed in, and My orders, each order
// exactly as its own page shows it (CustomerOrderView, made by the same server function).
import type { SeenEstimate } from './price-list-api.js';
import type { CustomerOrderView } from './quote-api.js';

/** GET/POST /api/portal/session */
export interface PortalSession {
  email: string;
}

export interface PortalOrder {
  id: string;
  view: CustomerOrderView;
  /** The estimate the customer saw on the form, as it was stored then; null without one. */
  estimate: SeenEstimate | null;
}

/** GET /api/portal/orders: newest first. */
export interface PortalOrders {
  email: string;
  orders: PortalOrder[];
}
