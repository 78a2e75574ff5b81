export { LoginLinkPage as default } from '../../features/accounts/index.js';
