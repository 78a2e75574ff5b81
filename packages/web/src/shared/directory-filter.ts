import type { DirectoryItem } from '@waymark/protocol';

/**
 * The directory's one source of truth for what is visible, as other features see it. The
 * directory feature owns the store; the app hands it to the map, which reads the visible items
 * and the shown tab from it and writes its radius search back into it.
 */

export interface DirectoryFilter {
  /** The category id of the shown tab, or null when the directory has no tabs. */
  tab: number | null;
  /** The category id chosen in the category filter, or null for all. */
  category: number | null;
  /** Chosen tag names; empty means every tag. */
  tags: readonly string[];
  /** The live search text as typed. */
  search: string;
  /** Ids of the items inside the radius search, or null when there is none. */
  distance: ReadonlySet<number> | null;
}

export interface DirectoryFilterStore {
  filter(): DirectoryFilter;
  /** Calls `listener` after every change; answers the function that stops it. */
  subscribe(listener: () => void): () => void;
  /** Ids of the items every filter lets through, in page order (a stable array until it changes). */
  visibleIds(): readonly number[];
  /** Every item of the directory, in page order: the store's own array, never a copy. */
  items(): readonly DirectoryItem[];
  /** The item with this id. */
  item(id: number): DirectoryItem | undefined;
  /** The map's radius search: the ids inside the circle, or null to clear it. */
  setDistance(ids: ReadonlySet<number> | null): void;
}
