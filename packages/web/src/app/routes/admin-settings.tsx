export { AdminSettingsPage as default } from '../../features/admin/settings/AdminSettingsPage.js';
