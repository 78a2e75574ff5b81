export { EmailConfirmPage as default } from '../../features/email-confirm/EmailConfirmPage.js';
