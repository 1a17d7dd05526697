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

/** A file on a message: a picture (PNG, JPEG, WebP) or a PDF, its type read from its bytes. */
export interface MessageFile {
  id: string;
  name: string;
  mediaType: 'image/png' | 'image/jpeg' | 'image/webp' | 'application/pdf';
  size: number;
}

/** One message on an order, as either side reads it. */
export interface OrderMessage {
  id: string;
  author: 'customer' | 'shop';
  /** The staff member who wrote a shop message (their sign-in email); null for the customer. */
  staffEmail: string | null;
  /** The name that staff member signs with ("Marie"); null when they gave none (or for the customer). */
  staffName: string | null;
  /** How a shop message is signed: "Marie, Atelier Nord" (shopSignature); null for the customer's. */
  signature: string | null;
  body: string;
  createdAt: string;
  files: MessageFile[];
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

/** The largest file on a message, in bytes (10 MB). */
export const MAX_MESSAGE_FILE_BYTES = 10 * 1024 * 1024;

/** What the file picker offers; the server decides by the bytes. */
export const MESSAGE_FILE_ACCEPT = 'image/png,image/jpeg,image/webp,application/pdf,.png,.jpg,.jpeg,.webp,.pdf';

/** Who signs a shop message: "Marie, Atelier Nord", or the staff member's email without a name. */
export function shopSignature(message: Pick<OrderMessage, 'staffName' | 'staffEmail'>, shopName: string): string {
  const shop = shopName.replace(/\.$/, '');
  const who = message.staffName?.trim() || message.staffEmail || '';
  return who ? `${who}, ${shop}` : shop;
}

/** A stored file of a past order, reused by "Order again" without a new upload. */
export interface ReorderFile {
  id: string;
  name: string;
  mediaType: string;
  size: number;
  sha256: string;
  /**
   * The server made a thumbnail of it: GET /api/portal/orders/:id/files/:fileId/thumbnail
   * (the session's own orders only) shows it in the form.
   */
  preview: boolean;
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
