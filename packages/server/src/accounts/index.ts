/** Visitor accounts: registration, confirming the address, new passwords, the account page. */
export { accountRoutes, type AccountsOptions } from './routes.js';
export { isVerified } from './store.js';
export type { PasswordHasher } from './passwords.js';
export { mailPasswordReset, type ResetTarget } from './password-reset.js';
export { findAccount } from './store.js';
