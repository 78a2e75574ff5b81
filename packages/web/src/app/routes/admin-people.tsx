export { AdminPeoplePage as default } from '../../features/admin/index.js';
