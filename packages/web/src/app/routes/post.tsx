export { PostPage as default } from '../../features/posts/index.js';
