import type { PageData } from '@waymark/protocol';
import type { DirectoryFilter } from '../../shared/directory-filter.js';
import { buildModel, type DirectoryModel } from './directory-model.js';
import { FilterStore } from './filter-store.js';
import { ViewportStore } from './viewport-store.js';
import { VotesStore, type Request } from './votes-store.js';

type HomeData = Extract<PageData, { page: 'home' }>;

/** Above this many items only the cards near the screen render their items. */
export const RENDER_ALL_ITEMS = 1_000;
/**
 * Items a list without pagination shows at first, and adds per "Show more" (a paginated list
 * shows its own page size): a short page keeps a long list from making the page long.
 */
export const SHOW_MORE_CHUNK = 8;

/**
 * The address parameter of a list's page, which the pager and "Show more" submit when there is
 * no script: `page-<list id>=<n>` is page n of a paginated list, the first n pages of another.
 */
export const listPageParam = (listId: number): string => `page-${listId}`;
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

/**
 * The page's stores, built the same way on the server and in the browser so hydration matches.
 * Votes travel through `request`, the shield's one request layer.
 */
export function createDirectoryStores(
  data: HomeData,
  request: Request,
  query: URLSearchParams = new URLSearchParams(),
): DirectoryStores {
  const model = buildModel(data.directory);
  const windowed = model.items.length > RENDER_ALL_ITEMS;
  const filters = new FilterStore(
    model,
    {
      inclusiveTags: data.settings.inclusiveTagFilter,
      combine: data.settings.combineFilters,
      chunk: SHOW_MORE_CHUNK,
    },
    initialFilter(model, data),
  );
  openPages(model, filters, query);
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
      request,
      data.votedIds,
    ),
    viewport: new ViewportStore(near),
  };
}

/** The list pages the address asks for (see `listPageParam`), opened before anything renders. */
function openPages(model: DirectoryModel, filters: FilterStore, query: URLSearchParams): void {
  model.lists.forEach((list, index) => {
    const asked = Number(query.get(listPageParam(list.id)));
    if (!Number.isInteger(asked) || asked <= 1) return;
    const visible = filters.listView(index).visible.length;
    const perPage = list.paginate ? list.perPage : SHOW_MORE_CHUNK;
    const page = Math.min(asked, Math.max(1, Math.ceil(visible / perPage)));
    if (list.paginate) filters.setPage(index, page);
    else for (let opened = 1; opened < page; opened += 1) filters.showMore(index);
  });
}

function initialFilter(model: DirectoryModel, data: HomeData): Partial<DirectoryFilter> {
  const chosen = model.categories.find((c) => c.slug === data.filter.category)?.id ?? null;
  const tags = data.filter.tags.filter((t) => model.tags.includes(t));
  if (data.view === 'tabs') return { tab: chosen ?? model.categories[0]?.id ?? null, tags, search: data.filter.search };
  return { category: chosen, tags, search: data.filter.search };
}
