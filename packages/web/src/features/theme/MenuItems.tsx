import { useId, useState, type KeyboardEvent } from 'react';
import type { ThemeMenuItem } from './menu-items.js';

/**
 * The administrator's menu items as `<li>`s of a navigation list. An item with sub-links is a
 * disclosure (WAI-ARIA APG, "Disclosure Navigation Menu"): its link, then a button with
 * `aria-expanded` and `aria-controls` that shows its list. One sub-menu is open at a time;
 * Escape inside one closes it and returns focus to its button. On wide screens the list drops
 * down; in the mobile menu it slides open (`SUBMENU_SLIDE_MS`, CSS).
 */
export function MenuItems({ items }: { items: readonly ThemeMenuItem[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const base = useId();

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key !== 'Escape' || open !== index) return;
    event.preventDefault();
    event.stopPropagation();
    setOpen(null);
    event.currentTarget.querySelector<HTMLButtonElement>('.theme-submenu__toggle')?.focus();
  };

  return (
    <>
      {items.map((item, index) => {
        if (item.children.length === 0) {
          return (
            <li key={`${item.href}-${index}`}>
              <a href={item.href}>{item.label}</a>
            </li>
          );
        }
        const id = `${base}-sub-${index}`;
        const expanded = open === index;
        return (
          <li key={`${item.href}-${index}`} className="theme-submenu" onKeyDown={onKeyDown(index)}>
            <a href={item.href}>{item.label}</a>
            <button
              type="button"
              className="theme-submenu__toggle"
              aria-expanded={expanded}
              aria-controls={id}
              aria-label={`${item.label}: more`}
              onClick={() => setOpen(expanded ? null : index)}
            >
              <svg aria-hidden="true" focusable="false" width="12" height="12" viewBox="0 0 12 12">
                <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
            <div id={id} className="theme-submenu__panel" data-open={expanded ? '' : undefined}>
              <ul className="theme-submenu__list">
                {item.children.map((child, i) => (
                  <li key={`${child.href}-${i}`}>
                    <a href={child.href}>{child.label}</a>
                  </li>
                ))}
              </ul>
            </div>
          </li>
        );
      })}
    </>
  );
}
