import { LIGHTBOX } from '@waymark/protocol';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { vimeoId, youtubeId } from '../links.js';
import type { LightboxItem } from '../types.js';
import type { ViewerApi, ViewerPlugin } from './api.js';
import { slideshowNext } from './navigation.js';

/**
 * The lightbox's features beyond showing one item, each a plugin the core renders in a slot:
 * slideshow, fullscreen, side arrows, thumbnails, title and caption, and social sharing.
 */

/** Plays through the gallery: advances after the pause time, wraps, restarts its count on any move. */
function Slideshow({ api }: { api: ViewerApi }) {
  const { settings, index, items, go, holder } = api;
  const [playing, setPlaying] = useState(settings.lightbox_autoplay);
  const [hovered, setHovered] = useState(false);
  const pauseOnHover = settings.lightbox_pause_on_hover;

  useEffect(() => {
    if (!pauseOnHover || !holder) return;
    const enter = () => setHovered(true);
    const leave = () => setHovered(false);
    holder.addEventListener('pointerenter', enter);
    holder.addEventListener('pointerleave', leave);
    return () => {
      holder.removeEventListener('pointerenter', enter);
      holder.removeEventListener('pointerleave', leave);
    };
  }, [holder, pauseOnHover]);

  useEffect(() => {
    if (!playing || (pauseOnHover && hovered)) return;
    const timer = setTimeout(() => go(slideshowNext(index, items.length)), settings.lightbox_slideshow_speed);
    return () => clearTimeout(timer);
  }, [playing, hovered, pauseOnHover, index, items.length, go, settings.lightbox_slideshow_speed]);

  return (
    <button
      type="button"
      className="wm-lb__btn wm-lb__btn--play"
      aria-pressed={playing}
      data-state={playing ? (pauseOnHover && hovered ? 'held' : 'playing') : 'paused'}
      onClick={() => setPlaying(!playing)}
      aria-label={settings.l10n.slideShow}
      title={settings.l10n.slideShow}
    />
  );
}

/** The fullscreen button; the core owns the state, as it locks keys, wheel and swipe. */
function Fullscreen({ api }: { api: ViewerApi }) {
  const { l10n } = api.settings;
  const label = api.fullscreen ? l10n.exitFullscreen : l10n.enterFullscreen;
  return (
    <button
      type="button"
      className="wm-lb__btn wm-lb__btn--full"
      data-state={api.fullscreen ? 'on' : 'off'}
      title={label}
      aria-label={label}
      onClick={api.toggleFullscreen}
    />
  );
}

/** Side arrows that hide after 3 s without mouse movement, except on touch devices. */
function Arrows({ api }: { api: ViewerApi }) {
  const { root, touch, settings, canPrev, canNext, go, index } = api;
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!root || touch) return;
    let timer = setTimeout(() => setHidden(true), LIGHTBOX.arrowHideMs);
    const moved = () => {
      setHidden(false);
      clearTimeout(timer);
      timer = setTimeout(() => setHidden(true), LIGHTBOX.arrowHideMs);
    };
    root.addEventListener('mousemove', moved);
    return () => {
      clearTimeout(timer);
      root.removeEventListener('mousemove', moved);
    };
  }, [root, touch]);
  return (
    <div className="wm-lb__arrows" data-hidden={hidden}>
      <button
        type="button"
        className="wm-lb__arrow wm-lb__arrow--prev"
        disabled={!canPrev}
        onClick={() => go(index - 1)}
        aria-label={settings.l10n.previous}
      />
      <button
        type="button"
        className="wm-lb__arrow wm-lb__arrow--next"
        disabled={!canNext}
        onClick={() => go(index + 1)}
        aria-label={settings.l10n.next}
      />
    </div>
  );
}

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
          <span className="wm-lb__icon" data-type={item.type} />
        )}
        {icon && <span className="wm-lb__thumb-icon" data-icon={icon} />}
      </button>
    </li>
  );
}

/** The strip of thumbnails, 120x80 at most; it runs along the path. */
function Thumbnails({ api }: { api: ViewerApi }) {
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

/** The caption, over the foot of the holder; shown only while it takes at most half the holder's height. */
function Caption({ api }: { api: ViewerApi }) {
  const { item, settings, holder } = api;
  const own = useRef<HTMLParagraphElement>(null);
  const [fits, setFits] = useState(true);
  const caption = settings.lightbox_desc ? item.caption : '';
  useLayoutEffect(() => {
    if (!holder || !caption) return;
    const measure = () =>
      setFits((own.current?.offsetHeight ?? 0) <= holder.clientHeight * LIGHTBOX.captionMaxHolderShare);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(holder);
    return () => observer.disconnect();
  }, [caption, holder]);
  if (!caption) return null;
  return (
    <p className="wm-lb__caption" ref={own} data-fits={fits}>
      {caption}
    </p>
  );
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(URL|TITLE|DESCRIPTION|IMAGE)\}/g, (_, key: string) => encodeURIComponent(values[key] ?? ''));

/** Share buttons that open the networks' share pages with the page's address in a 640x360 popup. */
function Social({ api }: { api: ViewerApi }) {
  const { item, settings } = api;
  if (item.options.social === false) return null;
  const share = (template: string) => {
    const { width, height } = LIGHTBOX.share;
    const url = fill(template, {
      URL: location.href,
      TITLE: item.title || document.title,
      DESCRIPTION: item.caption,
      IMAGE: item.type === 'image' ? new URL(item.url, location.href).href : '',
    });
    const left = Math.max(0, (screen.width - width) / 2);
    const top = Math.max(0, (screen.height - height) / 2);
    window.open(url, '_blank', `popup,noopener,noreferrer,width=${width},height=${height},left=${left},top=${top}`);
  };
  return (
    <ul className="wm-lb__social" aria-label="Share">
      {settings.lightbox_social_links.map((link) => (
        <li key={link.network}>
          <button type="button" className="wm-lb__share" data-network={link.network} onClick={() => share(link.url)}>
            {link.label}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The plugins the settings ask for, in the order their slots show them. */
export function pluginsFor(api: Pick<ViewerApi, 'settings' | 'items'>): ViewerPlugin[] {
  const { settings, items } = api;
  const gallery = settings.lightbox_gallery && items.length > 1;
  const plugins: ViewerPlugin[] = [];
  if (gallery) plugins.push({ name: 'slideshow', slot: 'toolbar', Component: Slideshow });
  plugins.push({ name: 'fullscreen', slot: 'toolbar', Component: Fullscreen });
  if (settings.lightbox_arrows && items.length > 1) plugins.push({ name: 'arrows', slot: 'holder', Component: Arrows });
  if (gallery) plugins.push({ name: 'thumbnails', slot: 'strip', Component: Thumbnails });
  plugins.push({ name: 'caption', slot: 'holder', Component: Caption });
  if (settings.lightbox_social) plugins.push({ name: 'social', slot: 'footer', Component: Social });
  return plugins;
}
