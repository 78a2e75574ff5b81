/** A link of a theme menu, with one level of sub-links (the settings' menu item, as the page gets it). */
export interface ThemeMenuItem {
  label: string;
  href: string;
  children: readonly { label: string; href: string }[];
}

/** Theme constant (spec, section 9): a mobile sub-menu slides open and shut in this long. */
export const SUBMENU_SLIDE_MS = 200;

/** The secondary menu's separators show only in a window wider than this (CSS, `app.css`). */
export const SECONDARY_SEPARATOR_MIN_PX = 319;
