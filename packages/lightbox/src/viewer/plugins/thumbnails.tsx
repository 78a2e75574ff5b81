import { useEffect, useRef, useState } from 'react';
import { vimeoId, youtubeId } from '../../links.js';
import type { LightboxItem } from '../../types.js';
import type { ViewerApi } from '../api.js';
import { Icon, typeIcon } from '../icons.js';

/** A Vimeo thumbnail from the oEmbed endpoint whose address is a setting. */
function useVimeoThumbnail(item: LightboxItem, endpoint: string, origin: string): string | null {
  const [thumb, setThumb] = useState<string | null>(null);
  const wanted = item.source === 'vimeo' && !item.options.thumbnail && vimeoId(item.url) !== null;
  useEffect(() => {
    if (!wanted) return;
    const abort = new AbortController();
    fetch(`${endpoint}?url=${encodeURIComponent(item.url)}`, { signal: abort.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(`Vimeo oEmbed: fetch error ${res.status}`);
        const { thumbnail_url } = (await res.json()) as { thumbnail_url?: unknown };
        // Only the configured host is allowed by the page's CSP; anything else would not load.
        if (typeof thumbnail_url === 'string' && thumbnail_url.startsWith(`${origin.replace(/\/$/, '')}/`))
          setThumb(thumbnail_url);
      })
      .catch((error: Error) => abort.signal.aborted || console.warn(error.message));
    return () => abort.abort();
  }, [wanted, endpoint, origin, item.url]);
  return thumb;
}

/**
 * The marker a thumbnail wears (iLightbox's `icon` option): 'image' or 'video' as the item says,
 * else a video marker on videos, whose thumbnail is otherwise only a still.
 */
export function thumbnailIcon(item: LightboxItem): 'image' | 'video' | null {
  const { icon } = item.options;
  if (icon === 'image' || icon === 'video') return icon;
  return item.type === 'video' ? 'video' : null;
}

function Thumbnail({ item, api }: { item: LightboxItem; api: ViewerApi }) {
  const { settings } = api;
  const vimeo = useVimeoThumbnail(item, settings.lightbox_vimeo_oembed, settings.lightbox_vimeo_thumbnail_origin);
  const youtube = item.source === 'youtube' ? youtubeId(item.url) : null;
  const src =
    item.options.thumbnail ??
    item.options.html5video?.poster ??
    (item.type === 'image'
      ? item.url
      : youtube
        ? `${settings.lightbox_youtube_thumbnail}${youtube}/default.jpg`
        : vimeo);
  const active = item.index === api.index;
  const icon = thumbnailIcon(item);
  return (
    <li>
      <button
        type="button"
        className="wm-lb__thumb"
        aria-current={active || undefined}
        aria-label={`${item.index + 1}: ${item.title || item.type}${icon ? ` (${icon})` : ''}`}
        onClick={() => api.go(item.index)}
      >
        {src ? (
          <img src={src} alt="" loading="lazy" draggable={false} />
        ) : (
          <span className="wm-lb__icon" data-type={item.type}>
            <Icon name={typeIcon(item.type)} />
          </span>
        )}
        {icon && (
          <span className="wm-lb__thumb-icon" data-icon={icon}>
            <Icon name={icon === 'video' ? 'play' : 'image'} />
          </span>
        )}
      </button>
    </li>
  );
}

/** The strip of thumbnails, 120x80 at most; it runs along the path. */
export function Thumbnails({ api }: { api: ViewerApi }) {
  const strip = useRef<HTMLUListElement>(null);
  useEffect(() => {
    strip.current?.querySelector('[aria-current]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [api.index]);
  return (
    <ul className="wm-lb__thumbs" ref={strip} aria-label="Thumbnails">
      {api.items.map((item) => (
        <Thumbnail key={item.index} item={item} api={api} />
      ))}
    </ul>
  );
}
