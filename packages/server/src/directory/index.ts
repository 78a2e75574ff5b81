/** The directory: its pages, its calls (item popup, upvote), and its items as other pages show them. */
export { directoryPageData, directoryRoutes } from './routes.js';
export { registerDirectoryCalls } from './calls.js';
export { itemForVisitor } from './page-item.js';
export { addItem, firstItemId, listCategories, listLists, listTagNames, type NewDirectoryItem } from './store.js';
export { addItemTags } from './tags.js';
