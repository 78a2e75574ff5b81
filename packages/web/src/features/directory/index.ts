/** The directory: its home page with lists, tabs, filters and live search, an item's page, and Add your business. */
export { AddBusinessPage } from './AddBusinessPage.js';
export { HomePage } from './HomePage.js';
export { ItemPage } from './ItemPage.js';
export { listPageParam } from './create-stores.js';
export { useTitleTooltips } from './use-title-tooltips.js';
