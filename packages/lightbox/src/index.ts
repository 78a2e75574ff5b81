/**
 * The React lightbox: the site lightbox (`SiteLightbox`, which binds the page's links) and the
 * directory's item popup (`DirectoryPopup`). Both load their code on first open.
 */
export { SiteLightbox } from './SiteLightbox.js';
export { DirectoryPopup, type PopupItem, type PopupProps } from './DirectoryPopup.js';
export {
  CANDIDATES,
  NO_LIGHTBOX_CLASS,
  POST_IMAGES_GALLERY,
  SINGLE_GALLERY_PREFIX,
  isBound,
  markLinks,
  singleGalleryId,
} from './binding.js';
export { formatDeepLink, parseDeepLink, type DeepLink } from './deep-link.js';
export { extensionOf, galleryOf, inferType, isLightboxAddress, vimeoId, youtubeId } from './links.js';
export type * from './types.js';
