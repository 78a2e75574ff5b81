export { SpamShieldPage as default } from '../SpamShieldPage.js';
