// The customer's portal on the wire (docs/portal.md): who is signed in, and My orders, each order
// exactly as its own page shows it (CustomerOrderView, made by the same server function).
import type { ValidOrderBody } from './order-schema.js';
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

/** One message on an order, as either side reads it. */
export interface OrderMessage {
  id: string;
  author: 'customer' | 'shop';
  /** The staff member who wrote a shop message (their sign-in email: accounts have no other name); null for the customer. */
  staffEmail: string | null;
  body: string;
  createdAt: string;
}

/** GET /api/portal/orders/:id/messages and GET /api/orders/:id/messages: oldest first. */
export interface OrderMessages {
  messages: OrderMessage[];
}

/** GET /api/messages/unread: the customers' messages the shop has not read, by order id. */
export interface UnreadMessages {
  counts: Record<string, number>;
}

/** The longest message, in characters. */
export const MAX_MESSAGE_CHARS = 5000;

/** A stored file of a past order, reused by "Order again" without a new upload. */
export interface ReorderFile {
  id: string;
  name: string;
  mediaType: string;
  size: number;
  sha256: string;
}

/** GET /api/portal/orders/:id/reorder: what the order form starts from (docs/portal.md, Order again). */
export interface ReorderSource {
  orderId: string;
  reference: string;
  /** YYYY-MM-DD, the day the order was placed (the price list's setup waiver counts from it). */
  placedOn: string;
  /** The order as stored: its image references name the files below. */
  document: ValidOrderBody;
  files: ReorderFile[];
}
