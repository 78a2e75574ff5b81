/** Bookmarks: signed-in users' favourite items, their calls and the bookmark list. */
export { registerBookmarkCalls } from './calls.js';
export { bookmarkRoutes } from './routes.js';
