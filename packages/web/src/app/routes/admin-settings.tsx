export { AdminSettingsPage as default } from '../../features/admin/index.js';
