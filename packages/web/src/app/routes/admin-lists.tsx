export { AdminListsPage as default } from '../../features/admin/index.js';
