// Invoices, credit notes, payments and reminders: their public face. Other folders import this
// file only.
export { invoiceRoutes } from './invoice-routes.js';
export { sendPdf } from './send-pdf.js';
export {
  customerAccountView,
  howToPay,
  openBalanceRefusal,
  orderAccount,
  ordersAccounts,
  payOnlineOf,
  refreshPaymentState,
  todayOf,
  type Books,
  type InvoiceDeps,
} from './accounts.js';
export { lockOrder } from './lock-order.js';
export {
  issueInvoiceOnApproval,
  payPageUrl,
  recordPayment,
  type RecordedPayment,
  type RecordPaymentOptions,
} from './invoice-service.js';
export { cancellationPlan, creditUnpaid, refundCreditPlan } from './credit-service.js';
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
export { expectedDates, expectedOn } from './payment-exports.js';
export type { AgedReceivables } from '../../shared/invoices/ageing.js';
// The owner's Overview (overview/) reads the books' own amounts, the way the reports read them.
export { accountDocuments } from './accounts.js';
export { invoiceDocument, INVOICE_COLUMNS, type InvoiceRow } from './invoice-store.js';
export { csvOf, csvReply, money, type Cell } from './csv.js';
// Customer statements (docs/accounts.md, "Statements"): My orders draws the customer's own.
export { statementPdf } from './statement-service.js';
export { checkStatementPeriod } from './receivables-routes.js';
// Card fees (payments/fees.ts) leave a closed period's journal as it was filed.
export { closedThrough } from './periods.js';
