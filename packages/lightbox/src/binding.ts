import { galleryOf, isLightboxAddress, itemFromLink } from './links.js';
import type { LightboxItem } from './types.js';

/**
 * The page side of the site lightbox: which links open it, and the galleries they form. Links
 * opt in with `data-rel` (or `rel`) `iLightbox[gallery]`; the gallery, title and caption come
 * from their data attributes. Nothing here is kept: every question is answered from the
 * document as it is now, so content added later takes part without being bound again.
 */

export const CANDIDATES = 'a[data-rel^="iLightbox" i], a[rel^="iLightbox" i]';
export const NO_LIGHTBOX_CLASS = 'no-lightbox';
export const POST_IMAGES_GALLERY = 'postimages';
const POST_IMAGE_LINKS = '.post-content a[href]:has(img):not([data-rel]):not([rel^="iLightbox" i])';

export interface Opened {
  gallery: string;
  items: LightboxItem[];
  index: number;
}

const relOf = (link: Element) => link.getAttribute('data-rel') ?? link.getAttribute('rel');

/** A link opens in the lightbox when it opted in, its address qualifies (or it names its type). */
export function isBound(link: Element): boolean {
  if (link.classList.contains(NO_LIGHTBOX_CLASS) || galleryOf(relOf(link)) === null) return false;
  return link.hasAttribute('data-type') || isLightboxAddress(link.getAttribute('href') ?? '');
}

/**
 * Marks the links under `root`: post images join their gallery when the setting says so, and a
 * link that opted in but cannot open in the lightbox gets the no-lightbox class and loses its
 * rel attributes (spec, section 5).
 */
export function markLinks(root: ParentNode, postImages: boolean): void {
  if (postImages) {
    for (const link of root.querySelectorAll(POST_IMAGE_LINKS)) {
      if (isLightboxAddress(link.getAttribute('href') ?? ''))
        link.setAttribute('data-rel', `iLightbox[${POST_IMAGES_GALLERY}]`);
    }
  }
  for (const link of root.querySelectorAll(CANDIDATES)) {
    if (isBound(link)) continue;
    link.classList.add(NO_LIGHTBOX_CLASS);
    link.removeAttribute('rel');
    link.removeAttribute('data-rel');
  }
}

/** Where the id of a lone link's gallery of one starts. */
export const SINGLE_GALLERY_PREFIX = 'single-';

/**
 * A lone link (`iLightbox` without a gallery) is a gallery of one, named after its address so
 * that its deep link finds it again after a reload: FNV-1a of the href, in base 36.
 */
export function singleGalleryId(href: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < href.length; i++) hash = Math.imul(hash ^ href.charCodeAt(i), 0x01000193);
  return SINGLE_GALLERY_PREFIX + (hash >>> 0).toString(36);
}

/** The gallery a bound link belongs to: its named gallery, or its own gallery of one. */
export function galleryIdOf(link: Element): string {
  return galleryOf(relOf(link)) || singleGalleryId(link.getAttribute('href') ?? '');
}

/**
 * The bound links of one gallery, in document order. A lone link's gallery holds it alone, even
 * where another lone link has the same address.
 */
export function galleryLinks(gallery: string, doc: Document = document): Element[] {
  if (!gallery) return [];
  const links = [...doc.querySelectorAll(CANDIDATES)].filter((link) => isBound(link) && galleryIdOf(link) === gallery);
  const single = links.find((link) => !galleryOf(relOf(link)));
  return single ? [single] : links;
}

/** What a click on `link` opens. */
export function openFromLink(link: Element, doc: Document = document): Opened | null {
  if (!isBound(link)) return null;
  const gallery = galleryIdOf(link);
  const links = galleryOf(relOf(link)) ? galleryLinks(gallery, doc) : [link];
  const items = links.map((l, i) => itemFromLink(l, i));
  return { gallery, items, index: Math.max(0, links.indexOf(link)) };
}

/** What a deep link opens: the start index is clamped to the last item (spec, section 5). */
export function openFromDeepLink(gallery: string, index: number, doc: Document = document): Opened | null {
  const links = galleryLinks(gallery, doc);
  if (links.length === 0) return null;
  return { gallery, items: links.map((l, i) => itemFromLink(l, i)), index: Math.min(index, links.length - 1) };
}
