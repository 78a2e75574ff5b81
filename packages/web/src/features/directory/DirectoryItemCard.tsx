import { DIRECTORY, type DirectoryItem } from '@waymark/protocol';
import { memo } from 'react';
import { useDirectory } from './directory-context.js';
import { ItemFacts } from './ItemFacts.js';
import { itemAttributes } from './item-attributes.js';
import { UpvoteButton } from './UpvoteButton.js';

/** Links show only when the url is longer than 2 characters (directory spec, section 5). */
export const hasLink = (url: string) => url.length >= DIRECTORY.minUrlLengthForLink;

export const DirectoryItemCard = memo(function DirectoryItemCard({
  item,
  index,
  lead = false,
}: {
  item: DirectoryItem;
  index: number;
  /** At the top of the page: its picture is likely the largest thing of the first screen, so it loads at once. */
  lead?: boolean;
}) {
  const { settings, openItem, renderItemActions, titleTooltips } = useDirectory();
  const titleId = `item-${item.id}-title`;
  // The tooltip (WAI-ARIA APG "Tooltip"): it describes the title's focusable element.
  const tipId = titleTooltips && item.subtitle ? `item-${item.id}-tip` : undefined;
  const clickable = settings.clickableAddressAndPhone;
  return (
    <li id={`item-${item.id}`} className={item.paid ? 'dir-item dir-item--paid' : 'dir-item'} {...itemAttributes(item)}>
      <article aria-labelledby={titleId}>
        {item.image && (
          <img
            className="dir-item__image"
            src={item.image}
            alt={item.imageAlt}
            width={480}
            height={320}
            loading={lead ? 'eager' : 'lazy'}
            fetchPriority={lead ? 'high' : 'auto'}
            decoding="async"
          />
        )}
        <h4 id={titleId} className="dir-item__title">
          {hasLink(item.url) ? (
            <a href={item.url} rel="nofollow noopener" aria-describedby={tipId}>
              {item.title}
            </a>
          ) : tipId ? (
            // A title without a link still takes focus, so the keyboard reaches its tooltip too.
            <span tabIndex={0} aria-describedby={tipId}>
              {item.title}
            </span>
          ) : (
            item.title
          )}
          {item.featured && <span className="dir-item__badge">Featured</span>}
          {item.marker && <img className="dir-item__marker" src={item.marker} alt="" width={16} height={16} />}
        </h4>
        {tipId ? (
          <span role="tooltip" id={tipId} className="dir-item__tooltip">
            {item.subtitle}
          </span>
        ) : (
          item.subtitle && <p className="dir-item__subtitle">{item.subtitle}</p>
        )}
        <ItemFacts item={item} className="dir-item__facts" linkAddress={clickable} linkPhone={clickable} />
        {item.tags.length > 0 && (
          <ul className="dir-item__tags" aria-label="Tags">
            {item.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        )}
        {item.content && <div className="dir-item__content" dangerouslySetInnerHTML={{ __html: item.content }} />}
        <div className="dir-item__actions">
          <button
            type="button"
            className="dir-item__details"
            aria-label={`${settings.viewDetailsText}: ${item.title}`}
            aria-haspopup="dialog"
            onClick={() => openItem(index)}
          >
            {settings.viewDetailsText}
          </button>
          <a className="dir-item__reviews" href={`/items/${item.id}#reviews`} aria-label={`Reviews of ${item.title}`}>
            Reviews
          </a>
          {settings.upvotes && <UpvoteButton item={item} />}
          {renderItemActions?.(item)}
        </div>
      </article>
    </li>
  );
});
