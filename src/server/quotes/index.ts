// Quotes, proofs and the customer's order page (/o/<token>): the public face. Other folders
// import this file only.
export { orderLinkRoutes, orderLinkScope } from './order-link-routes.js';
export { quoteRoutes } from './quote-routes.js';
export { queueStatusMail, statusMails } from './quote-service.js';
export { closeOpenQuotes, withdrawQuotes } from './quote-answers.js';
export { customerView, hasApprovedQuote } from './quote-views.js';
export type { QuoteDeps } from './quote-service.js';
export { approvedVersions, proofsOfOrder } from './quote-store.js';
export { approvedOrderVersions, orderToMake, ordersToMake } from './order-to-make.js';
export type { OrderToMake } from './order-to-make.js';
