import { DirectoryPopup, type PopupItem } from '@waymark/lightbox';
import { useState, type MouseEvent } from 'react';
import { usePageData } from '../../app/page-context.js';
import type { GalleryPhoto } from '../../page-data.js';
import './gallery.css';

const YOUTUBE = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
const VIMEO = 'https://vimeo.com/76979871';

function PhotoLink({ photo, gallery }: { photo: GalleryPhoto; gallery: string }) {
  return (
    <li>
      <a
        href={photo.src}
        data-rel={`iLightbox[${gallery}]`}
        data-title={photo.title}
        data-caption={photo.caption}
        data-options={JSON.stringify({ thumbnail: photo.thumb })}
      >
        <img src={photo.thumb} alt={photo.title} width={240} height={160} loading="lazy" />
        <span>{photo.title}</span>
      </a>
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
  const ajaxUrl = `/wp-admin/admin-ajax.php?action=qcpd_load_long_description&post_id=${gallery.itemId ?? 1}`;
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

      <section aria-labelledby="media-title">
        <h2 id="media-title">Video and other content</h2>
        <ul className="gallery__list">
          <li>
            <a
              href={`${gallery.assets}clip.mp4`}
              data-rel="iLightbox[media]"
              data-title="Test pattern"
              data-options={JSON.stringify(video)}
            >
              A short video (WebM and H.264)
            </a>
          </li>
          <li>
            <a href="/gallery/frame" data-rel="iLightbox[media]" data-type="iframe" data-title="Opening hours">
              A page of this site in a frame
            </a>
          </li>
          <li>
            <a href="#gallery-inline" data-rel="iLightbox[media]" data-type="inline" data-title="Visitor notes">
              Notes from this page
            </a>
          </li>
          <li>
            <a href={ajaxUrl} data-rel="iLightbox[media]" data-type="ajax" data-title="A directory item">
              A directory item, loaded when opened
            </a>
          </li>
          <li>
            <a href="#gallery-template" data-rel="iLightbox[media]" data-type="html" data-title="Getting here">
              Directions
            </a>
          </li>
          <li>
            <a href={`${gallery.assets}tour.swf`} data-rel="iLightbox[media]" data-type="flash" data-title="Flash tour">
              A Flash tour
            </a>
          </li>
          <li>
            <a
              href={`${gallery.assets}tour.mov`}
              data-rel="iLightbox[media]"
              data-type="quicktime"
              data-title="QuickTime tour"
            >
              A QuickTime tour
            </a>
          </li>
        </ul>
      </section>

      <section aria-labelledby="online-title">
        <h2 id="online-title">Online videos</h2>
        <ul className="gallery__list">
          <li>
            <a href={YOUTUBE} data-rel="iLightbox[online]" data-title="Big Buck Bunny on YouTube">
              YouTube
            </a>
          </li>
          <li>
            <a href={VIMEO} data-rel="iLightbox[online]" data-title="A film on Vimeo">
              Vimeo
            </a>
          </li>
          <li>
            <a href="https://www.youtube.com/watch?v=short" data-rel="iLightbox[online]" data-title="A broken link">
              A YouTube link without a valid id
            </a>
          </li>
        </ul>
      </section>

      <section aria-labelledby="single-title">
        <h2 id="single-title">Single items and failures</h2>
        <ul className="gallery__list">
          <li>
            <a href={gallery.photos[1]?.src} data-rel="iLightbox" data-title="Market, on its own">
              One picture on its own
            </a>
          </li>
          {gallery.photos.slice(2, 4).map((photo, i) => (
            <li key={photo.src}>
              <a href={photo.src} data-rel="iLightbox[pair]" data-title={photo.title}>
                One of two pictures ({i + 1})
              </a>
            </li>
          ))}
          <li>
            <a href="/media/gallery/missing.jpg" data-rel="iLightbox[broken]" data-title="A missing picture">
              A picture that is missing
            </a>
          </li>
          <li>
            <a
              href="/gallery/no-such-snippet"
              data-rel="iLightbox[broken]"
              data-type="ajax"
              data-title="A missing snippet"
            >
              Content that cannot be loaded
            </a>
          </li>
          <li>
            <a href={`${gallery.assets}missing.webm`} data-rel="iLightbox[broken]" data-title="A missing video">
              A video that is missing
            </a>
          </li>
          <li>
            <a href="#no-such-element" data-rel="iLightbox[broken]" data-type="inline" data-title="Missing notes">
              Notes that are not on the page
            </a>
          </li>
          <li>
            <a href="/gallery/about" data-rel="iLightbox[docs]" id="about-link" rel="iLightbox[docs]">
              About this gallery (a page, not a picture)
            </a>
          </li>
        </ul>
      </section>

      <section aria-labelledby="viewport-title">
        <h2 id="viewport-title">Sized to the window</h2>
        <ul className="gallery__list">
          {(['fit', 'fill'] as const).map((fullViewPort) => (
            <li key={fullViewPort}>
              <a
                href={gallery.photos[4]?.src}
                data-rel="iLightbox[viewport]"
                data-title={`Botanic garden (${fullViewPort})`}
                data-options={JSON.stringify({ fullViewPort, icon: 'image', thumbnail: gallery.photos[4]?.thumb })}
              >
                The small garden picture, {fullViewPort === 'fit' ? 'fitted to' : 'filling'} the window
              </a>
            </li>
          ))}
        </ul>
      </section>

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
                src: '/wp-admin/admin-ajax.php',
                request: {
                  type: 'POST',
                  data: {
                    action: 'qcpd_load_long_description',
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
