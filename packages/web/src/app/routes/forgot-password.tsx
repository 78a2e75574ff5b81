export { ForgotPasswordPage as default } from '../../features/accounts/index.js';
