export { BlockedPage as default } from '../BlockedPage.js';
