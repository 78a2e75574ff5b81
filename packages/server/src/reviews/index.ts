/** Reviews of items and comments on pages: the item page, the classic post, moderation, and the call. */
export { reviewRoutes } from './routes.js';
export { registerReviewCalls } from './calls.js';
export { reviewThread, sentFrom } from './post.js';
