export { AccountNoticePage as default } from '../../features/accounts/index.js';
