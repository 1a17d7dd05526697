// Invoices, credit notes, payments and reminders: their public face. Other folders import this
// file only.
export { invoiceRoutes, sendPdf } from './invoice-routes.js';
export {
  customerAccountView,
  howToPay,
  openBalanceRefusal,
  orderAccount,
  payOnlineOf,
  refreshPaymentState,
  todayOf,
  type Books,
  type InvoiceDeps,
} from './accounts.js';
export {
  issueInvoiceOnApproval,
  lockOrder,
  recordPayment,
  type RecordedPayment,
  type RecordPaymentOptions,
} from './invoice-service.js';
export { creditUnpaid } from './credit-service.js';
export { actorOf, fullyAllowed, may, type Actor } from './permissions.js';
export {
  dropExpiredRecords,
  keepEvidence,
  paymentsOfOrder,
  invoicesOfOrder,
  readTerms,
  storedPdf,
} from './invoice-store.js';
export { remindersPlugin } from './reminders-plugin.js';
// Aged receivables (docs/accounts.md): the Accounts page's, and an owner's overview may chart it.
export { agedReceivables } from './reports.js';
export type { AgedReceivables } from '../../shared/invoices/ageing.js';
