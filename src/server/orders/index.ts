// Orders: the public submit-order route, the staff's order views, files and CSV export, and the
// form tokens that guard the form. Other folders import this file only.
export { exportRoutes } from './export-routes.js';
export { fileRoutes } from './file-routes.js';
export { orderRoutes } from './staff-order-routes.js';
export { ordersPlugin } from './orders-plugin.js';
export { startProduction } from './status-change.js';
export { customerEditRoutes } from './customer-edit-routes.js';
