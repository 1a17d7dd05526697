// Invoices, credit notes, payments and deposit reminders: their public face. Other folders
// import this file only.
export { invoiceRoutes, sendPdf } from './invoice-routes.js';
export {
  customerAccountView,
  depositGate,
  howToPay,
  issueInvoiceOnApproval,
  refreshPaymentState,
} from './invoice-service.js';
export { dropExpiredRecords, readTerms, storedPdf } from './invoice-store.js';
export { remindersPlugin } from './reminders-plugin.js';
