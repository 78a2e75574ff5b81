export { PostPage as default } from '../../features/posts/PostPage.js';
