export { ForgotPasswordPage as default } from '../../features/accounts/ForgotPasswordPage.js';
