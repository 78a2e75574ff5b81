import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { SiteSearch } from '../features/site-search/SiteSearch.js';
import { usePageContext } from '../shared/page-context.js';
import { currentFor, headerLinks, SIGN_IN_LINK } from './site-links.js';
import { SiteLinkList } from './SiteLinkList.js';

/**
 * The site's header: the name, the site's links and the account. Wide screens show the links
 * inline; narrow ones put them behind a "Menu" button, a disclosure (WAI-ARIA Authoring
 * Practices, "Disclosure Navigation Menu": a button with `aria-expanded` and `aria-controls`
 * that shows and hides a plain list of links, Esc closes it and returns focus to the button).
 *
 * The server renders it closed, so hydrating shifts nothing. The style sheet collapses the links
 * only where scripts run (`scripting: enabled`), so without them the links stay in sight. A
 * signed-in visitor has more links, so the button stays up to a wider screen.
 */
export function SiteHeader() {
  const { siteName, user, formNonce, data, liveSearch } = usePageContext();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  // Widened past the breakpoint while open: the links are inline again, so the menu is closed.
  useEffect(() => {
    if (!open) return;
    const closeWhenWide = () => {
      if (!toggle.current?.getClientRects().length) setOpen(false);
    };
    window.addEventListener('resize', closeWhenWide);
    return () => window.removeEventListener('resize', closeWhenWide);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    // Only while the button is shown: on a wide screen the links are always there.
    if (event.key !== 'Escape' || !open || !toggle.current?.getClientRects().length) return;
    event.preventDefault();
    setOpen(false);
    toggle.current.focus();
  };

  return (
    <header className={user ? 'site-header site-header--signed-in' : 'site-header'} onKeyDown={onKeyDown}>
      <a className="site-header__brand" href="/">
        {siteName}
      </a>
      <button
        ref={toggle}
        type="button"
        className="site-header__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((was) => !was)}
      >
        <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
          {open ? (
            <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
        Menu
      </button>
      <div id={menuId} className="site-header__menu" data-open={open ? '' : undefined}>
        <nav aria-label="Site">
          <SiteLinkList links={headerLinks(user)} className="site-header__links" />
        </nav>
        <nav className="site-header__account" aria-label="Account">
          {user ? (
            <form method="post" action="/logout" className="site-header__signout">
              <span className="site-header__user">Signed in as {user.name}</span>
              <input type="hidden" name="_wpnonce" value={formNonce} />
              <button type="submit">Sign out</button>
            </form>
          ) : (
            <a href={SIGN_IN_LINK.href} aria-current={currentFor(SIGN_IN_LINK, data)}>
              {SIGN_IN_LINK.label}
            </a>
          )}
        </nav>
        {liveSearch && <SiteSearch settings={liveSearch} />}
      </div>
    </header>
  );
}
