/** "Add your business": the form, its pending listings and the administrators' approval of them. */
export { listingsRoutes } from './routes.js';
export { decideListing } from './store.js';
