export { EmailConfirmPage as default } from '../../features/email-confirm/index.js';
