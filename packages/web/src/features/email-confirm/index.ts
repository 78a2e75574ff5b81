/** An e-mailed link, opened: what it will do and the one button that does it. */
export { EmailConfirmPage } from './EmailConfirmPage.js';
