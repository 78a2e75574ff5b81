export { ClaimItemPage as default } from '../../features/admin/claims/ClaimItemPage.js';
