/** Pages and articles, the full-text index over them and the directory, and the site search. */
export { postsRoutes } from './routes.js';
export { registerPostsCalls } from './calls.js';
export { siteSearchContext } from './page-context.js';
export { countPosts, postPath, writePost, type PostInput } from './store.js';
