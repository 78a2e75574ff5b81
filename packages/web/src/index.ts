/** What the server may know of the site: the page contract, never the components. */
export type * from './shared/page-data.js';
export { PAGE_CONTEXT_ELEMENT_ID, ROOT_ELEMENT_ID } from './shared/page-data.js';
export { ADMIN_ITEM_SORTS } from './shared/admin-items-data.js';
import type { PageContext } from './shared/page-data.js';

/** The shape of the server bundle's `render`. */
export type RenderPage = (url: string, context: PageContext) => string;
export { decodeItem, encodeItem, type Intern } from './shared/compact-item.js';
/** Where a page type's route chunk is in Vite's manifest, for the server to name its files. */
export { routeFile } from './app/route-file.js';
