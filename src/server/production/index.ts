// The production floor: jobs, imprints and their stages, the board and the calendar. Other folders
// import this file only.
export { productionRoutes } from './production-routes.js';
export { ensureJobs, floorOfOrder } from './production-service.js';
export type { FloorStaff, ProductionDeps } from './production-service.js';
export { readProductionSettings } from './production-store.js';
