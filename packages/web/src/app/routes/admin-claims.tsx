export { AdminClaimsPage as default } from '../../features/admin/index.js';
