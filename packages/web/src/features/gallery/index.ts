/** The gallery: every kind of lightbox item. */
export { GalleryPage } from './GalleryPage.js';
