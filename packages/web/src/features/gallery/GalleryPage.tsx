import { CALLS, DEFAULT_AJAX_PATH, type GalleryPhoto } from '@waymark/protocol';
import { DirectoryPopup, type PopupItem } from '@waymark/lightbox';
import { useState, type MouseEvent } from 'react';
import { usePageData } from '../../shared/page-context.js';
import { ABOUT_ID, sections, type GalleryLink } from './gallery-links.js';
import './gallery.css';

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
