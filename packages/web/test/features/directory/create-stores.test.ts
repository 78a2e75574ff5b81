import { directorySettings, type CompactItem, type PageData } from '@waymark/protocol';
import { describe, expect, it } from 'vitest';
import {
  createDirectoryStores,
  listPageParam,
  SHOW_MORE_CHUNK,
} from '../../../src/features/directory/create-stores.js';
import { fixture } from './directory-fixture.js';

type HomeData = Extract<PageData, { page: 'home' }>;

/** The fixture with `extra` more items in the unpaginated "Bakeries" and the paginated "Cafés". */
function homeData(extra = 30): HomeData {
  const directory = fixture();
  const [template] = directory.items;
  if (!template) throw new Error('no item');
  const more = (list: number, from: number): CompactItem[] =>
    Array.from({ length: extra }, (_, i) => {
      const copy = structuredClone(template);
      copy[0] = from + i;
      copy[1] = list;
      copy[2] = `Extra ${from + i}`;
      return copy;
    });
  // Items travel in list order.
  const items = [
    ...directory.items.filter((i) => i[1] === 0),
    ...more(0, 1000),
    ...directory.items.filter((i) => i[1] === 1),
    ...more(1, 2000),
    ...directory.items.filter((i) => i[1] === 2),
  ];
  return {
    page: 'home',
    title: 'Directory',
    view: 'filter',
    directory: { ...directory, items },
    settings: directorySettings.schema.parse({}),
    directoryNonce: '0123456789',
    filter: { category: '', tags: [], search: '' },
    votedIds: [],
  };
}

const request = async () => ({});
const stores = (query = '') => createDirectoryStores(homeData(), request, new URLSearchParams(query));

describe('directory stores', () => {
  it('show a first page of every list without pagination, whatever the size of the directory', () => {
    const { filters } = stores();
    expect(filters.options.chunk).toBe(SHOW_MORE_CHUNK);
    expect(SHOW_MORE_CHUNK).toBeGreaterThanOrEqual(6);
    expect(SHOW_MORE_CHUNK).toBeLessThanOrEqual(10);
    expect(filters.listView(1).limit).toBe(SHOW_MORE_CHUNK);
    expect(filters.listView(0).page).toBe(1);
  });

  it('open the list pages the address asks for, as a page without a script submits them', () => {
    const { filters } = stores(`${listPageParam(2)}=3&${listPageParam(1)}=2&search=`);
    expect(filters.listView(1).limit).toBe(3 * SHOW_MORE_CHUNK);
    expect(filters.listView(0).page).toBe(2);
  });

  it('keep an asked page within the list, and ignore what is not a page', () => {
    // Bakeries has 32 items: 4 pages of 8. Cafés has 33: 17 pages of 2.
    let { filters } = stores(`${listPageParam(2)}=99&${listPageParam(1)}=99`);
    expect(filters.listView(1).limit).toBe(4 * SHOW_MORE_CHUNK);
    expect(filters.listView(0).page).toBe(17);
    for (const bad of ['0', '-2', '1.5', 'x', '']) {
      ({ filters } = stores(`${listPageParam(2)}=${bad}&${listPageParam(1)}=${bad}`));
      expect(filters.listView(1).limit).toBe(SHOW_MORE_CHUNK);
      expect(filters.listView(0).page).toBe(1);
    }
  });

  it('start every list at its first page again when a filter changes', () => {
    const { filters } = stores(`${listPageParam(2)}=3`);
    filters.setSearch('extra');
    expect(filters.listView(1).limit).toBe(SHOW_MORE_CHUNK);
  });
});
