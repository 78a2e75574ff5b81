export { LoginPage as default } from '../../features/accounts/LoginPage.js';
