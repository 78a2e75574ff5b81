/** A page or an article. */
export { PostPage } from './PostPage.js';
