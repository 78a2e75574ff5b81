/** Reviews of items, comments on pages, and their moderation queue. */
export { ItemReviews } from './ItemReviews.js';
export { ModerationPage } from './ModerationPage.js';
export { PageComments } from './PageComments.js';
