export { AccountPage as default } from '../../features/accounts/AccountPage.js';
