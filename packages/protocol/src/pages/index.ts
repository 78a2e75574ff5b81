/**
 * The page contract: what the server renders into each page type (its page data and the page
 * context), the element ids the page reads it back from, and the compact item codec.
 */
export * from './page-data.js';
export * from './shop-pages.js';
export * from './admin-items-data.js';
export * from './back-office-data.js';
export * from './compact-item.js';
