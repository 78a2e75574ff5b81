import { memo } from 'react';
import { useDirectory, useItemWindow, useListView } from './directory-context.js';
import { DirectoryItemCard } from './DirectoryItemCard.js';

const PAGER_HEIGHT = 48;

/**
 * One list card: its visible items, one page of them when the list paginates, or as many as
 * "Show more" has opened. In a windowed directory only the items near the screen are rendered;
 * spacers keep the height the others would take.
 */
export const ListCard = memo(function ListCard({ list }: { list: number }) {
  const { model, filters, viewport } = useDirectory();
  const info = model.lists[list];
  const near = useItemWindow(list);
  const view = useListView(list, near !== null);
  if (!info) return null;

  const total = view.visible.length;
  const pages = info.paginate ? Math.max(1, Math.ceil(total / info.perPage)) : 1;
  const page = Math.min(view.page, pages);
  const first = info.paginate ? (page - 1) * info.perPage : 0;
  const end = Math.min(total, info.paginate ? page * info.perPage : view.limit);
  const shownCount = Math.max(0, end - first);
  // A small directory renders every item and hides those of other pages; a windowed one
  // renders the current page's items near the screen only.
  const from = viewport.windowed ? first + Math.min(shownCount, near?.[0] ?? shownCount) : 0;
  const to = viewport.windowed ? first + Math.min(shownCount, near?.[1] ?? 0) : total;
  const rendered = view.visible.slice(from, Math.max(from, to));
  const itemHeight = viewport.itemHeight();
  const before = viewport.windowed ? Math.round((from - first) * itemHeight) : 0;
  const after = viewport.windowed ? Math.round((first + shownCount - Math.max(from, to)) * itemHeight) : 0;
  const titleId = `list-${info.id}-title`;
  if (total === 0) return <section className="dir-list" id={`list-${info.id}`} data-list={list} hidden />;

  return (
    <section className="dir-list" id={`list-${info.id}`} data-list={list} aria-labelledby={titleId}>
      <h3 id={titleId} className="dir-list__title">
        {info.title} <span className="dir-list__count">({total})</span>
      </h3>
      {before > 0 && <div className="dir-list__spacer" style={{ height: before }} />}
      {rendered.length > 0 && (
        <ul className="dir-list__items">
          {rendered.map((index, at) => {
            const item = model.items[index];
            const hidden = !viewport.windowed && (at < first || at >= end);
            return item ? <DirectoryItemCard key={item.id} item={item} index={index} hidden={hidden} /> : null;
          })}
        </ul>
      )}
      {after > 0 && <div className="dir-list__spacer" style={{ height: after }} />}
      {info.paginate && pages > 1 && (
        <nav className="dir-pager" aria-label={`Pages of ${info.title}`} style={{ minHeight: PAGER_HEIGHT }}>
          <button type="button" disabled={page <= 1} onClick={() => filters.setPage(list, page - 1)}>
            Previous<span className="visually-hidden"> page of {info.title}</span>
          </button>
          <span className="dir-pager__status" aria-live="polite">
            Page {page} of {pages}
          </span>
          <button type="button" disabled={page >= pages} onClick={() => filters.setPage(list, page + 1)}>
            Next<span className="visually-hidden"> page of {info.title}</span>
          </button>
        </nav>
      )}
      {!info.paginate && total > shownCount && (
        <button type="button" className="dir-list__more" onClick={() => filters.showMore(list)}>
          Show more<span className="visually-hidden"> of {info.title}</span> ({total - shownCount} more)
        </button>
      )}
    </section>
  );
});
