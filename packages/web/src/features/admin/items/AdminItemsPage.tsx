import { useId } from 'react';
import type { AdminItemQuery, AdminItemSort } from '@waymark/protocol';
import { DoneNote } from '../../../shared/DoneNote.js';
import { usePageData } from '../../../shared/page-context.js';
import './admin-items.css';

const COLUMNS: { sort: AdminItemSort; label: string }[] = [
  { sort: 'title', label: 'Title' },
  { sort: 'subtitle', label: 'Subtitle' },
  { sort: 'address', label: 'Address' },
  { sort: 'list', label: 'List' },
  { sort: 'updated', label: 'Updated' },
];

/** The table's address for a query: defaults left out, so addresses stay short. */
export function itemsHref(query: AdminItemQuery, change: Partial<AdminItemQuery> = {}, path = '/admin/items'): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  if (next.list !== null) params.set('list', String(next.list));
  if (next.sort !== 'updated') params.set('sort', next.sort);
  params.set('dir', next.dir);
  if (next.page > 1) params.set('page', String(next.page));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The item table: searched, filtered, sorted and paged on the server, so it stays fast at any
 * size; every control is a link or a GET form, so it works without a script too.
 */
export function AdminItemsPage() {
  const data = usePageData('admin-items');
  const id = useId();
  if (!data) return null;
  const { query, total, perPage } = data;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = total === 0 ? 0 : (query.page - 1) * perPage + 1;
  const last = Math.min(total, query.page * perPage);
  return (
    <section className="panel admin-items" aria-labelledby={`${id}-title`}>
      <div className="admin-items__head">
        <h1 id={`${id}-title`}>Items</h1>
        <p className="admin-items__actions">
          <a href="/admin/items/new">Add an item</a>
          <a href="/admin/items/import">Import CSV</a>
          <a href={itemsHref(query, { page: 1 }, '/admin/items/export.csv')} download>
            Export CSV
          </a>
        </p>
      </div>
      <DoneNote message={data.done} />
      <form method="get" action="/admin/items" className="admin-items__search" role="search">
        <div className="form-field">
          <label htmlFor={`${id}-q`}>Search title, subtitle or address</label>
          <input id={`${id}-q`} name="q" type="search" defaultValue={query.q} maxLength={200} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-list`}>List</label>
          <select id={`${id}-list`} name="list" defaultValue={query.list ?? ''}>
            <option value="">Every list</option>
            {data.lists.map((list) => (
              <option key={list.id} value={list.id}>
                {list.title}
              </option>
            ))}
          </select>
        </div>
        <input type="hidden" name="sort" value={query.sort} />
        <input type="hidden" name="dir" value={query.dir} />
        <button type="submit">Search</button>
      </form>
      <p id={`${id}-count`}>
        {total === 0
          ? 'No items match.'
          : `Items ${first.toLocaleString('en')}–${last.toLocaleString('en')} of ${total.toLocaleString('en')}`}
      </p>
      <div className="admin-items__scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
        <table className="admin-items__table">
          <caption id={`${id}-caption`} className="visually-hidden">
            Items, sorted by {COLUMNS.find((c) => c.sort === query.sort)?.label.toLowerCase()},{' '}
            {query.dir === 'asc' ? 'ascending' : 'descending'}
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Picture</span>
              </th>
              {COLUMNS.map((column) => {
                const sorted = query.sort === column.sort;
                const dir =
                  sorted && query.dir === 'asc' ? 'desc' : sorted ? 'asc' : column.sort === 'updated' ? 'desc' : 'asc';
                return (
                  <th
                    key={column.sort}
                    scope="col"
                    aria-sort={sorted ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    <a href={itemsHref(query, { sort: column.sort, dir, page: 1 })}>
                      {column.label}
                      <span aria-hidden="true" className="admin-items__arrow">
                        {sorted ? (query.dir === 'asc' ? ' ▲' : ' ▼') : ''}
                      </span>
                    </a>
                  </th>
                );
              })}
              <th scope="col">Paid</th>
              <th scope="col">Featured</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.id}>
                <td>{row.thumb && <img src={row.thumb} alt="" width={40} height={40} loading="lazy" />}</td>
                <th scope="row">
                  <a href={`/admin/items/${row.id}`}>{row.title}</a>
                </th>
                <td>{row.subtitle}</td>
                <td>{row.address}</td>
                <td>{row.list}</td>
                <td>
                  <time dateTime={row.updatedAt}>{row.updatedAt.slice(0, 10)}</time>
                </td>
                <td>{row.paid ? 'Paid' : ''}</td>
                <td>{row.featured ? 'Featured' : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav aria-label="Item pages" className="admin-items__pages">
          {query.page > 1 && <a href={itemsHref(query, { page: query.page - 1 })}>Previous page</a>}
          <span>
            Page {query.page.toLocaleString('en')} of {pages.toLocaleString('en')}
          </span>
          {query.page < pages && <a href={itemsHref(query, { page: query.page + 1 })}>Next page</a>}
        </nav>
      )}
    </section>
  );
}
