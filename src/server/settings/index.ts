// The shop's settings: its profile, versioned, and the owner's first checklist. Other folders
// import this file only (docs/settings.md).
export { publicLogoRoutes, settingsRoutes } from './settings-routes.js';
export {
  liveIdentity,
  profileFromConfig,
  shopProfileSource,
  type ShopInForce,
  type ShopProfileSource,
} from './shop-in-force.js';
export { documentLogoReader, type DocumentLogo } from './document-logo.js';
