export { BookmarksPage as default } from '../../features/bookmarks/index.js';
