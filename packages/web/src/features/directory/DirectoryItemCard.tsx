import { DIRECTORY } from '@waymark/protocol';
import { memo } from 'react';
import type { DirectoryItem } from '../../page-data.js';
import { useDirectory } from './directory-context.js';
import { itemAttributes } from './item-attributes.js';
import { ItemPhone } from '../../shared/item-phone.js';
import { UpvoteButton } from './UpvoteButton.js';

/** Links show only when the url is longer than 2 characters (directory spec, section 5). */
export const hasLink = (url: string) => url.length >= DIRECTORY.minUrlLengthForLink;

const mapSearch = (address: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;

export const DirectoryItemCard = memo(function DirectoryItemCard({
  item,
  index,
  hidden = false,
}: {
  item: DirectoryItem;
  index: number;
  /** On another page of its list. */
  hidden?: boolean;
}) {
  const { settings, openItem } = useDirectory();
  const titleId = `item-${item.id}-title`;
  const clickable = settings.clickableAddressAndPhone;
  return (
    <li
      id={`item-${item.id}`}
      className={item.paid ? 'dir-item dir-item--paid' : 'dir-item'}
      hidden={hidden}
      {...itemAttributes(item)}
    >
      <article aria-labelledby={titleId}>
        {item.image && (
          <img
            className="dir-item__image"
            src={item.image}
            alt=""
            width={480}
            height={320}
            loading="lazy"
            decoding="async"
          />
        )}
        <h4 id={titleId} className="dir-item__title">
          {hasLink(item.url) ? (
            <a href={item.url} rel="nofollow noopener">
              {item.title}
            </a>
          ) : (
            item.title
          )}
          {item.paid && <span className="dir-item__badge">Featured</span>}
          {item.marker && <img className="dir-item__marker" src={item.marker} alt="" width={16} height={16} />}
        </h4>
        {item.subtitle && <p className="dir-item__subtitle">{item.subtitle}</p>}
        <dl className="dir-item__facts">
          {item.address && (
            <>
              <dt>Address</dt>
              <dd>
                {clickable ? (
                  <a href={mapSearch(item.address)} target="_blank" rel="noopener">
                    {item.address}
                  </a>
                ) : (
                  item.address
                )}
              </dd>
            </>
          )}
          {item.phone && (
            <>
              <dt>Phone</dt>
              <dd>
                <ItemPhone item={item} clickable={clickable} />
              </dd>
            </>
          )}
          {item.hours && (
            <>
              <dt>Hours</dt>
              <dd>{item.hours}</dd>
            </>
          )}
        </dl>
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
        </div>
      </article>
    </li>
  );
});
