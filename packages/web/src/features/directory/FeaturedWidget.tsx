import { useDirectory } from './directory-context.js';
import { UpvoteButton } from './UpvoteButton.js';

const FEATURED = 5;

/**
 * The first featured items (a featured listing bought, or marked by an administrator): a third
 * copy of those items, with their votes. A paid listing alone does not place an item here.
 */
export function FeaturedWidget() {
  const { model, settings, openItem } = useDirectory();
  const featured: number[] = [];
  for (let i = 0; i < model.items.length && featured.length < FEATURED; i += 1) {
    if (model.items[i]?.featured) featured.push(i);
  }
  if (featured.length === 0) return null;
  return (
    <aside className="dir-featured" aria-labelledby="dir-featured-title">
      <h2 id="dir-featured-title">Featured places</h2>
      <ul>
        {featured.map((index) => {
          const item = model.items[index];
          if (!item) return null;
          return (
            <li key={item.id} className="dir-featured__item" data-featured-item={item.id}>
              <button
                type="button"
                className="dir-featured__open"
                aria-haspopup="dialog"
                onClick={() => openItem(index)}
              >
                {item.title}
              </button>
              {settings.upvotes && <UpvoteButton item={item} />}
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
