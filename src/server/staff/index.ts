// Staff accounts, roles, sessions and sign-in: the public face. Other folders import this file only.
export { accountRoutes } from './account-routes.js';
export { MIN_PASSWORD_LENGTH, setMaxConcurrentHashes } from './passwords.js';
export { requireOwner, staffAuthPlugin } from './staff-auth.js';
export {
  StaffError,
  addStaff,
  countStaff,
  listStaff,
  removeStaff,
  setPassword,
  setStaffRole,
  THROTTLE,
} from './staff-service.js';
export { deleteExpiredSessions } from './staff-store.js';
