import { embedModalLink } from '@waymark/protocol';
import { memo, useEffect, useRef, type MouseEvent } from 'react';
import { usePageAddress, type PageAddress } from '../../shared/page-address.js';
import { usePageContext } from '../../shared/page-context.js';
import { listPageParam } from './create-stores.js';
import { useDirectory, useItemWindow, useListView } from './directory-context.js';
import { DirectoryItemCard } from './DirectoryItemCard.js';

const PAGER_HEIGHT = 48;
/** How long after "Show more" the first new item may still take the focus (a windowed card draws it a frame later). */
const FOCUS_WAIT_MS = 1_000;

/**
 * One list card: one page of its visible items. A paginated list shows the page its pager is
 * at; any other list shows its first page and one more per "Show more". Only what is shown is
 * rendered, and in a windowed directory only the shown items near the screen, with spacers of
 * the height the others would take. Without a script the pager and "Show more" still work:
 * each is a form that reloads the page with the list's page in the address (`page-<list id>`).
 * A `lead` card is one at the top of the page: its first item's picture loads at once.
 */
export const ListCard = memo(function ListCard({ list, lead = false }: { list: number; lead?: boolean }) {
  const { model, filters, viewport } = useDirectory();
  const address = usePageAddress();
  const administrator = usePageContext().user?.role === 'administrator';
  const info = model.lists[list];
  const near = useItemWindow(list);
  const view = useListView(list, near !== null);
  const focusNext = useRef<{ id: number; until: number } | null>(null);

  // "Show more" moves the focus to the first item it showed, where the button was: a keyboard
  // or screen reader user reads on from there, and the button waits below the new items.
  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    if (Date.now() > next.until) {
      focusNext.current = null;
      return;
    }
    const article = document.getElementById(`item-${next.id}`)?.querySelector('article');
    if (!article) return;
    focusNext.current = null;
    article.tabIndex = -1;
    article.addEventListener('blur', () => article.removeAttribute('tabindex'), { once: true });
    // It starts where the button was: when that is on screen the page stays where it is.
    const top = article.getBoundingClientRect().top;
    article.focus({ preventScroll: top >= 0 && top < window.innerHeight });
  });

  if (!info) return null;

  const total = view.visible.length;
  const perPage = info.paginate ? info.perPage : filters.options.chunk;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(view.page, pages);
  const first = info.paginate ? (page - 1) * perPage : 0;
  const end = Math.min(total, info.paginate ? page * perPage : view.limit);
  const shownCount = Math.max(0, end - first);
  // A windowed directory renders the shown items near the screen only.
  const from = viewport.windowed ? first + Math.min(shownCount, near?.[0] ?? shownCount) : first;
  const to = viewport.windowed ? first + Math.min(shownCount, near?.[1] ?? 0) : end;
  const rendered = view.visible.slice(from, Math.max(from, to));
  const itemHeight = viewport.itemHeight();
  const before = viewport.windowed ? Math.round((from - first) * itemHeight) : 0;
  const after = viewport.windowed ? Math.round((first + shownCount - Math.max(from, to)) * itemHeight) : 0;
  const titleId = `list-${info.id}-title`;
  if (total === 0) return <section className="dir-list" id={`list-${info.id}`} data-list={list} hidden />;

  const param = listPageParam(info.id);
  const left = total - end;
  const more = Math.min(perPage, left);
  const firstNew = model.items[view.visible[end] ?? -1];
  const showMore = (event: MouseEvent) => {
    event.preventDefault();
    if (firstNew) focusNext.current = { id: firstNew.id, until: Date.now() + FOCUS_WAIT_MS };
    filters.showMore(list);
  };
  const turnTo = (target: number) => (event: MouseEvent) => {
    event.preventDefault();
    filters.setPage(list, target);
  };

  return (
    <section className="dir-list" id={`list-${info.id}`} data-list={list} aria-labelledby={titleId}>
      <h3 id={titleId} className="dir-list__title">
        {info.title} <span className="dir-list__count">({total})</span>
      </h3>
      {/* The modal's id is an address for the back office to act on, not a place to scroll to. */}
      {administrator && (
        <a className="dir-list__embed" href={embedModalLink(info.id)} data-no-scroll="">
          Embed<span className="visually-hidden"> {info.title}</span>
        </a>
      )}
      {before > 0 && <div className="dir-list__spacer" style={{ height: before }} />}
      {rendered.length > 0 && (
        <ul className="dir-list__items">
          {rendered.map((index, at) => {
            const item = model.items[index];
            return item ? (
              <DirectoryItemCard key={item.id} item={item} index={index} lead={lead && at === 0 && from === 0} />
            ) : null;
          })}
        </ul>
      )}
      {after > 0 && <div className="dir-list__spacer" style={{ height: after }} />}
      {info.paginate && pages > 1 && (
        <nav className="dir-pager" aria-label={`Pages of ${info.title}`} style={{ minHeight: PAGER_HEIGHT }}>
          <form className="dir-pager__form" method="get" action={`#list-${info.id}`}>
            <KeptQuery address={address} without={param} />
            <button type="submit" name={param} value={page - 1} disabled={page <= 1} onClick={turnTo(page - 1)}>
              Previous<span className="visually-hidden"> page of {info.title}</span>
            </button>
            <span className="dir-pager__status" aria-live="polite">
              Page {page} of {pages}
            </span>
            <button type="submit" name={param} value={page + 1} disabled={page >= pages} onClick={turnTo(page + 1)}>
              Next<span className="visually-hidden"> page of {info.title}</span>
            </button>
          </form>
        </nav>
      )}
      {!info.paginate && left > 0 && (
        <form className="dir-list__more-form" method="get" action={firstNew ? `#item-${firstNew.id}` : undefined}>
          <KeptQuery address={address} without={param} />
          <button
            type="submit"
            className="dir-list__more"
            name={param}
            value={Math.ceil(end / perPage) + 1}
            onClick={showMore}
          >
            Show {more} more<span className="visually-hidden"> of {info.title}</span> ({left} left)
          </button>
        </form>
      )}
    </section>
  );
});

/** The page's query string as hidden fields, less one name: a form's GET keeps the rest of the view. */
function KeptQuery({ address, without }: { address: PageAddress; without: string }) {
  return (
    <>
      {[...address.query]
        .filter(([name]) => name !== without)
        .map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}
