/** The embed page (`/embed`, frameable by any site) and the list-embed modal's content call. */
export { embedRoutes } from './routes.js';
export { registerEmbedCalls } from './calls.js';
