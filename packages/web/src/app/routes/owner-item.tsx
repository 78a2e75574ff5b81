export { OwnerItemPage as default } from '../../features/admin/claims/OwnerItemPage.js';
