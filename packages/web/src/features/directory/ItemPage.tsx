import { useId } from 'react';
import { usePageData } from '../../shared/page-context.js';
import { ItemFacts } from './ItemFacts.js';
import './item-page.css';

/** An item's own page: what the directory says of it. The app puts its reviews under it. */
export function ItemPage() {
  const data = usePageData('item');
  const id = useId();
  if (!data) return null;
  const { item } = data;
  return (
    <article className="panel item-page" aria-labelledby={`${id}-title`}>
      <p>
        <a href="/">← Back to the directory</a>
      </p>
      <h1 id={`${id}-title`}>{item.title}</h1>
      {item.subtitle && <p className="item-page__subtitle">{item.subtitle}</p>}
      {item.image && <img className="item-page__image" src={item.image} alt={item.imageAlt} />}
      <ItemFacts item={item} className="item-page__facts" linkAddress={false} linkPhone detailed />
      {/* Sanitized by the server, contacts encoded for this visitor. */}
      {item.content && <div className="item-page__content" dangerouslySetInnerHTML={{ __html: item.content }} />}
    </article>
  );
}
