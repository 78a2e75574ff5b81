export { AccountPage as default } from '../../features/accounts/index.js';
