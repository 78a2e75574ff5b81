export { ClaimItemPage as default } from '../../features/admin/index.js';
