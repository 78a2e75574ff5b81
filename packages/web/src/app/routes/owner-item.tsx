export { OwnerItemPage as default } from '../../features/admin/index.js';
