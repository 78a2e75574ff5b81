import { CALLS, type BookmarkView } from '@waymark/protocol';
import { useShield } from '@waymark/shield/react';
import { useState } from 'react';
import { usePageData } from '../../shared/page-context.js';
import './bookmarks.css';

/** The bookmark list: the signed-in user's favourites; removing one takes its row away. */
export function BookmarksPage() {
  const data = usePageData('bookmarks');
  const { request } = useShield();
  const [items, setItems] = useState<BookmarkView[]>(data?.items ?? []);
  const [said, setSaid] = useState('');

  async function remove(item: BookmarkView) {
    try {
      await request(CALLS.bookmarkRemove, { post_id: String(item.id), item_code: String(item.id), userid: '' });
      setItems((rows) => rows.filter((row) => row.id !== item.id));
      setSaid(`${item.title} was removed from your favourites.`);
    } catch {
      setSaid(`${item.title} could not be removed. Please try again.`);
    }
  }

  return (
    <section className="panel bookmarks" aria-labelledby="bookmarks-title">
      <h1 id="bookmarks-title">Your favourites</h1>
      {items.length === 0 ? (
        <p>You have no favourites yet. Mark an item with its star to keep it here.</p>
      ) : (
        <ul className="bookmarks__list">
          {items.map((item) => (
            <li key={item.id} className="bookmarks__row" data-bookmark-item={item.id}>
              <div>
                <a href={`/items/${item.id}`}>{item.title}</a>
                {item.subtitle && <p className="bookmarks__subtitle">{item.subtitle}</p>}
              </div>
              <button
                type="button"
                className="bookmark-star bookmark-star--on"
                aria-label={`Remove ${item.title} from your favourites`}
                onClick={() => void remove(item)}
              >
                <span aria-hidden="true">★</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div role="status" className="bookmarks__status">
        {said && <p>{said}</p>}
      </div>
    </section>
  );
}
