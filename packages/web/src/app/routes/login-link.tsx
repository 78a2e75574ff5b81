export { LoginLinkPage as default } from '../../features/accounts/LoginLinkPage.js';
