import { CALLS, DEFAULT_AJAX_PATH, type GalleryData, type GalleryPhoto } from '@waymark/protocol';
import { DirectoryPopup, type PopupItem } from '@waymark/lightbox';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { usePageData } from '../../shared/page-context.js';
import './gallery.css';

/** The section the "About this gallery" link leads to. */
const ABOUT_ID = 'about';

const YOUTUBE = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
const VIMEO = 'https://vimeo.com/76979871';

/** A link the site lightbox binds, with the data attributes of the specification. */
interface GalleryLink {
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

function LightboxLink({ link }: { link: GalleryLink }) {
  return (
    <a
      href={link.href}
      data-rel={link.gallery}
      data-type={link.type}
      data-title={link.title}
      data-caption={link.caption}
      data-options={link.options && JSON.stringify(link.options)}
      id={link.id}
      rel={link.rel}
    >
      {link.children}
    </a>
  );
}

function LinkList({ links }: { links: GalleryLink[] }) {
  return (
    <ul className="gallery__list">
      {links.map((link, i) => (
        <li key={i}>
          <LightboxLink link={link} />
        </li>
      ))}
    </ul>
  );
}

function PhotoLink({ photo, gallery }: { photo: GalleryPhoto; gallery: string }) {
  return (
    <li>
      <LightboxLink
        link={{
          href: photo.src,
          gallery: `iLightbox[${gallery}]`,
          title: photo.title,
          caption: photo.caption,
          options: { thumbnail: photo.thumb },
          children: (
            <>
              {/* The title under it names the link; the same words as alt text would be read twice. */}
              <img src={photo.thumb} alt="" width={240} height={160} loading="lazy" />
              <span>{photo.title}</span>
            </>
          ),
        }}
      />
    </li>
  );
}

/** The long description of the gallery's directory item, as a link the lightbox loads when opened. */
const itemAjaxUrl = (gallery: GalleryData) =>
  `${DEFAULT_AJAX_PATH}?${new URLSearchParams({
    action: CALLS.loadLongDescription.action,
    post_id: String(gallery.itemId ?? 1),
  }).toString()}`;

/** The links of the sections below the photos: every kind of item, single items and failures. */
function sections(gallery: GalleryData): { id: string; heading: string; links: GalleryLink[] }[] {
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

interface PopupState {
  items: PopupItem[];
  opener: HTMLElement;
  label: string;
}

/**
 * The gallery: every kind of lightbox item the specification names, with the links' data
 * attributes, post images, content added later, and the directory's item popup.
 */
export function GalleryPage() {
  const data = usePageData('gallery');
  const [more, setMore] = useState(false);
  const [popup, setPopup] = useState<PopupState | null>(null);
  if (!data) return null;
  const { gallery } = data;
  const openPopup = (label: string, items: PopupItem[]) => (event: MouseEvent<HTMLButtonElement>) =>
    setPopup({ items, label, opener: event.currentTarget });

  return (
    <div className="gallery">
      <h1>Gallery</h1>

      <section aria-labelledby="photos-title">
        <h2 id="photos-title">Photos</h2>
        <ul className="gallery__grid" id="photos">
          {gallery.photos.map((photo) => (
            <PhotoLink key={photo.src} photo={photo} gallery="photos" />
          ))}
          {more && gallery.more.map((photo) => <PhotoLink key={photo.src} photo={photo} gallery="photos" />)}
        </ul>
        {!more && (
          <button type="button" onClick={() => setMore(true)}>
            Show more photos
          </button>
        )}
        {more && (
          <p>
            <a href="/gallery/assets/town-guide.pdf" data-rel="iLightbox[photos]" id="guide-link">
              Town guide (PDF)
            </a>
          </p>
        )}
      </section>

      {sections(gallery).map((section) => (
        <section key={section.id} aria-labelledby={section.id}>
          <h2 id={section.id}>{section.heading}</h2>
          <LinkList links={section.links} />
        </section>
      ))}

      <article className="gallery__post" aria-labelledby="post-title">
        <h2 id="post-title">From the blog: a walk through town</h2>
        <div className="post-content">
          <p>We started in the square, where the market had just opened.</p>
          {gallery.post.map((photo) => (
            <p key={photo.src}>
              <a href={photo.src} data-title={photo.title}>
                <img src={photo.thumb} alt={photo.title} width={240} height={160} loading="lazy" />
              </a>
            </p>
          ))}
          <p>
            Then along the river to the <a href="/">directory</a> of places to eat.
          </p>
        </div>
      </article>

      <section aria-labelledby="popup-title">
        <h2 id="popup-title">The directory popup</h2>
        <div className="gallery__buttons">
          <button
            type="button"
            onClick={openPopup('Directory item', [
              {
                type: 'ajax',
                src: DEFAULT_AJAX_PATH,
                request: {
                  type: 'POST',
                  data: {
                    action: CALLS.loadLongDescription.action,
                    post_id: String(gallery.itemId ?? 1),
                    upvote: 'off',
                    mailto: 'false',
                  },
                },
              },
            ])}
          >
            Open a directory item
          </button>
          <button type="button" onClick={openPopup('About the directory', [{ type: 'inline', src: '#popup-inline' }])}>
            Open notes from this page
          </button>
          <button
            type="button"
            onClick={openPopup(
              'Photos',
              [...gallery.photos.slice(0, 4), { src: '/media/gallery/missing.jpg', title: 'Missing' }].map((p) => ({
                type: 'image' as const,
                src: p.src,
                title: p.title,
              })),
            )}
          >
            Open photos in the popup
          </button>
          <button
            type="button"
            onClick={openPopup('Failures', [
              { type: 'inline', src: '#no-such-element' },
              { type: 'ajax', src: '/gallery/no-such-snippet' },
            ])}
          >
            Open missing content in the popup
          </button>
        </div>
      </section>

      <section id={ABOUT_ID} aria-labelledby={`${ABOUT_ID}-title`}>
        <h2 id={`${ABOUT_ID}-title`}>About this gallery</h2>
        <p>
          This page shows every kind of content the site&rsquo;s lightbox opens: photos in a gallery, a video, a page in
          a frame, notes from this page, content loaded when it is opened, and videos from YouTube and Vimeo. It also
          keeps a few things that cannot open (a missing picture, a broken video link, notes that are not there), so you
          can see how the lightbox tells you about them.
        </p>
        <p>
          The pictures and the clip are demo content that comes with the site. Back to the{' '}
          <a href="#photos-title">photos</a>.
        </p>
      </section>

      <div hidden>
        <div id="gallery-inline" className="gallery__note">
          <h3>Visitor notes</h3>
          <p>Bring a coat: the wind off the harbour is cold even in summer.</p>
          <label>
            Your name <input type="text" name="visitor" />
          </label>
        </div>
        <div id="popup-inline" className="gallery__note">
          <h3>About the directory</h3>
          <p>Every place listed here was visited by one of us.</p>
        </div>
      </div>
      <template
        id="gallery-template"
        dangerouslySetInnerHTML={{ __html: '<h3>Getting here</h3><p>Take the 14 bus to the harbour stop.</p>' }}
      />

      <DirectoryPopup
        open={popup !== null}
        items={popup?.items ?? []}
        opener={popup?.opener ?? null}
        label={popup?.label ?? ''}
        onClose={() => setPopup(null)}
      />
    </div>
  );
}
