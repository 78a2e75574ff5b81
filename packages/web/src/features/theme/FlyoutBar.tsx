import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { ThemeMenuItem } from './menu-items.js';
import type { Flyouts } from './use-flyouts.js';

export interface FlyoutBarProps {
  /** The secondary menu's links (settings). */
  secondary: readonly { label: string; href: string }[];
  /** Every link the flyout menu lists: the site's pages and the administrator's menu. */
  allLinks: readonly ThemeMenuItem[];
  /** The header's search box, mounted in the flyout search while it is open. */
  search: ReactNode;
  /** The flyouts' state, which the header shares (its inline search and mobile menu give way). */
  flyouts: Flyouts;
}

/**
 * The bar above the header: the secondary menu, and the buttons of the flyout menu and the
 * flyout search. Each flyout is a disclosure (button with `aria-expanded` and `aria-controls`,
 * no `role=menu`), in a labelled region; they are mutually exclusive, and Escape closes the open one and returns focus
 * to its button. The search flyout moves focus into its box when it opens.
 */
export function FlyoutBar({ secondary, allLinks, search, flyouts }: FlyoutBarProps) {
  const { open, toggle, opener } = flyouts;
  const menuId = useId();
  const searchId = useId();
  const searchPanel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open === 'search') searchPanel.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [open]);

  return (
    <section className="theme-topbar" aria-label="Site tools">
      {secondary.length > 0 && (
        <nav aria-label="Secondary" className="theme-topbar__secondary">
          <ul className="theme-secondary">
            {secondary.map((link, i) => (
              <li key={`${link.href}-${i}`}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="theme-topbar__flyouts">
        <button
          ref={opener('search')}
          type="button"
          className="theme-flyout__toggle"
          aria-expanded={open === 'search'}
          aria-controls={searchId}
          onClick={() => toggle('search')}
        >
          Quick search
        </button>
        <button
          ref={opener('menu')}
          type="button"
          className="theme-flyout__toggle"
          aria-expanded={open === 'menu'}
          aria-controls={menuId}
          onClick={() => toggle('menu')}
        >
          All pages
        </button>
      </div>
      <div id={searchId} ref={searchPanel} className="theme-flyout theme-flyout--search" hidden={open !== 'search'}>
        {open === 'search' && search}
      </div>
      <nav id={menuId} aria-label="All pages" className="theme-flyout theme-flyout--menu" hidden={open !== 'menu'}>
        <ul className="theme-flyout__list">
          {allLinks.map((item, i) => (
            <li key={`${item.href}-${i}`}>
              <a href={item.href}>{item.label}</a>
              {item.children.length > 0 && (
                <ul>
                  {item.children.map((child, j) => (
                    <li key={`${child.href}-${j}`}>
                      <a href={child.href}>{child.label}</a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
