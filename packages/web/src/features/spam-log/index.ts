/** The spam shield's log in the back office. */
export { SpamLogPage } from './SpamLogPage.js';
