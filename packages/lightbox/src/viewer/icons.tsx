import type { ItemType } from '../types.js';

/**
 * The viewer's icons, each one path on a 24x24 grid drawn inline, so that no icon depends on a
 * font the visitor's machine may lack (a missing glyph shows as an empty box). Outlines by
 * default; `play` and `pause` are filled (viewer.css).
 */
const PATHS = {
  prev: 'M15 5l-7 7 7 7',
  next: 'M9 5l7 7-7 7',
  close: 'M6 6l12 12M18 6 6 18',
  play: 'M7 4v16l13-8z',
  pause: 'M6 5h4v14H6zm8 0h4v14h-4z',
  /** A page in a frame: iframe and ajax items. */
  frame: 'M3 4h18v16H3zm0 4h18',
  /** Lines of text: inline and HTML items. */
  text: 'M5 6h14M5 10h14M5 14h14M5 18h9',
  /** Content this browser cannot play: Flash and QuickTime items. */
  warning: 'M12 3 2 21h20zm0 7v5m0 3v.5',
  image: 'M3 4h18v16H3zm0 12 5-5 4 4 3-3 6 6',
};

export type IconName = keyof typeof PATHS;

/** A decorative icon: the control that wears it carries the name. */
export const Icon = ({ name }: { name: IconName }) => (
  <svg className="wm-lb__svg" data-i={name} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={PATHS[name]} />
  </svg>
);

/** The icon that stands for an item without a picture of its own, by its type. */
const TYPE_ICONS: Record<ItemType, IconName> = {
  image: 'image',
  video: 'play',
  iframe: 'frame',
  ajax: 'frame',
  inline: 'text',
  html: 'text',
  flash: 'warning',
  quicktime: 'warning',
};

export const typeIcon = (type: ItemType): IconName => TYPE_ICONS[type];
