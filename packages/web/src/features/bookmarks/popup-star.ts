import type { DirectoryItem } from '@waymark/protocol';
import type { BookmarkStore } from './bookmarks-store.js';
import './bookmarks.css';

/**
 * The star in the item popup, whose content is the server's HTML rather than React: a button
 * put after the popup's title, kept in step with every other star of the item. Answers how to
 * take it away when the popup closes.
 */
export function popupStar(store: BookmarkStore) {
  return (content: HTMLElement, item: DirectoryItem): (() => void) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'bookmark-star qcpd-popup__bookmark';
    button.setAttribute('aria-label', `Favourite: ${item.title}`);
    const star = document.createElement('span');
    star.setAttribute('aria-hidden', 'true');
    button.append(star);
    const sync = () => {
      const state = store.get(item.id);
      button.dataset.bookmarked = String(state);
      button.setAttribute('aria-pressed', String(state === 1));
      button.classList.toggle('bookmark-star--on', state === 1);
      star.textContent = state ? '★' : '☆';
    };
    const click = () => void store.toggle(item.id);
    sync();
    const unsubscribe = store.subscribe(sync);
    button.addEventListener('click', click);
    const title = content.querySelector('.qcpd-popup__title');
    if (title) title.after(button);
    else content.prepend(button);
    return () => {
      unsubscribe();
      button.removeEventListener('click', click);
      button.remove();
    };
  };
}
