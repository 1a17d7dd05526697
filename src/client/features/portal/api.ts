// Every call My orders makes, under /api/portal, and the addresses it links to. Answers are
// checked with a few cheap tests against the shared types (src/shared/portal-api.ts).
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

const post = (path: string, body: unknown) => callApi(path, { method: 'POST', body: JSON.stringify(body) });

export const portalApi = {
  /** Mails a sign-in link; the answer is the same for any email. */
  requestLink: (email: string, language: 'en' | 'fr') => post('/api/portal/sign-in', { email, language }),
  /** Uses the link's token: the session's email. */
  signIn: (token: string): Promise<PortalSession> =>
    post('/api/portal/session', { token }).then((b) => expectAnswer(b, isSession, 'session')),
  signOut: () => callApi('/api/portal/session', { method: 'DELETE' }),
  orders: (): Promise<PortalOrders> => callApi('/api/portal/orders').then((b) => expectAnswer(b, isOrders, 'orders')),
  /** The messages on one of their orders (src/client/shared/message-api.ts). */
  messages: (orderId: string) => messageThreadApi(`/api/portal/orders/${orderId}`),
  links: {
    orderPage: (orderId: string) => `/my-orders/${orderId}/page`,
    invoice: (orderId: string, invoiceId: string) => `/api/portal/orders/${orderId}/invoices/${invoiceId}`,
    receipt: (orderId: string, paymentId: string) => `/api/portal/orders/${orderId}/receipts/${paymentId}`,
  },
};
