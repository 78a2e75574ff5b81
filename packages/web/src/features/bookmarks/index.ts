/** Bookmarks: a visitor's starred items, the star on each item and in its popup, and their page. */
export { BookmarkStar } from './BookmarkStar.js';
export { BookmarksPage } from './BookmarksPage.js';
export { popupStar } from './popup-star.js';
export { useBookmarkStore } from './use-bookmarks.js';
