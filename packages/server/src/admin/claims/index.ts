/** The back office's claims: owners claim items, administrators decide, owners edit. */
export { claimsRoutes, CLAIMS_PATH } from './routes.js';
