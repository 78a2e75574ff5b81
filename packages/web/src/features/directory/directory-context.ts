import type { DirectoryItem, DirectorySettings } from '@waymark/protocol';
import type { ReactNode } from 'react';
import type { DirectoryFilter } from '../../shared/directory-filter.js';
import { useSyncExternalStore } from 'react';
import { createRequiredContext } from '../../shared/required-context.js';
import type { DirectoryModel } from './directory-model.js';
import type { FilterStore, ListView } from './filter-store.js';
import type { ItemWindow, ViewportStore } from './viewport-store.js';
import type { VoteState, VotesStore } from './votes-store.js';

export interface DirectoryContextValue {
  model: DirectoryModel;
  filters: FilterStore;
  votes: VotesStore;
  viewport: ViewportStore;
  settings: DirectorySettings;
  /** Opens the item popup for the item at this index. */
  openItem(index: number): void;
  /** More controls in each item's actions, from other features (contact, bookmark), composed by the app. */
  renderItemActions?: ((item: DirectoryItem) => ReactNode) | undefined;
  /** Item titles carry their subtitle as a tooltip instead of showing it below (the embed field `tooltip`). */
  titleTooltips?: boolean | undefined;
}

export const [DirectoryProvider, useDirectory] = createRequiredContext<DirectoryContextValue>(
  'useDirectory',
  'DirectoryProvider',
);

/** One field of the filter: a component re-renders only when that field changes. */
export function useFilterField<K extends keyof DirectoryFilter>(key: K): DirectoryFilter[K] {
  const { filters } = useDirectory();
  const read = () => filters.filter()[key];
  return useSyncExternalStore(filters.subscribe, read, read);
}

/** A list's view: live while the card is near the screen, as last settled while it is far. */
export function useListView(list: number, near: boolean): ListView {
  const { filters } = useDirectory();
  const read = near ? () => filters.listView(list) : () => filters.settledView(list);
  return useSyncExternalStore(filters.subscribe, read, read);
}

export function useVote(id: number): VoteState {
  const { votes } = useDirectory();
  const read = () => votes.get(id);
  return useSyncExternalStore(votes.subscribe, read, read);
}

/** The items of a list card near the screen, or null when the card is far from it. */
export function useItemWindow(list: number): ItemWindow | null {
  const { viewport } = useDirectory();
  const read = () => viewport.windowOf(list);
  return useSyncExternalStore(viewport.subscribe, read, read);
}
