import { describe, expect, it } from 'vitest';
import { buildModel } from '../../../src/features/directory/directory-model.js';
import { FilterStore, type FilterOptions } from '../../../src/features/directory/filter-store.js';
import { fixture } from './directory-fixture.js';

const OPTIONS: FilterOptions = { inclusiveTags: false, combine: true, chunk: Infinity };
const store = (options: Partial<FilterOptions> = {}) =>
  new FilterStore(buildModel(fixture()), { ...OPTIONS, ...options });

describe('directory filter store', () => {
  it('shows everything at first, list by list, in page order', () => {
    const s = store();
    expect(s.visibleIds()).toEqual([101, 102, 103, 201, 202, 301]);
    expect(s.shownLists()).toEqual([0, 1, 2]);
  });

  it('matches the live search case-insensitively against title, text, link, tag and list heading', () => {
    const s = store();
    const search = (text: string) => {
      s.setSearch(text);
      return s.visibleIds();
    };
    expect(search('GREEN')).toEqual([101]);
    expect(search('jazz & coffee')).toEqual([103]);
    expect(search('bread.example/RYE')).toEqual([202]);
    expect(search('open late')).toEqual([103, 301]);
    expect(search('bakeries')).toEqual([201, 202]);
    expect(search('  ')).toHaveLength(6);
    expect(search('nothing like this')).toEqual([]);
    expect(s.shownLists()).toEqual([]);
  });

  it('matches any chosen tag, or every chosen tag in inclusive mode', () => {
    const any = store();
    any.toggleTag('Vegan');
    any.toggleTag('Open late');
    expect(any.visibleIds()).toEqual([101, 103, 201, 301]);
    const every = store({ inclusiveTags: true });
    every.toggleTag('Wi-Fi');
    every.toggleTag('Open late');
    expect(every.visibleIds()).toEqual([301]);
    every.toggleTag('Open late');
    expect(every.visibleIds()).toEqual([101, 102, 301]);
    every.clearTags();
    expect(every.filter().tags).toEqual([]);
    expect(every.visibleIds()).toHaveLength(6);
  });

  it('takes one tag from the dropdown, and "all" from an empty choice', () => {
    const s = store();
    s.toggleTag('Vegan');
    s.toggleTag('Wi-Fi');
    s.chooseTag('Open late');
    expect(s.filter().tags).toEqual(['Open late']);
    s.chooseTag('');
    expect(s.filter().tags).toEqual([]);
  });

  it('combines search, tags and distance, or lets each reset the others', () => {
    const combined = store();
    combined.toggleTag('Wi-Fi');
    combined.setSearch('paper');
    expect(combined.visibleIds()).toEqual([301]);
    combined.setDistance(new Set([101, 102]));
    expect(combined.visibleIds()).toEqual([]);

    const separate = store({ combine: false });
    separate.toggleTag('Wi-Fi');
    separate.setSearch('crust');
    expect(separate.filter().tags).toEqual([]);
    expect(separate.visibleIds()).toEqual([201]);
    separate.toggleTag('Vegan');
    expect(separate.filter().search).toBe('');
    separate.setDistance(new Set([301]));
    expect(separate.filter()).toMatchObject({ search: '', tags: [] });
    expect(separate.visibleIds()).toEqual([301]);
  });

  it('filters by category, and a tab shows only its category with every filter reset', () => {
    const s = store();
    s.setCategory(20);
    expect(s.visibleIds()).toEqual([301]);
    s.setCategory(null);
    s.setSearch('green');
    s.setPage(0, 2);
    s.setTab(10);
    expect(s.filter()).toEqual({ tab: 10, category: null, tags: [], search: '', distance: null });
    expect(s.visibleIds()).toEqual([101, 102, 103, 201, 202]);
    expect(s.listView(0).page).toBe(1);
  });

  it('restarts pagination and "show more" whenever the filter changes', () => {
    const s = store({ chunk: 1 });
    s.setPage(0, 2);
    s.showMore(1);
    expect(s.listView(0).page).toBe(2);
    expect(s.listView(1).limit).toBe(2);
    s.toggleTag('Vegan');
    expect(s.listView(0).page).toBe(1);
    expect(s.listView(1).limit).toBe(1);
  });

  it('keeps the same arrays and views while nothing they show changes, and tells its listeners', () => {
    const s = store();
    let calls = 0;
    const stop = s.subscribe(() => (calls += 1));
    const view = s.listView(2);
    const ids = s.visibleIds();
    s.setSearch('c'); // hides no item of list 2? "Paper Tiger" has no c
    s.setSearch('');
    expect(s.listView(2)).toBe(view);
    expect(s.visibleIds()).toBe(ids);
    expect(calls).toBe(2);
    stop();
    s.setSearch('x');
    expect(calls).toBe(2);
  });

  it('puts back a filter the address named, the radius search as it was', () => {
    const s = store({ combine: false });
    s.setDistance(new Set([101, 102, 201]));
    s.setPage(0, 2);
    s.restore({ tab: null, category: 10, tags: ['Wi-Fi'], search: '' });
    expect(s.filter()).toMatchObject({ category: 10, tags: ['Wi-Fi'], search: '' });
    expect(s.filter().distance).toEqual(new Set([101, 102, 201]));
    expect(s.visibleIds()).toEqual([101, 102]);
    expect(s.listView(0).page).toBe(1);
  });
});
