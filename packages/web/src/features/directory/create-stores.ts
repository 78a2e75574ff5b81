import type { DirectoryFilter } from '../../shared/directory-filter.js';
import type { PageData } from '../../page-data.js';
import { buildModel, type DirectoryModel } from './directory-model.js';
import { FilterStore } from './filter-store.js';
import { ViewportStore } from './viewport-store.js';
import { VotesStore } from './votes-store.js';

type HomeData = Extract<PageData, { page: 'home' }>;

/** Above this many items only the cards near the screen render their items. */
export const RENDER_ALL_ITEMS = 1_000;
/** Items an unpaginated list shows at first, and adds per "Show more", in a windowed directory. */
export const SHOW_MORE_CHUNK = 24;
/** Cards, and items in each, rendered before the first layout says which are near the screen. */
export const INITIAL_NEAR_LISTS = 4;
export const INITIAL_NEAR_ITEMS = 3;

export interface DirectoryStores {
  model: DirectoryModel;
  /** Every list's index, in page order. */
  allLists: readonly number[];
  /** The lists of one category. */
  listsOf(category: number): readonly number[];
  filters: FilterStore;
  votes: VotesStore;
  viewport: ViewportStore;
}

/** The page's stores, built the same way on the server and in the browser so hydration matches. */
export function createDirectoryStores(data: HomeData): DirectoryStores {
  const model = buildModel(data.directory);
  const windowed = model.items.length > RENDER_ALL_ITEMS;
  const filters = new FilterStore(
    model,
    {
      inclusiveTags: data.settings.inclusiveTagFilter,
      combine: data.settings.combineFilters,
      chunk: windowed ? SHOW_MORE_CHUNK : Infinity,
    },
    initialFilter(model, data),
  );
  const near = windowed
    ? new Map(
        filters
          .shownLists()
          .slice(0, INITIAL_NEAR_LISTS)
          .map((list) => [list, [0, INITIAL_NEAR_ITEMS] as const]),
      )
    : 'all';
  const allLists = model.lists.map((_, index) => index);
  const byCategory = new Map<number, number[]>();
  for (const list of allLists) {
    const category = model.lists[list]?.categoryId ?? 0;
    byCategory.set(category, [...(byCategory.get(category) ?? []), list]);
  }
  return {
    model,
    allLists,
    listsOf: (category) => byCategory.get(category) ?? [],
    filters,
    votes: new VotesStore(
      model.items.map((item) => [item.id, item.votes]),
      data.directoryNonce,
    ),
    viewport: new ViewportStore(near),
  };
}

function initialFilter(model: DirectoryModel, data: HomeData): Partial<DirectoryFilter> {
  const chosen = model.categories.find((c) => c.slug === data.filter.category)?.id ?? null;
  const tags = data.filter.tags.filter((t) => model.tags.includes(t));
  if (data.view === 'tabs') return { tab: chosen ?? model.categories[0]?.id ?? null, tags, search: data.filter.search };
  return { category: chosen, tags, search: data.filter.search };
}
