// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { buildModel } from '../../../src/features/directory/directory-model.js';
import {
  filterToQuery,
  onlySearchChanged,
  queryToFilter,
  type AddressContext,
} from '../../../src/features/directory/filter-address.js';
import { FilterStore } from '../../../src/features/directory/filter-store.js';
import { bindFilterAddress } from '../../../src/features/directory/use-filter-address.js';
import { fixture } from './directory-fixture.js';

const model = buildModel(fixture());
const FILTER: AddressContext = { categories: model.categories, tags: model.tags, view: 'filter' };
const TABS: AddressContext = { ...FILTER, view: 'tabs' };
const none = { tab: null, category: null, tags: [], search: '' };

describe('the filter in the address', () => {
  it('writes the parameters the server reads: category slug, one tag= per tag, search', () => {
    expect(filterToQuery(none, FILTER)).toBe('');
    expect(filterToQuery({ ...none, category: 20, tags: ['Vegan', 'Open late'], search: 'green cup' }, FILTER)).toBe(
      '?category=shops&tag=Vegan&tag=Open+late&search=green+cup',
    );
    // On /categories the tab is the category; the category filter is not there.
    expect(filterToQuery({ ...none, tab: 10, category: 20 }, TABS)).toBe('?category=food');
  });

  it('reads them back as the server does: unknown names left out, the first tab by default', () => {
    expect(queryToFilter('?category=shops&tag=Vegan&tag=Nope&tag=Vegan&search=Book', FILTER)).toEqual({
      tab: null,
      category: 20,
      tags: ['Vegan'],
      search: 'Book',
    });
    expect(queryToFilter('?category=nope', FILTER)).toEqual(none);
    expect(queryToFilter('', TABS)).toEqual({ ...none, tab: 10 });
    expect(queryToFilter('?category=shops&tag=Wi-Fi', TABS)).toEqual({ ...none, tab: 20, tags: ['Wi-Fi'] });
    const round = { tab: null, category: 10, tags: ['Wi-Fi', 'Open late'], search: 'a&b=c ?' };
    expect(queryToFilter(filterToQuery(round, FILTER), FILTER)).toEqual(round);
  });

  it('tells a keystroke from a choice', () => {
    expect(onlySearchChanged({ ...none, search: 'a' }, { ...none, search: 'ab' })).toBe(true);
    expect(onlySearchChanged({ ...none, tags: ['Vegan'] }, { ...none, tags: ['Vegan'], search: 'a' })).toBe(true);
    expect(onlySearchChanged({ ...none, tags: ['Vegan'], search: 'a' }, { ...none, search: '' })).toBe(false);
    expect(onlySearchChanged(none, { ...none, category: 10 })).toBe(false);
  });
});

describe('binding the store to the browser’s address', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    history.replaceState(null, '', '/');
  });

  const bind = (path: string, context = FILTER) => {
    history.replaceState(null, '', path);
    const filters = new FilterStore(
      model,
      { inclusiveTags: false, combine: true, chunk: Infinity },
      {
        ...queryToFilter(location.search, context),
      },
    );
    stop = bindFilterAddress(filters, context, window);
    return filters;
  };
  const address = () => `${location.pathname}${location.search}${location.hash}`;

  it('pushes a choice, replaces keystrokes, and keeps the fragment', () => {
    const filters = bind('/#photos/2');
    const start = history.length;
    filters.setCategory(20);
    expect(address()).toBe('/?category=shops#photos/2');
    filters.toggleTag('Vegan');
    expect(address()).toBe('/?category=shops&tag=Vegan#photos/2');
    expect(history.length).toBe(start + 2);
    for (const text of ['p', 'pa', 'pap']) filters.setSearch(text);
    expect(address()).toBe('/?category=shops&tag=Vegan&search=pap#photos/2');
    expect(history.length).toBe(start + 2);
    // Paging and "show more" are not in the address.
    filters.setPage(0, 2);
    expect(history.length).toBe(start + 2);
  });

  it('puts the filter of the address back on Back and Forward', () => {
    const filters = bind('/?search=cup');
    filters.setCategory(10);
    filters.toggleTag('Wi-Fi');
    expect(address()).toBe('/?category=food&tag=Wi-Fi&search=cup');

    history.replaceState(null, '', '/?category=food&search=cup');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(filters.filter()).toMatchObject({ category: 10, tags: [], search: 'cup' });
    expect(address()).toBe('/?category=food&search=cup');

    history.replaceState(null, '', '/');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(filters.filter()).toMatchObject({ category: null, tags: [], search: '' });
    expect(filters.visibleIds()).toHaveLength(6);
  });

  it('leaves the filter alone when only the fragment moved', () => {
    const filters = bind('/?tag=Vegan');
    filters.showMore(0);
    const before = filters.filter();
    history.replaceState(null, '', '/?tag=Vegan#photos/1');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(filters.filter()).toBe(before);
  });

  it('writes and reads the shown tab on /categories', () => {
    const filters = bind('/categories', TABS);
    expect(filters.filter().tab).toBe(10);
    filters.setTab(20);
    expect(address()).toBe('/categories?category=shops');
    history.replaceState(null, '', '/categories');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(filters.filter().tab).toBe(10);
  });
});
