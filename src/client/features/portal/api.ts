// Every call My orders makes, under /api/portal, and the addresses it links to. Answers are
// checked with a few cheap tests against the shared types (src/shared/portal-api.ts).
import type { OrderCollection, OrderCollectionLink, OrderTeamSizes } from '../../../shared/collections-api.js';
import type { PortalOrders, PortalSession } from '../../../shared/portal-api.js';
import { isRecord } from '../../shared/api-error.js';
import { callApi, expectAnswer } from '../../shared/call-api.js';
import { messageThreadApi } from '../../shared/message-api.js';

const isSession = (b: unknown): b is PortalSession => isRecord(b) && typeof b.email === 'string';
const isOrders = (b: unknown): b is PortalOrders =>
  isRecord(b) &&
  typeof b.email === 'string' &&
  Array.isArray(b.orders) &&
  b.orders.every((o: unknown) => isRecord(o) && typeof o.id === 'string' && isRecord(o.view));

const isCollection = (c: unknown): c is OrderCollection =>
  isRecord(c) &&
  typeof c.id === 'string' &&
  typeof c.open === 'boolean' &&
  Array.isArray(c.entries) &&
  Array.isArray(c.counts);
const isTeamSizes = (b: unknown): b is OrderTeamSizes =>
  isRecord(b) &&
  typeof b.canStart === 'boolean' &&
  Array.isArray(b.choices) &&
  Array.isArray(b.collections) &&
  b.collections.every(isCollection);
const isCollectionLink = (b: unknown): b is OrderCollectionLink =>
  isRecord(b) && typeof b.link === 'string' && isCollection(b.collection);

/** What starts a collection for one garment of a sent order (docs/portal.md, Sizes from a team). */
export interface StartTeamSizes {
  layout: string;
  variation: number;
  title: string;
  closesOn: string;
}

const post = (path: string, body: unknown) => callApi(path, { method: 'POST', body: JSON.stringify(body) });

export const portalApi = {
  /** Mails a sign-in link; the answer is the same for any email. */
  requestLink: (email: string, language: 'en' | 'fr') => post('/api/portal/sign-in', { email, language }),
  /** Uses the link's token: the session's email. */
  signIn: (token: string): Promise<PortalSession> =>
    post('/api/portal/session', { token }).then((b) => expectAnswer(b, isSession, 'session')),
  signOut: () => callApi('/api/portal/session', { method: 'DELETE' }),
  /** A checkout for what one of their orders asks now; back on the order's own page (docs/payments.md). */
  pay: (orderId: string): Promise<{ url: string }> =>
    post(`/api/portal/orders/${encodeURIComponent(orderId)}/pay`, {}).then((b) =>
      expectAnswer(b, (x: unknown): x is { url: string } => isRecord(x) && typeof x.url === 'string', 'checkout'),
    ),
  orders: (): Promise<PortalOrders> => callApi('/api/portal/orders').then((b) => expectAnswer(b, isOrders, 'orders')),
  /** The messages on one of their orders (src/client/shared/message-api.ts). */
  messages: (orderId: string) => messageThreadApi(`/api/portal/orders/${orderId}`),
  /** The team size collections of one of their orders, and the garments a new one may fill. */
  teamSizes: (orderId: string): Promise<OrderTeamSizes> =>
    callApi(`/api/portal/orders/${orderId}/team-sizes`).then((b) => expectAnswer(b, isTeamSizes, 'team sizes')),
  startTeamSizes: (orderId: string, body: StartTeamSizes): Promise<OrderCollectionLink> =>
    post(`/api/portal/orders/${orderId}/team-sizes`, body).then((b) => expectAnswer(b, isCollectionLink, 'collection')),
  /** Closes the entries: the server updates the order (or says why not) in the outcome. */
  closeTeamSizes: (orderId: string, collectionId: string): Promise<OrderCollection> =>
    post(`/api/portal/orders/${orderId}/team-sizes/${collectionId}/close`, {}).then((b) =>
      expectAnswer(b, isCollection, 'collection'),
    ),
  /** Removes an entry (the organiser's, while entries are open). */
  removeTeamEntry: (orderId: string, collectionId: string, entryId: string) =>
    callApi(`/api/portal/orders/${orderId}/team-sizes/${collectionId}/entries/${entryId}`, { method: 'DELETE' }),
  /** A new members' link; the old one stops working. */
  newTeamLink: (orderId: string, collectionId: string): Promise<OrderCollectionLink> =>
    post(`/api/portal/orders/${orderId}/team-sizes/${collectionId}/link`, {}).then((b) =>
      expectAnswer(b, isCollectionLink, 'collection link'),
    ),
  links: {
    orderPage: (orderId: string) => `/my-orders/${orderId}/page`,
    invoice: (orderId: string, invoiceId: string) => `/api/portal/orders/${orderId}/invoices/${invoiceId}`,
    receipt: (orderId: string, paymentId: string) => `/api/portal/orders/${orderId}/receipts/${paymentId}`,
    /** Their statement for a period: the signed-in email's orders only (docs/accounts.md, "Statements"). */
    statement: (from: string, to: string) => `/api/portal/statement.pdf?${new URLSearchParams({ from, to })}`,
  },
};
