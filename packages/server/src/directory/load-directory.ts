import {
  encodeItem,
  type CompactItem,
  type DirectoryData,
  type DirectoryItem,
  type DirectoryList,
  type DirectorySettings,
} from '@waymark/protocol';
import type { Storage } from '../db/connect.js';
import { itemToPage, type ItemTransform } from './page-item.js';
import { directoryRows } from './store.js';

/**
 * Every category, list and item, in their set order, as the directory page's compact data:
 * items as tuples, with URLs and tags stored once and referred to by index.
 */
export async function loadDirectory(
  storage: Storage,
  settings: Pick<DirectorySettings, 'pagination' | 'perPage'>,
  transform?: ItemTransform,
): Promise<DirectoryData> {
  const { categories, lists, items: rows, itemTags: tagRows } = await directoryRows(storage);

  const tagsByItem = new Map<number, string[]>();
  for (const { item_id, name } of tagRows) {
    const bucket = tagsByItem.get(item_id);
    if (bucket) bucket.push(name);
    else tagsByItem.set(item_id, [name]);
  }

  // Lists in category order, then their own order: the order the page shows them in.
  const categoryOrder = new Map(categories.map((c, index) => [c.id, index]));
  const orderedLists = lists
    .filter((list) => categoryOrder.has(list.category_id))
    .sort((a, b) => (categoryOrder.get(a.category_id) ?? 0) - (categoryOrder.get(b.category_id) ?? 0));
  const pageLists: DirectoryList[] = orderedLists.map((list) => {
    const own = listSettings(list.settings);
    return {
      id: list.id,
      slug: list.slug,
      title: list.title,
      categoryId: list.category_id,
      paginate: own.paginate ?? settings.pagination,
      perPage: own.perPage ?? settings.perPage,
    };
  });
  const listIndex = new Map(pageLists.map((list, index) => [list.id, index]));

  const byList: DirectoryItem[][] = pageLists.map(() => []);
  for (const row of rows) {
    const index = listIndex.get(row.list_id);
    if (index !== undefined) byList[index]?.push(itemToPage(row, tagsByItem.get(row.id) ?? [], transform));
  }

  const tags = new Interner();
  const urls = new Interner();
  const items: CompactItem[] = [];
  byList.forEach((listItems, list) => {
    for (const item of listItems) items.push(encodeItem(item, list, urls.index, tags.index));
  });

  return { categories, lists: pageLists, tags: tags.values, urls: urls.values, items };
}

class Interner {
  readonly values: string[] = [];
  readonly #index = new Map<string, number>();
  index = (value: string): number => {
    let at = this.#index.get(value);
    if (at === undefined) {
      at = this.values.push(value) - 1;
      this.#index.set(value, at);
    }
    return at;
  };
}

function listSettings(json: string): { paginate?: boolean; perPage?: number } {
  try {
    const value = JSON.parse(json) as { paginate?: unknown; perPage?: unknown };
    return {
      ...(typeof value.paginate === 'boolean' ? { paginate: value.paginate } : {}),
      ...(Number.isInteger(value.perPage) && (value.perPage as number) > 0 ? { perPage: value.perPage as number } : {}),
    };
  } catch {
    return {};
  }
}
