// Every call My orders makes, under /api/portal, and the addresses it links to. Answers are
// checked with a few cheap tests against the shared types (src/shared/portal-api.ts).
import type { OrderMessage, PortalOrders, PortalSession } from '../../../shared/portal-api.js';
import { isRecord } from '../../shared/api-error.js';
import { callApi, expectAnswer } from '../../shared/call-api.js';

const isSession = (b: unknown): b is PortalSession => isRecord(b) && typeof b.email === 'string';
const isOrders = (b: unknown): b is PortalOrders =>
  isRecord(b) &&
  typeof b.email === 'string' &&
  Array.isArray(b.orders) &&
  b.orders.every((o: unknown) => isRecord(o) && typeof o.id === 'string' && isRecord(o.view));

const isMessage = (b: unknown): b is OrderMessage =>
  isRecord(b) && typeof b.id === 'string' && typeof b.body === 'string' && typeof b.createdAt === 'string';
const isThread = (b: unknown): b is { messages: OrderMessage[] } =>
  isRecord(b) && Array.isArray(b.messages) && b.messages.every(isMessage);

const post = (path: string, body: unknown) => callApi(path, { method: 'POST', body: JSON.stringify(body) });

export const portalApi = {
  /** Mails a sign-in link; the answer is the same for any email. */
  requestLink: (email: string, language: 'en' | 'fr') => post('/api/portal/sign-in', { email, language }),
  /** Uses the link's token: the session's email. */
  signIn: (token: string): Promise<PortalSession> =>
    post('/api/portal/session', { token }).then((b) => expectAnswer(b, isSession, 'session')),
  signOut: () => callApi('/api/portal/session', { method: 'DELETE' }),
  orders: (): Promise<PortalOrders> => callApi('/api/portal/orders').then((b) => expectAnswer(b, isOrders, 'orders')),
  messages: (orderId: string): Promise<OrderMessage[]> =>
    callApi(`/api/portal/orders/${orderId}/messages`).then((b) => expectAnswer(b, isThread, 'messages').messages),
  sendMessage: (orderId: string, body: string): Promise<OrderMessage> =>
    post(`/api/portal/orders/${orderId}/messages`, { body }).then((b) => expectAnswer(b, isMessage, 'message')),
  links: {
    orderPage: (orderId: string) => `/my-orders/${orderId}/page`,
    invoice: (orderId: string, invoiceId: string) => `/api/portal/orders/${orderId}/invoices/${invoiceId}`,
    receipt: (orderId: string, paymentId: string) => `/api/portal/orders/${orderId}/receipts/${paymentId}`,
  },
};
