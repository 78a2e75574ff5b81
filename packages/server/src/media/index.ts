/** Uploaded and generated media, served from the configured folder. */
export { mediaRoutes } from './routes.js';
