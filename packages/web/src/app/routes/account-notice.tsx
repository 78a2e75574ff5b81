export { AccountNoticePage as default } from '../../features/accounts/AccountNoticePage.js';
