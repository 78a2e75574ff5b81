import {
  decodeItem,
  type DirectoryCategory,
  type DirectoryData,
  type DirectoryItem,
  type DirectoryList,
} from '@waymark/protocol';

/**
 * The directory as the page works with it: items decoded once from the compact page data, each
 * list's items as one contiguous range, and what filtering needs precomputed per item (the
 * lower-cased search text and the tag numbers), so a keystroke only compares. The search texts
 * are made when first asked for, or a slice at a time while the browser is idle
 * (`prepareSearch`), so making them never delays the page's start.
 */
export interface DirectoryModel {
  categories: DirectoryCategory[];
  lists: DirectoryList[];
  tags: string[];
  items: DirectoryItem[];
  /** Per item: the index of its list. */
  itemList: Int32Array;
  /** Per item: its category id. */
  itemCategory: Int32Array;
  /**
   * Per item: title, subtitle, address, phone, hours, link, tags, custom text and list title,
   * lower-cased; made on first reading unless `searchTexts` made them already.
   */
  readonly searchText: readonly string[];
  /** What makes `searchText`, all at once or a slice at a time. */
  readonly searchTexts: SearchTexts;
  /** Per item: indexes into `tags`. */
  itemTags: number[][];
  /** Per list: [first item index, one past the last). */
  listRanges: Array<[number, number]>;
  indexById: Map<number, number>;
}

/** The item's own text fields the live search reads, besides its tags and custom text. */
const SEARCHED_FIELDS = ['title', 'subtitle', 'address', 'locality', 'phone', 'hours', 'url'] as const;

export function buildModel(data: DirectoryData): DirectoryModel {
  const n = data.items.length;
  const items: DirectoryItem[] = new Array<DirectoryItem>(n);
  const itemList = new Int32Array(n);
  const itemCategory = new Int32Array(n);
  const itemTags: number[][] = new Array<number[]>(n);
  const listRanges: Array<[number, number]> = data.lists.map(() => [0, 0]);
  const indexById = new Map<number, number>();

  data.items.forEach((compact, index) => {
    const item = decodeItem(compact, data.urls, data.tags);
    const list = compact[1];
    items[index] = item;
    itemList[index] = list;
    itemCategory[index] = data.lists[list]?.categoryId ?? 0;
    itemTags[index] = compact[14];
    indexById.set(item.id, index);
    const range = listRanges[list];
    if (range) {
      if (range[1] === 0) range[0] = index;
      range[1] = index + 1;
    }
  });

  const search = new SearchTexts(items, itemList, data.lists);
  return {
    categories: data.categories,
    lists: data.lists,
    tags: data.tags,
    items,
    itemList,
    itemCategory,
    get searchText() {
      return search.all();
    },
    searchTexts: search,
    itemTags,
    listRanges,
    indexById,
  };
}

/** The search texts of a model's items, made in order: all at once, or a slice at a time. */
export class SearchTexts {
  readonly #texts: string[] = [];
  constructor(
    private readonly items: readonly DirectoryItem[],
    private readonly itemList: Int32Array,
    private readonly lists: readonly DirectoryList[],
  ) {}

  get done(): boolean {
    return this.#texts.length === this.items.length;
  }

  /** Makes up to `count` more texts. */
  make(count: number): void {
    const texts = this.#texts;
    const end = Math.min(this.items.length, texts.length + count);
    for (let i = texts.length; i < end; i += 1) {
      texts.push(searchTextOf(this.items[i] as DirectoryItem, this.lists[this.itemList[i] as number]?.title ?? ''));
    }
  }

  all(): readonly string[] {
    if (!this.done) this.make(Infinity);
    return this.#texts;
  }
}

/** One item's search text: its fields apart, so a search never matches across two of them. */
function searchTextOf(item: DirectoryItem, listTitle: string): string {
  return [...SEARCHED_FIELDS.map((field) => item[field]), item.tags.join(' '), plainText(item.content), listTitle]
    .map((text) => text.replace(/\s+/g, ' '))
    .join('\n')
    .toLowerCase();
}

/** Items whose search text is made per idle slice. */
const SLICE = 250;

interface IdleScheduler {
  requestIdleCallback?: (run: (deadline: { timeRemaining(): number }) => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Makes the model's search texts while the browser is idle, a slice at a time, so the first
 * keystroke finds them ready and no long task blocks the page meanwhile. A search before they
 * are done makes the rest at once. Answers the function that stops it.
 */
export function prepareSearch(
  model: DirectoryModel,
  scheduler: IdleScheduler = globalThis as IdleScheduler,
): () => void {
  const search = model.searchTexts;
  if (search.done) return () => {};
  let handle: unknown = null;
  let stopped = false;
  const idle = scheduler.requestIdleCallback?.bind(scheduler);
  const step = (deadline?: { timeRemaining(): number }) => {
    if (stopped) return;
    do {
      search.make(SLICE);
    } while (!search.done && deadline && deadline.timeRemaining() > 8);
    if (!search.done) next();
  };
  const next = () => {
    handle = idle ? idle(step, { timeout: 2_000 }) : scheduler.setTimeout(() => step(), 50);
  };
  next();
  return () => {
    stopped = true;
    if (idle && typeof handle === 'number') scheduler.cancelIdleCallback?.(handle);
    else if (handle !== null) scheduler.clearTimeout(handle);
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The text of sanitized HTML, for searching: tags dropped, the common entities read. */
export function plainText(html: string): string {
  if (!html) return '';
  return html.replace(/<[^>]*>/g, ' ').replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '');
}
