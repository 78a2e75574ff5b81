import type { PageContext } from '@waymark/protocol';

/**
 * What the server may know of the site: the shape of its server bundle and where a page type's
 * files are. The page contract itself (page data, element ids, the compact item codec) is the
 * protocol's (`@waymark/protocol`).
 */

/** The shape of the server bundle's `render`. */
export type RenderPage = (url: string, context: PageContext) => string;
/** Where a page type's route chunk is in Vite's manifest, for the server to name its files. */
export { routeFile } from './app/route-file.js';
