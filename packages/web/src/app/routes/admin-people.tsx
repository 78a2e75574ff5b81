export { AdminPeoplePage as default } from '../../features/admin/people/AdminPeoplePage.js';
