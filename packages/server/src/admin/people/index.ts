/** The back office's people: accounts, roles, disabling. */
export { peopleRoutes, PEOPLE_PATH } from './routes.js';
