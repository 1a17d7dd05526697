// The owner's Overview (docs/overview.md): its public face. Other folders import this file only.
export { overviewRoutes, type OverviewDeps } from './overview-routes.js';
