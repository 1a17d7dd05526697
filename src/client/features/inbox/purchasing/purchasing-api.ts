// The Blanks page's calls to /api/purchasing (same origin, the session cookie), answers typed by
// the shared wire format (src/shared/purchasing/purchasing-api.ts) and checked before use.
import type {
  PurchaseOrder,
  ReceiptBody,
  SupplierAccounts,
  ToOrderList,
} from '../../../../shared/purchasing/purchasing-api.js';
import { isRecord } from '../../../shared/api-error.js';
import { callApi, expectAnswer } from '../../../shared/call-api.js';

const isToOrder = (b: unknown): b is ToOrderList =>
  isRecord(b) && Array.isArray(b.suppliers) && Array.isArray(b.unread) && typeof b.overagePercent === 'number';
const isPurchaseOrder = (b: unknown): b is PurchaseOrder =>
  isRecord(b) && typeof b.number === 'string' && Array.isArray(b.lines);
const isList = (b: unknown): b is { purchaseOrders: PurchaseOrder[] } => isRecord(b) && Array.isArray(b.purchaseOrders);

const isAccounts = (b: unknown): b is SupplierAccounts => isRecord(b) && Array.isArray(b.accounts);

const json = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });
const po = (id: string) => `/api/purchasing/orders/${encodeURIComponent(id)}`;

export const purchasingApi = {
  toOrder: (): Promise<ToOrderList> =>
    callApi('/api/purchasing/to-order').then((b) => expectAnswer(b, isToOrder, 'to order')),
  purchaseOrders: (): Promise<PurchaseOrder[]> =>
    callApi('/api/purchasing/orders').then((b) => expectAnswer(b, isList, 'purchase orders').purchaseOrders),
  make: (supplier: string): Promise<PurchaseOrder> =>
    callApi('/api/purchasing/orders', json({ supplier })).then((b) =>
      expectAnswer(b, isPurchaseOrder, 'purchase order'),
    ),
  amend: (id: string): Promise<PurchaseOrder> =>
    callApi(`${po(id)}/amend`, { method: 'POST' }).then((b) => expectAnswer(b, isPurchaseOrder, 'purchase order')),
  markSent: (id: string): Promise<PurchaseOrder> =>
    callApi(`${po(id)}/sent`, { method: 'POST' }).then((b) => expectAnswer(b, isPurchaseOrder, 'purchase order')),
  receive: (id: string, body: ReceiptBody): Promise<PurchaseOrder> =>
    callApi(`${po(id)}/receipts`, json(body)).then((b) => expectAnswer(b, isPurchaseOrder, 'purchase order')),
  accounts: (): Promise<SupplierAccounts> =>
    callApi('/api/purchasing/suppliers').then((b) => expectAnswer(b, isAccounts, 'supplier accounts')),
  saveAccount: (supplier: string, accountNumber: string): Promise<SupplierAccounts> =>
    callApi('/api/purchasing/suppliers', { method: 'PUT', body: JSON.stringify({ supplier, accountNumber }) }).then(
      (b) => expectAnswer(b, isAccounts, 'supplier accounts'),
    ),
  pdfPath: (id: string) => `${po(id)}/pdf`,
  csvPath: (id: string) => `${po(id)}/csv`,
};
