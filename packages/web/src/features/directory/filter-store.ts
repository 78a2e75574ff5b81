import type { DirectoryItem } from '@waymark/protocol';
import type { DirectoryFilter, DirectoryFilterStore } from '../../shared/directory-filter.js';
import type { DirectoryModel } from './directory-model.js';

export interface FilterOptions {
  /** Every chosen tag must match (inclusive), or any one of them. */
  inclusiveTags: boolean;
  /** Distance, tag and live search narrow each other; otherwise setting one resets the others. */
  combine: boolean;
  /** Items shown before "Show more" in a list without pagination; Infinity for all. */
  chunk: number;
}

/** What one list card shows: its visible items and where its pagination stands. */
export interface ListView {
  /** Indexes (into the model's items) of the list's visible items, in order. */
  visible: readonly number[];
  /** The 1-based page of a paginated list. */
  page: number;
  /** How many visible items an unpaginated list shows. */
  limit: number;
}

interface Derived {
  filter: DirectoryFilter;
  perList: (readonly number[])[];
  count: number;
  /** Made when first asked for: only the map needs every id. */
  ids: readonly number[] | null;
  /** Lists with at least one visible item: the others are hidden. */
  shown: readonly number[];
}

const EMPTY: readonly number[] = Object.freeze([]);

/**
 * The one store of the directory's filter state, from which the visible items are derived;
 * the list holder, the counts and the map all read from it. Paging and "show more" are kept
 * here too, so they survive a card being unmounted while off screen.
 */
export class FilterStore implements DirectoryFilterStore {
  readonly #model: DirectoryModel;
  readonly #options: FilterOptions;
  #filter: DirectoryFilter;
  #pages = new Map<number, number>();
  #limits = new Map<number, number>();
  #derived: Derived | null = null;
  #views = new Map<number, ListView>();
  #settled = new Map<number, ListView>();
  #lastIds: readonly number[] | null = null;
  /** Results per search text while the other filters stay the same: a backspace costs nothing. */
  #bySearch = new Map<string, (readonly number[])[]>();
  readonly #listeners = new Set<() => void>();

  constructor(model: DirectoryModel, options: FilterOptions, initial: Partial<DirectoryFilter> = {}) {
    this.#model = model;
    this.#options = options;
    this.#filter = { tab: null, category: null, tags: [], search: '', distance: null, ...initial };
  }

  get options(): FilterOptions {
    return this.#options;
  }

  filter = (): DirectoryFilter => this.#filter;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  visibleIds = (): readonly number[] => {
    const derived = this.#derive();
    if (!derived.ids) {
      const ids: number[] = [];
      for (const visible of derived.perList) for (const index of visible) ids.push(this.#model.items[index]?.id ?? 0);
      derived.ids = this.#lastIds && sameItems(this.#lastIds, ids) ? this.#lastIds : ids;
      this.#lastIds = derived.ids;
    }
    return derived.ids;
  };

  items = (): readonly DirectoryItem[] => this.#model.items;

  item = (id: number): DirectoryItem | undefined => {
    const index = this.#model.indexById.get(id);
    return index === undefined ? undefined : this.#model.items[index];
  };

  visibleCount = (): number => this.#derive().count;

  /** Indexes of the lists that have a visible item (a stable array until it changes). */
  shownLists = (): readonly number[] => this.#derive().shown;

  /** The view of one list; the same object until something it shows changes. */
  listView = (list: number): ListView => {
    const visible = this.#derive().perList[list] ?? EMPTY;
    const page = this.#pages.get(list) ?? 1;
    const limit = this.#limits.get(list) ?? this.#options.chunk;
    const cached = this.#views.get(list);
    if (cached && cached.visible === visible && cached.page === page && cached.limit === limit) return cached;
    const view = { visible, page, limit };
    this.#views.set(list, view);
    return view;
  };

  /**
   * The view of a list as of the last `settle()`: what a card far from the screen shows, so a
   * keystroke re-renders only the cards on screen and the rest follow at the next layout.
   */
  settledView = (list: number): ListView => {
    let view = this.#settled.get(list);
    if (!view) {
      view = this.listView(list);
      this.#settled.set(list, view);
    }
    return view;
  };

  /** Brings the far cards' views up to date (the scheduled re-layouts call this). */
  settle(): void {
    this.#settled = new Map();
    this.#emit();
  }

  // --- filters -----------------------------------------------------------------------------

  /** Shows one tab: its lists only, with every filter back at "all" and pagination restarted. */
  setTab(tab: number | null): void {
    this.#set({ tab, category: null, tags: [], search: '', distance: null });
  }

  setCategory(category: number | null): void {
    this.#set({ ...this.#filter, category });
  }

  /** A tag chip: toggles the tag. */
  toggleTag(tag: string): void {
    const { tags } = this.#filter;
    const next = tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag];
    this.#set({ ...this.#othersFor('tags'), tags: next });
  }

  /** The tag dropdown: one tag, or '' for all. */
  chooseTag(tag: string): void {
    this.#set({ ...this.#othersFor('tags'), tags: tag ? [tag] : [] });
  }

  /** "All": clears the chosen tags. */
  clearTags(): void {
    this.#set({ ...this.#filter, tags: [] });
  }

  setSearch(search: string): void {
    this.#set({ ...this.#othersFor('search'), search });
  }

  setDistance = (distance: ReadonlySet<number> | null): void => {
    this.#set({ ...this.#othersFor('distance'), distance });
  };

  /**
   * Puts back a filter the address named (Back, Forward): tab, category, tags and search as
   * given, the radius search as it is.
   */
  restore(filter: Pick<DirectoryFilter, 'tab' | 'category' | 'tags' | 'search'>): void {
    const { tab, category, tags, search } = filter;
    this.#set({ ...this.#filter, tab, category, tags: [...tags], search });
  }

  // --- pagination --------------------------------------------------------------------------

  setPage(list: number, page: number): void {
    this.#pages = new Map(this.#pages).set(list, page);
    this.#emit();
  }

  showMore(list: number): void {
    const current = this.#limits.get(list) ?? this.#options.chunk;
    this.#limits = new Map(this.#limits).set(list, current + this.#options.chunk);
    this.#emit();
  }

  // --- internals ---------------------------------------------------------------------------

  /** Without "combine", choosing one of distance, tags and search resets the other two. */
  #othersFor(kind: 'tags' | 'search' | 'distance'): DirectoryFilter {
    const f = this.#filter;
    if (this.#options.combine) return f;
    return {
      ...f,
      tags: kind === 'tags' ? f.tags : [],
      search: kind === 'search' ? f.search : '',
      distance: kind === 'distance' ? f.distance : null,
    };
  }

  #set(filter: DirectoryFilter): void {
    this.#filter = filter;
    // Pagination is rebuilt whenever the set of items changes.
    this.#pages = new Map();
    this.#limits = new Map();
    this.#emit();
  }

  #emit(): void {
    for (const listener of this.#listeners) listener();
  }

  #derive(): Derived {
    const previous = this.#derived;
    if (previous && previous.filter === this.#filter) return previous;
    const filter = this.#filter;
    if (previous && !sameExceptSearch(previous.filter, filter)) this.#bySearch = new Map();
    const query = normalise(filter.search);
    let perList = this.#bySearch.get(query);
    if (!perList) {
      // Typing on narrows the search: only the items still visible need to be tested again.
      const narrowing = previous !== null && sameExceptSearch(previous.filter, filter);
      const before = previous ? normalise(previous.filter.search) : '';
      perList = computeVisible(
        this.#model,
        filter,
        this.#options.inclusiveTags,
        narrowing && before !== '' && query.startsWith(before) ? previous.perList : undefined,
      );
      if (this.#bySearch.size >= SEARCH_CACHE) this.#bySearch.clear();
      this.#bySearch.set(query, perList);
    }
    // A list whose visible items did not change keeps its array, so its card does not re-render.
    if (previous) {
      perList = perList.map((visible, list) => {
        const old = previous.perList[list];
        return old && old !== visible && sameItems(old, visible) ? old : visible;
      });
    }
    let count = 0;
    const shown: number[] = [];
    perList.forEach((visible, list) => {
      count += visible.length;
      if (visible.length > 0) shown.push(list);
    });
    const derived: Derived = {
      filter,
      perList,
      count,
      ids: null,
      shown: previous && sameItems(previous.shown, shown) ? previous.shown : shown,
    };
    this.#derived = derived;
    return derived;
  }
}

/** Per list, the indexes of the items every filter lets through. */
export function computeVisible(
  model: DirectoryModel,
  filter: DirectoryFilter,
  inclusiveTags: boolean,
  within?: readonly (readonly number[])[],
): (readonly number[])[] {
  const query = normalise(filter.search);
  const chosen = filter.tags.map((t) => model.tags.indexOf(t));
  const { distance, tab, category } = filter;
  const inside = distance && !within ? insideFlags(model, distance) : null;
  return model.listRanges.map(([start, end], list) => {
    const categoryId = model.lists[list]?.categoryId;
    if ((tab !== null && categoryId !== tab) || (category !== null && categoryId !== category)) return EMPTY;
    const visible: number[] = [];
    if (within) {
      for (const i of within[list] ?? EMPTY) if ((model.searchText[i] as string).includes(query)) visible.push(i);
      return visible;
    }
    for (let i = start; i < end; i += 1) {
      if (inside && inside[i] === 0) continue;
      if (query && !(model.searchText[i] as string).includes(query)) continue;
      if (chosen.length > 0 && !tagsMatch(model.itemTags[i] as number[], chosen, inclusiveTags)) continue;
      visible.push(i);
    }
    return visible;
  });
}

const SEARCH_CACHE = 64;

/**
 * Per item index, 1 when the radius search's ids hold the item: the map's few ids are looked up
 * once, instead of every item of a large directory asking the set.
 */
function insideFlags(model: DirectoryModel, ids: ReadonlySet<number>): Uint8Array {
  const inside = new Uint8Array(model.items.length);
  for (const id of ids) {
    const index = model.indexById.get(id);
    if (index !== undefined) inside[index] = 1;
  }
  return inside;
}

/** The search as it is matched: trimmed, single spaces, lower case. */
function normalise(search: string): string {
  return search.trim().replace(/\s+/g, ' ').toLowerCase();
}

function sameExceptSearch(a: DirectoryFilter, b: DirectoryFilter): boolean {
  return a.tab === b.tab && a.category === b.category && a.tags === b.tags && a.distance === b.distance;
}

function tagsMatch(itemTags: readonly number[], chosen: readonly number[], inclusive: boolean): boolean {
  return inclusive ? chosen.every((t) => itemTags.includes(t)) : chosen.some((t) => itemTags.includes(t));
}

function sameItems(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}
