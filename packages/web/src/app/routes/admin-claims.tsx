export { AdminClaimsPage as default } from '../../features/admin/claims/AdminClaimsPage.js';
