/** The back office: the administrator's calls and pages. */
export { registerAdminCalls, EMPTY_LINK } from './calls.js';
export { fetchPublicPage, FetchRefused, type PublicFetchOptions } from './public-fetch.js';
export { isPublicAddress } from './public-address.js';
export { admitTo, mayUse, type AdminArea } from './access.js';
export { adminRoutes } from './routes.js';
