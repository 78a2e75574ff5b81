import { CALLS, DEFAULT_AJAX_PATH, type GalleryData } from '@waymark/protocol';
import type { ReactNode } from 'react';

/**
 * The gallery's links to lightbox items, section by section: every kind of item the specification
 * names, single items and failures, as the gallery page lists them.
 */

/** The section the "About this gallery" link leads to. */
export const ABOUT_ID = 'about';

const YOUTUBE = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
const VIMEO = 'https://vimeo.com/76979871';

/** A link the site lightbox binds, with the data attributes of the specification. */
export interface GalleryLink {
  href: string | undefined;
  /** `data-rel`: the lightbox gallery it belongs to. */
  gallery?: string;
  type?: string;
  title?: string;
  caption?: string;
  options?: object;
  id?: string;
  rel?: string;
  children: ReactNode;
}

/** The long description of the gallery's directory item, as a link the lightbox loads when opened. */
const itemAjaxUrl = (gallery: GalleryData) =>
  `${DEFAULT_AJAX_PATH}?${new URLSearchParams({
    action: CALLS.loadLongDescription.action,
    post_id: String(gallery.itemId ?? 1),
  }).toString()}`;

/** The links of the sections below the photos: every kind of item, single items and failures. */
export function sections(gallery: GalleryData): { id: string; heading: string; links: GalleryLink[] }[] {
  const video = {
    html5video: {
      webm: `${gallery.assets}clip.webm`,
      h264: `${gallery.assets}clip.mp4`,
      poster: `${gallery.assets}poster.webp`,
      controls: true,
      preload: 'metadata',
    },
    width: 640,
    height: 360,
  };
  const media = (type: string, href: string, title: string, children: string): GalleryLink => ({
    href,
    gallery: 'iLightbox[media]',
    type,
    title,
    children,
  });
  const online = (href: string, title: string, children: string): GalleryLink => ({
    href,
    gallery: 'iLightbox[online]',
    title,
    children,
  });
  const broken = (href: string, title: string, children: string, type?: string): GalleryLink => ({
    href,
    gallery: 'iLightbox[broken]',
    type,
    title,
    children,
  });
  return [
    {
      id: 'media-title',
      heading: 'Video and other content',
      links: [
        {
          href: `${gallery.assets}clip.mp4`,
          gallery: 'iLightbox[media]',
          title: 'Test pattern',
          options: video,
          children: 'A short video (WebM and H.264)',
        },
        media('iframe', '/gallery/frame', 'Opening hours', 'A page of this site in a frame'),
        media('inline', '#gallery-inline', 'Visitor notes', 'Notes from this page'),
        media('ajax', itemAjaxUrl(gallery), 'A directory item', 'A directory item, loaded when opened'),
        media('html', '#gallery-template', 'Getting here', 'Directions'),
        media('flash', `${gallery.assets}tour.swf`, 'Flash tour', 'A Flash tour'),
        media('quicktime', `${gallery.assets}tour.mov`, 'QuickTime tour', 'A QuickTime tour'),
      ],
    },
    {
      id: 'online-title',
      heading: 'Online videos',
      links: [
        online(YOUTUBE, 'Big Buck Bunny on YouTube', 'YouTube'),
        online(VIMEO, 'A film on Vimeo', 'Vimeo'),
        online('https://www.youtube.com/watch?v=short', 'A broken link', 'A YouTube link without a valid id'),
      ],
    },
    {
      id: 'single-title',
      heading: 'Single items and failures',
      links: [
        {
          href: gallery.photos[1]?.src,
          gallery: 'iLightbox',
          title: 'Market, on its own',
          children: 'One picture on its own',
        },
        ...gallery.photos.slice(2, 4).map((photo, i) => ({
          href: photo.src,
          gallery: 'iLightbox[pair]',
          title: photo.title,
          children: <>One of two pictures ({i + 1})</>,
        })),
        broken('/media/gallery/missing.jpg', 'A missing picture', 'A picture that is missing'),
        broken('/gallery/no-such-snippet', 'A missing snippet', 'Content that cannot be loaded', 'ajax'),
        broken(`${gallery.assets}missing.webm`, 'A missing video', 'A video that is missing'),
        broken('#no-such-element', 'Missing notes', 'Notes that are not on the page', 'inline'),
        {
          // Text, not a picture: the lightbox leaves it alone and it opens as a normal link.
          href: `#${ABOUT_ID}`,
          gallery: 'iLightbox[docs]',
          id: 'about-link',
          rel: 'iLightbox[docs]',
          children: 'About this gallery (text, not a picture)',
        },
      ],
    },
    {
      id: 'viewport-title',
      heading: 'Sized to the window',
      links: (['fit', 'fill'] as const).map((fullViewPort) => ({
        href: gallery.photos[4]?.src,
        gallery: 'iLightbox[viewport]',
        title: `Botanic garden (${fullViewPort})`,
        options: { fullViewPort, icon: 'image', thumbnail: gallery.photos[4]?.thumb },
        children: <>The small garden picture, {fullViewPort === 'fit' ? 'fitted to' : 'filling'} the window</>,
      })),
    },
  ];
}
