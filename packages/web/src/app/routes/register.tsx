export { RegisterPage as default } from '../../features/accounts/index.js';
