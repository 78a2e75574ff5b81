import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { SiteSearch } from '../features/site-search/index.js';
import { Alert, FlyoutBar, MenuItems, useFlyouts, useStickyHeader } from '../features/theme/index.js';
import { usePageContext } from '../shared/page-context.js';
import { currentFor, FOOTER_LINKS, headerLinks, SIGN_IN_LINK } from './site-links.js';
import { SiteLinkList } from './SiteLinkList.js';

/** Without the theme's settings (a server without them): a plain header that does not stick. */
const PLAIN_HEADER = {
  sticky: false,
  sticky_trigger: 0,
  sticky_tablet: false,
  sticky_mobile: false,
  shrink: false,
  layout: 'top',
  notice: '',
} as const;

/**
 * The site's header: the name, the site's links and the administrator's menu, the account and
 * the search. Wide screens show the links inline; narrow ones put them behind a "Menu" button, a
 * disclosure (WAI-ARIA Authoring Practices, "Disclosure Navigation Menu": a button with
 * `aria-expanded` and `aria-controls` that shows and hides a plain list of links, Esc closes it
 * and returns focus to the button). Above it, the secondary menu and the flyout menu and search;
 * the search box lives in the header row, or in the flyout search while that is open.
 *
 * The header sticks past the theme's trigger position and may shrink (`useStickyHeader`). The
 * server renders it closed and not stuck, so hydrating shifts nothing. The style sheet collapses
 * the links only where scripts run (`scripting: enabled`), so without them the links stay in
 * sight. A signed-in visitor has more links, so the button stays up to a wider screen.
 */
export function SiteHeader() {
  const { siteName, user, formNonce, data, liveSearch, theme } = usePageContext();
  const rules = theme?.header ?? PLAIN_HEADER;
  const mainMenu = theme?.menus.main ?? [];
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const header = useRef<HTMLElement>(null);
  const marker = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const closeMenu = useCallback(() => setOpen(false), []);
  const flyouts = useFlyouts(closeMenu);
  const sticky = useStickyHeader({ ...rules, sticky: rules.sticky && rules.layout === 'top' }, header, marker);

  // Widened past the breakpoint while open: the links are inline again, so the menu is closed.
  useEffect(() => {
    if (!open) return;
    const closeWhenWide = () => {
      if (!toggle.current?.getClientRects().length) setOpen(false);
    };
    window.addEventListener('resize', closeWhenWide);
    return () => window.removeEventListener('resize', closeWhenWide);
  }, [open]);

  // The mobile menu and the flyouts are one at a time too.
  const { close: closeFlyout, open: flyout } = flyouts;

  const onKeyDown = (event: KeyboardEvent) => {
    // Only while the button is shown: on a wide screen the links are always there.
    if (event.key !== 'Escape' || !open || !toggle.current?.getClientRects().length) return;
    event.preventDefault();
    setOpen(false);
    toggle.current.focus();
  };

  const classes = ['site-header'];
  if (user) classes.push('site-header--signed-in');
  if (sticky.enabled) classes.push('site-header--sticky');
  if (sticky.stuck) classes.push('site-header--stuck');
  if (sticky.shrunk && !open) classes.push('site-header--shrunk');
  const search = liveSearch && <SiteSearch settings={liveSearch} />;
  const allLinks = [...headerLinks(user), ...FOOTER_LINKS.filter((l) => !headerLinks(user).includes(l))].map(
    (link) => ({ label: link.label, href: link.href, children: [] }),
  );

  return (
    <>
      <div ref={marker} className="theme-sticky-marker" style={{ top: rules.sticky_trigger }} aria-hidden="true" />
      <FlyoutBar
        secondary={theme?.menus.secondary ?? []}
        allLinks={[...allLinks, ...mainMenu]}
        search={search}
        flyouts={flyouts}
      />
      <header ref={header} className={classes.join(' ')} onKeyDown={onKeyDown}>
        <a className="site-header__brand" href="/">
          {siteName}
        </a>
        <button
          ref={toggle}
          type="button"
          className="site-header__toggle"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => {
            closeFlyout();
            setOpen((was) => !was);
          }}
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
            <SiteLinkList links={headerLinks(user)} className="site-header__links">
              {mainMenu.length > 0 && <MenuItems items={mainMenu} />}
            </SiteLinkList>
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
          {flyout !== 'search' && search}
        </div>
      </header>
      {rules.notice && <Alert label="Site notice">{rules.notice}</Alert>}
    </>
  );
}
