// Quotes, proofs and the customer's order page (/o/<token>): the public face. Other folders
// import this file only.
export { orderLinkRoutes } from './order-link-routes.js';
export { quoteRoutes } from './quote-routes.js';
export { closeOpenQuotes, hasApprovedQuote, queueStatusMail, statusMails } from './quote-service.js';
export type { QuoteDeps } from './quote-service.js';
