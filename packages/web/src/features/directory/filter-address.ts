import type { DirectoryCategory } from '@waymark/protocol';
import type { DirectoryFilter } from '../../shared/directory-filter.js';

/** The part of the filter the address carries (the map's radius search stays out of it). */
export type AddressFilter = Pick<DirectoryFilter, 'tab' | 'category' | 'tags' | 'search'>;

/** What reading and writing the address needs to know of the directory. */
export interface AddressContext {
  categories: readonly DirectoryCategory[];
  tags: readonly string[];
  /** `tabs` (/categories): `category` names the shown tab; `filter` (/): the category filter. */
  view: 'filter' | 'tabs';
}

/**
 * The query string the server reads for this filter (`?category=<slug>&tag=<name>&tag=…&search=…`),
 * '' when nothing is chosen: a reload, a shared link or a page without a script shows the same
 * view. On /categories, `category` is the shown tab.
 */
export function filterToQuery(filter: AddressFilter, context: AddressContext): string {
  const params = new URLSearchParams();
  const category = context.view === 'tabs' ? filter.tab : filter.category;
  const slug = context.categories.find((c) => c.id === category)?.slug;
  if (slug) params.set('category', slug);
  for (const tag of filter.tags) params.append('tag', tag);
  if (filter.search) params.set('search', filter.search);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The filter a query string asks for, as the server reads it: an unknown category or tag is
 * left out; on /categories the first tab shows when none is named.
 */
export function queryToFilter(query: string, context: AddressContext): AddressFilter {
  const params = new URLSearchParams(query);
  const named = params.get('category') ?? '';
  const chosen = context.categories.find((c) => c.slug === named)?.id ?? null;
  const tags = params
    .getAll('tag')
    .filter((tag, index, all) => context.tags.includes(tag) && all.indexOf(tag) === index);
  const search = (params.get('search') ?? '').slice(0, 200);
  if (context.view === 'tabs')
    return { tab: chosen ?? context.categories[0]?.id ?? null, category: null, tags, search };
  return { tab: null, category: chosen, tags, search };
}

/** Whether going from `before` to `after` only changed the search text: a keystroke, not a choice. */
export function onlySearchChanged(before: AddressFilter, after: AddressFilter): boolean {
  return (
    before.tab === after.tab &&
    before.category === after.category &&
    before.tags.length === after.tags.length &&
    before.tags.every((tag, i) => after.tags[i] === tag)
  );
}
