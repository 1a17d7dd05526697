// The customer's portal on the wire (docs/portal.md): who is signed in, and My orders, each order
// exactly as its own page shows it (CustomerOrderView, made by the same server function).
import type { CustomerOrderView } from './quote-api.js';

/** GET/POST /api/portal/session */
export interface PortalSession {
  email: string;
}

export interface PortalOrder {
  id: string;
  view: CustomerOrderView;
}

/** GET /api/portal/orders: newest first. */
export interface PortalOrders {
  email: string;
  orders: PortalOrder[];
}
