export { LoginPage as default } from '../../features/accounts/index.js';
