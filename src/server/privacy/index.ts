// Retention, log redaction, and an order's data exported or deleted on request: the public
// face. Other folders import this file only.
export { housekeepingPlugin } from './housekeeping-plugin.js';
export { deleteOrder, exportOrder, findOrderForRequest } from './order-data.js';
export { privacyRoutes } from './privacy-routes.js';
