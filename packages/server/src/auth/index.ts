/** Accounts: sign-in and sign-out, passwords, and the first administrator. */
export { authRoutes } from './routes.js';
export { ensureAdministrator, type AdministratorResult } from './administrator.js';
export { hashPassword, verifyPassword } from './passwords.js';
