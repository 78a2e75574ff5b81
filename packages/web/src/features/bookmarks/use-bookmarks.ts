import { useShield } from '@waymark/shield/react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { usePageContext } from '../../shared/page-context.js';
import { createBookmarkStore, promptToSignIn, type BookmarkStore } from './bookmarks-store.js';

/** The page's bookmark store; a signed-in user's bookmarks are read once the page runs. */
export function useBookmarkStore(): BookmarkStore {
  const { request } = useShield();
  const { user } = usePageContext();
  const [store] = useState(() => createBookmarkStore(request, promptToSignIn));
  useEffect(() => {
    if (user) void store.load().catch(() => undefined);
  }, [store, user]);
  return store;
}

export function useBookmarked(store: BookmarkStore, id: number): 0 | 1 {
  const read = () => store.get(id);
  return useSyncExternalStore(store.subscribe, read, () => 0);
}
