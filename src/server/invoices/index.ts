// Invoices, credit notes, payments and reminders: their public face. Other folders import this
// file only.
export { invoiceRoutes, sendPdf } from './invoice-routes.js';
export {
  customerAccountView,
  howToPay,
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
