export { AdminListsPage as default } from '../../features/admin/lists/AdminListsPage.js';
