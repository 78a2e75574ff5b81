import { decodeItem } from '../../compact-item.js';
import type { DirectoryCategory, DirectoryData, DirectoryItem, DirectoryList } from '../../page-data.js';

/**
 * The directory as the page works with it: items decoded once from the compact page data, each
 * list's items as one contiguous range, and what filtering needs precomputed per item (the
 * lower-cased search text and the tag numbers), so a keystroke only compares.
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
  /** Per item: title, subtitle, address, phone, hours, link, tags, custom text and list title. */
  searchText: string[];
  /** Per item: indexes into `tags`. */
  itemTags: number[][];
  /** Per list: [first item index, one past the last). */
  listRanges: Array<[number, number]>;
  indexById: Map<number, number>;
}

export function buildModel(data: DirectoryData): DirectoryModel {
  const n = data.items.length;
  const items: DirectoryItem[] = new Array<DirectoryItem>(n);
  const itemList = new Int32Array(n);
  const itemCategory = new Int32Array(n);
  const searchText: string[] = new Array<string>(n);
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
    searchText[index] = [
      item.title,
      item.subtitle,
      item.address,
      item.locality,
      item.phone,
      item.hours,
      item.url,
      item.tags.join(' '),
      plainText(item.content),
      data.lists[list]?.title ?? '',
    ]
      // Fields apart, so a search never matches across two of them.
      .map((text) => text.replace(/\s+/g, ' '))
      .join('\n')
      .toLowerCase();
    const range = listRanges[list];
    if (range) {
      if (range[1] === 0) range[0] = index;
      range[1] = index + 1;
    }
  });

  return {
    categories: data.categories,
    lists: data.lists,
    tags: data.tags,
    items,
    itemList,
    itemCategory,
    searchText,
    itemTags,
    listRanges,
    indexById,
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The text of sanitized HTML, for searching: tags dropped, the common entities read. */
export function plainText(html: string): string {
  if (!html) return '';
  return html.replace(/<[^>]*>/g, ' ').replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '');
}
