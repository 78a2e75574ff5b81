export { ResetPasswordPage as default } from '../../features/accounts/index.js';
