/** The back office's lists, categories and tags. */
export { listsRoutes, LISTS_PATH } from './routes.js';
