export { SpamLogPage as default } from '../../features/spam-log/SpamLogPage.js';
