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
  // A request line is read as a path on a known host: `//x` alone would be a host of its own
  // (or no valid URL at all); `location.href` is a whole URL already.
  const parsed = /^[a-z][a-z0-9+.-]*:/i.test(url)
    ? new URL(url)
    : new URL(`http://localhost/${url.replace(/^\//, '')}`);
  return { path: parsed.pathname, query: parsed.searchParams };
}
