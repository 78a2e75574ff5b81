/** What the server may know of the site: the page contract, never the components. */
export type * from './page-data.js';
export { PAGE_CONTEXT_ELEMENT_ID, ROOT_ELEMENT_ID } from './page-data.js';
import type { PageContext } from './page-data.js';

/** The shape of the server bundle's `render`. */
export type RenderPage = (url: string, context: PageContext) => string;
export { decodeItem, encodeItem, type Intern } from './compact-item.js';
