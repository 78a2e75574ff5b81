export { RegisterPage as default } from '../../features/accounts/RegisterPage.js';
