import { useId } from 'react';
import { usePageData } from '../../app/page-context.js';
import { ItemPhone } from '../../shared/item-phone.js';
import { ReviewThread } from './ReviewThread.js';

/** An item's own page: what the directory says of it, and its reviews. */
export function ItemPage() {
  const data = usePageData('item');
  const id = useId();
  if (!data) return null;
  const { item } = data;
  return (
    <>
      <article className="panel item-page" aria-labelledby={`${id}-title`}>
        <p>
          <a href="/">← Back to the directory</a>
        </p>
        <h1 id={`${id}-title`}>{item.title}</h1>
        {item.subtitle && <p className="item-page__subtitle">{item.subtitle}</p>}
        {item.image && <img className="item-page__image" src={item.image} alt="" />}
        <dl className="item-page__facts">
          {item.address && (
            <>
              <dt>Address</dt>
              <dd>
                {item.address}
                {item.locality && `, ${item.locality}`}
              </dd>
            </>
          )}
          {item.phone && (
            <>
              <dt>Phone</dt>
              <dd>
                <ItemPhone item={item} clickable />
              </dd>
            </>
          )}
          {item.hours && (
            <>
              <dt>Hours</dt>
              <dd>{item.hours}</dd>
            </>
          )}
          {/^https?:\/\//i.test(item.url) && (
            <>
              <dt>Website</dt>
              <dd>
                <a href={item.url} rel="nofollow noopener">
                  {item.url}
                </a>
              </dd>
            </>
          )}
        </dl>
        {/* Sanitized by the server, contacts encoded for this visitor. */}
        {item.content && <div className="item-page__content" dangerouslySetInnerHTML={{ __html: item.content }} />}
      </article>
      <ReviewThread thread={data.reviews} />
    </>
  );
}
