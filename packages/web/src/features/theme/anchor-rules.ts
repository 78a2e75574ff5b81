/** Theme constants (spec, section 9): a scroll to an anchor runs in two phases, this long… */
export const ANCHOR_FIRST_MS = 400;
/** …then this long, to where the target is once the header has settled. */
export const ANCHOR_SECOND_MS = 450;
/** The marker a link to another page's anchor puts before the fragment, so the browser does not jump. */
export const CROSS_PAGE_MARKER = '_';

/** What a click on a link with a fragment does: nothing, scroll on this page, or open another page. */
export type AnchorAction = { kind: 'ignore' } | { kind: 'scroll'; id: string } | { kind: 'open'; href: string };

/**
 * The anchor rules: fragments starting with '!' or '/' (routers', players' and the lightbox's)
 * and links marked no-scroll are left alone; a fragment on this page scrolls; one on another page
 * of the site opens it with '#_' so that page scrolls itself once loaded.
 */
export function anchorAction(link: URL, here: URL, noScroll: boolean): AnchorAction {
  const fragment = decodeURIComponent(link.hash.slice(1));
  if (noScroll || fragment === '' || fragment.startsWith('!') || fragment.startsWith('/')) return { kind: 'ignore' };
  if (link.origin !== here.origin) return { kind: 'ignore' };
  if (link.pathname === here.pathname && link.search === here.search) return { kind: 'scroll', id: fragment };
  return { kind: 'open', href: `${link.pathname}${link.search}#${CROSS_PAGE_MARKER}${link.hash.slice(1)}` };
}

/** The id a loaded page's '#_' fragment names, or null when it has none. */
export function crossPageTarget(hash: string): string | null {
  if (!hash.startsWith(`#${CROSS_PAGE_MARKER}`) || hash.length < 3) return null;
  return decodeURIComponent(hash.slice(2));
}
