/** `#<gallery id>/<zero-based index>` (directory spec, section 4, "Lightbox"). */

export interface DeepLink {
  gallery: string;
  index: number;
}

export function parseDeepLink(hash: string): DeepLink | null {
  const match = /^#?([^/#]+)\/(\d{1,6})$/.exec(hash);
  if (!match?.[1] || match[2] === undefined) return null;
  let gallery: string;
  try {
    gallery = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return { gallery, index: Number(match[2]) };
}

export const formatDeepLink = ({ gallery, index }: DeepLink) => `#${encodeURIComponent(gallery)}/${index}`;

/** What a change of the fragment does to the lightbox (spec, section 4, "Lightbox"). */
export type FragmentMove =
  { to: 'open'; gallery: string; index: number } | { to: 'move'; index: number } | { to: 'close' } | { to: 'stay' };

/**
 * Follows the fragment `link` names, given the size of its gallery on the page (0 when there is
 * no such gallery) and what the lightbox shows now (null when closed). An empty or invalid
 * fragment closes the lightbox; one of the open gallery moves to its item; any other opens the
 * lightbox there. Only the start index is clamped to the last item (spec, section 5): once the
 * lightbox is open, an index past the end is not an item to move to, so it closes.
 */
export function followFragment(link: DeepLink | null, size: number, shown: DeepLink | null): FragmentMove {
  if (!link || size === 0) return shown ? { to: 'close' } : { to: 'stay' };
  if (shown?.gallery !== link.gallery)
    return { to: 'open', gallery: link.gallery, index: Math.min(link.index, size - 1) };
  if (link.index >= size) return { to: 'close' };
  return link.index === shown.index ? { to: 'stay' } : { to: 'move', index: link.index };
}

/**
 * The history entry the lightbox adds when it opens is marked with the document's time origin,
 * so that closing takes that entry back only while it is the current one: after a fragment
 * typed by hand, or a reload, going back would show another item or leave the page.
 */
const MARK = 'wmLightbox';
const token = () => performance.timeOrigin;

/** `state` with this document's mark on it (a state that is not an object is left behind). */
export const markEntry = (state: unknown): Record<string, unknown> => ({
  ...(state && typeof state === 'object' ? state : {}),
  [MARK]: token(),
});

/** Whether `state` belongs to an entry this document's lightbox added. */
export const isOwnEntry = (state: unknown): boolean =>
  !!state && typeof state === 'object' && (state as Record<string, unknown>)[MARK] === token();
