/** Accounts: signing in and out, registering, the account page and the password's way back. */
export { AccountNoticePage } from './AccountNoticePage.js';
export { AccountPage } from './AccountPage.js';
export { ForgotPasswordPage } from './ForgotPasswordPage.js';
export { LoginLinkPage } from './LoginLinkPage.js';
export { LoginPage } from './LoginPage.js';
export { RegisterPage } from './RegisterPage.js';
export { ResetPasswordPage } from './ResetPasswordPage.js';
