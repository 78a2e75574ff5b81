import { useEffect } from 'react';
import {
  filterToQuery,
  onlySearchChanged,
  queryToFilter,
  type AddressContext,
  type AddressFilter,
} from './filter-address.js';
import type { FilterStore } from './filter-store.js';

/** What the address binding uses of the browser: its address, its history and its popstate. */
export type AddressWindow = Pick<Window, 'location' | 'history' | 'addEventListener' | 'removeEventListener'>;

/**
 * Keeps the address in step with the filter store, both ways. A choice (category, tab, tag) adds
 * a history entry; typing in the search box replaces the current one, so Back does not step
 * through keystrokes. Back and Forward put the filter of their entry back in the store. The
 * fragment (a lightbox's deep link) is kept as it is. Answers the function that stops it.
 */
export function bindFilterAddress(filters: FilterStore, address: AddressContext, win: AddressWindow): () => void {
  const { location, history } = win;
  let written: AddressFilter = filters.filter();
  let query = filterToQuery(written, address);

  const write = () => {
    const filter = filters.filter();
    const next = filterToQuery(filter, address);
    if (next === query) return; // paging, "show more", the radius search: not in the address
    const url = `${location.pathname}${next}${location.hash}`;
    if (onlySearchChanged(written, filter)) history.replaceState(history.state, '', url);
    else history.pushState(null, '', url);
    written = filter;
    query = next;
  };

  const restore = () => {
    const filter = queryToFilter(location.search, address);
    const next = filterToQuery(filter, address);
    if (next === query) return; // only the fragment moved
    written = filter;
    query = next;
    filters.restore(filter);
  };

  const unsubscribe = filters.subscribe(write);
  win.addEventListener('popstate', restore);
  return () => {
    unsubscribe();
    win.removeEventListener('popstate', restore);
  };
}

/** `bindFilterAddress` for the page's lifetime; null binds nothing. */
export function useFilterAddress(filters: FilterStore | null, context: AddressContext): void {
  const { categories, tags, view } = context;
  useEffect(
    () => (filters ? bindFilterAddress(filters, { categories, tags, view }, window) : undefined),
    [filters, categories, tags, view],
  );
}
