// Every call the customer's order page makes, under /api/o/<token>, and the addresses it links
// to. The answers are checked against the shared types (src/shared/quote-api.ts) with a few
// cheap tests rather than a validator: this page is for customers on their phones.
import type { CustomerAnswer, CustomerOrderView } from '../../../shared/quote-api.js';
import { isRecord, type ApiError } from '../../shared/api-error.js';
import { callApi, expectAnswer } from '../../shared/call-api.js';
import type { CheckoutState } from '../../components/pay-online.js';

const isOrderView = (b: unknown): b is CustomerOrderView =>
  isRecord(b) &&
  typeof b.reference === 'string' &&
  (b.language === 'en' || b.language === 'fr') &&
  typeof b.status === 'string' &&
  isRecord(b.steps) &&
  isRecord(b.document) &&
  isRecord(b.document.layouts) &&
  Array.isArray(b.attachments) &&
  Array.isArray(b.proofs) &&
  isRecord(b.registration) &&
  (b.quote === null || isRecord(b.quote));
const isCheckout = (b: unknown): b is { url: string } => isRecord(b) && typeof b.url === 'string';
const isCheckoutState = (b: unknown): b is { state: CheckoutState } => isRecord(b) && typeof b.state === 'string';
const isAnswer = (b: unknown): b is CustomerAnswer => isRecord(b) && isOrderView(b.view);

/** The order as it now stands, when a refusal carries it (a quote replaced meanwhile). */
export function viewOfRefusal(err: ApiError): CustomerOrderView | null {
  return isRecord(err.answer) && isOrderView(err.answer.view) ? err.answer.view : null;
}

export function orderStatusApi(token: string) {
  const base = `/api/o/${encodeURIComponent(token)}`;
  const post = (path: string, body: unknown) =>
    callApi(`${base}${path}`, { method: 'POST', body: JSON.stringify(body) });
  return {
    view: (): Promise<CustomerOrderView> => callApi(base).then((b) => expectAnswer(b, isOrderView, 'order')),
    /** The customer's approval of this version, with their typed full name. */
    approve: (version: number, fullName: string): Promise<CustomerAnswer> =>
      post('/approve', { version, fullName, agree: true }).then((b) => expectAnswer(b, isAnswer, 'approval')),
    /** The customer's own change before approval: the order's next version (docs/product.md, "Changing an order"). */
    changeOrder: (document: unknown, reason: string, baseVersion: number): Promise<CustomerAnswer> =>
      post('/versions', { document, reason, baseVersion }).then((b) => expectAnswer(b, isAnswer, 'change')),
    requestChanges: (comment: string): Promise<CustomerAnswer> =>
      post('/changes', { comment }).then((b) => expectAnswer(b, isAnswer, 'change request')),
    /** A checkout for what is due now, on the provider's page (docs/payments.md). */
    pay: (): Promise<{ url: string }> => post('/pay', {}).then((b) => expectAnswer(b, isCheckout, 'checkout')),
    /** Where a checkout stands once the customer is back from the provider. */
    checkoutState: (checkoutId: string): Promise<CheckoutState> =>
      callApi(`${base}/checkout/${encodeURIComponent(checkoutId)}`).then(
        (b) => expectAnswer(b, isCheckoutState, 'checkout state').state,
      ),
    links: {
      proof: (proofId: string) => `${base}/proofs/${proofId}`,
      proofPreview: (proofId: string) => `${base}/proofs/${proofId}/preview`,
      thumbnail: (attachmentId: string) => `${base}/files/${attachmentId}/thumbnail`,
      invoice: (invoiceId: string) => `${base}/invoices/${invoiceId}`,
      receipt: (paymentId: string) => `${base}/receipts/${paymentId}`,
    },
  };
}

export type OrderStatusApi = ReturnType<typeof orderStatusApi>;
