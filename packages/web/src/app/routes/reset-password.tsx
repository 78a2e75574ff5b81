export { ResetPasswordPage as default } from '../../features/accounts/ResetPasswordPage.js';
