import type { PageData } from '@waymark/protocol';

export type PageType = PageData['page'];

/**
 * The source file of a page type's route (see `ROUTES`), as Vite's manifest names it, relative
 * to the web package: the server looks a page's chunk up by it.
 */
export const routeFile = (page: PageType): string => `src/app/routes/${page}.tsx`;
