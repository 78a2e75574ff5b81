import { createRequiredContext } from './required-context.js';

/**
 * The address the page was rendered for: the request's on the server, the browser's at
 * hydration, so both render the same. A page reads state a visitor without a script carries in
 * the query string (the directory's "Show more" pages) from it.
 */
export interface PageAddress {
  /** The path, without query or fragment. */
  path: string;
  query: URLSearchParams;
}

export const [PageAddressProvider, usePageAddress] = createRequiredContext<PageAddress>(
  'usePageAddress',
  'PageAddressProvider',
);

/** The address of a URL as a request line or `location` gives it (a path and a query). */
export function pageAddress(url: string): PageAddress {
  const parsed = new URL(url, 'http://localhost');
  return { path: parsed.pathname, query: parsed.searchParams };
}
