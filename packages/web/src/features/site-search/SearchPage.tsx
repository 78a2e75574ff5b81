import { useId } from 'react';
import { usePageData } from '../../shared/page-context.js';
import { TYPE_LABELS } from './labels.js';
import './site-search.css';

/**
 * The site search's results: where the header's search form goes without scripts, and with a
 * script when Enter is pressed with no suggestion chosen.
 */
export function SearchPage() {
  const data = usePageData('search');
  const id = useId();
  if (!data) return null;
  return (
    <section className="panel site-search-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Search</h1>
      <form method="get" action="/search" role="search" className="site-search-page__form">
        <label htmlFor={`${id}-q`}>Search the site</label>
        <input id={`${id}-q`} type="search" name="q" defaultValue={data.query} maxLength={200} />
        <button type="submit">Search</button>
      </form>
      {data.message && <p role="status">{data.message}</p>}
      {data.hits.length > 0 && (
        <>
          <h2>
            {data.hits.length} result{data.hits.length === 1 ? '' : 's'} for “{data.query.trim()}”
          </h2>
          <ul className="site-search-page__hits">
            {data.hits.map((hit) => (
              <li key={`${hit.type}:${hit.id}`}>
                <a href={hit.url}>{hit.title}</a> <span className="site-search__type">{TYPE_LABELS[hit.type]}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
