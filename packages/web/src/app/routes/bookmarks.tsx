export { BookmarksPage as default } from '../../features/bookmarks/BookmarksPage.js';
