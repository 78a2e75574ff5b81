/** "Suggest a place": its page, its classic form post and its call. */
export { suggestRoutes } from './routes.js';
export { registerSuggestCalls } from './calls.js';
