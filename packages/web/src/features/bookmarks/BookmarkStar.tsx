import type { BookmarkStore } from './bookmarks-store.js';
import { useBookmarked } from './use-bookmarks.js';
import './bookmarks.css';

/** An item's bookmark star: outline when not bookmarked (0), filled when bookmarked (1). */
export function BookmarkStar({ store, id, title }: { store: BookmarkStore; id: number; title: string }) {
  const state = useBookmarked(store, id);
  return (
    <button
      type="button"
      className={state ? 'bookmark-star bookmark-star--on' : 'bookmark-star'}
      aria-pressed={state === 1}
      aria-label={`Favourite: ${title}`}
      data-bookmarked={state}
      onClick={() => void store.toggle(id)}
    >
      <span aria-hidden="true">{state ? '★' : '☆'}</span>
    </button>
  );
}
