import { LIGHTBOX_TEXTS, type LightboxSettings } from '@waymark/protocol';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { vimeoId, youtubeId } from '../links.js';
import type { LightboxItem } from '../types.js';
import { AjaxContent, InlineContent, LOADING_TEXT, TemplateContent, type Status } from './content.js';
import { fitBox, fullViewPortOf, lengthOf, viewportBox, type Size } from './fit.js';
import { embedAddress, useEmbeddedPlayer, type EmbedKind } from './player.js';

/** The video player's own errors (spec, section 8, "Video player errors"). *Waymark* wording. */
export const VIDEO_TEXTS = {
  invalid: 'This video cannot be played: its address has no valid video id or url.',
  failed: 'An error occurred when trying to load the video.',
} as const;

const VIDEO_TYPES: Record<string, string> = { webm: 'video/webm', ogg: 'video/ogg', ogv: 'video/ogg' };

const PLUGIN_DOWNLOADS: Record<string, string> = {
  Flash: 'https://www.adobe.com/products/flashplayer/end-of-life-alternative.html',
  QuickTime: 'https://support.apple.com/downloads/quicktime',
};

interface SlideProps {
  item: LightboxItem;
  area: Size;
  settings: LightboxSettings;
  /** The lightbox is closing: an embedded player is paused. */
  closing?: boolean;
}

const originOf = (address: string) => {
  try {
    return new URL(address).origin;
  } catch {
    return '';
  }
};

/** One item's content, sized to the holder, with its loading, ready or error status. */
export function Slide({ item, area, settings, closing = false }: SlideProps) {
  const [status, setStatus] = useState<Status>('loading');
  const [player, setPlayer] = useState<HTMLIFrameElement | null>(null);
  const embed: EmbedKind | null =
    item.type === 'video' && (item.source === 'youtube' || item.source === 'vimeo') ? item.source : null;
  const playerBase = embed === 'youtube' ? settings.lightbox_youtube_embed : settings.lightbox_vimeo_player;
  useEmbeddedPlayer(player, status === 'ready', embed, embed ? originOf(playerBase) : '', closing);
  const [natural, setNatural] = useState<Size | null>(null);
  const onStatus = useCallback((s: Status) => setStatus(s), []);
  const media = useRef<HTMLImageElement & HTMLVideoElement>(null);
  const imageLoaded = (img: HTMLImageElement) => {
    setNatural({ w: img.naturalWidth || 1, h: img.naturalHeight || 1 });
    setStatus('ready');
  };

  // React builds the element before it commits it; a picture or a video that loaded in between
  // (from the cache, or while the first open waited) fired its event to no one. Ask it instead.
  useEffect(() => {
    const el = media.current;
    if (!el) return;
    if (el instanceof HTMLImageElement && el.complete) {
      if (el.naturalWidth > 0) imageLoaded(el);
      else setStatus('error');
    }
    if (el instanceof HTMLVideoElement) {
      if (el.error || el.networkState === HTMLMediaElement.NETWORK_NO_SOURCE) setStatus('error');
      else if (el.readyState >= HTMLMediaElement.HAVE_METADATA) setStatus('ready');
    }
  }, []);
  const { options, url } = item;
  const video: Size = { w: settings.lightbox_video_width, h: settings.lightbox_video_height };
  const full = fullViewPortOf(options.fullViewPort);
  /** Content of its own size (or the item's), scaled down to the holder, or sized to it by `fullViewPort`. */
  const fitted = (size: Size) => (full ? viewportBox(size, area, full) : fitBox(size, area));
  const sized = (base: Size) =>
    fitted({ w: lengthOf(options.width, area.w, base.w), h: lengthOf(options.height, area.h, base.h) });

  let box: Size | null = null;
  let body: ReactNode;
  let error: ReactNode = LIGHTBOX_TEXTS.ajaxFailed;
  /** A status the content decides without loading anything. */
  let known: Status | null = null;
  const frame = (src: string | null, title: string, ref?: (el: HTMLIFrameElement | null) => void) => {
    if (!src) return null;
    return (
      <iframe
        ref={ref}
        src={src}
        title={item.title || title}
        allow="autoplay; fullscreen; picture-in-picture"
        onLoad={() => setStatus('ready')}
      />
    );
  };

  switch (item.type) {
    case 'image':
      error = LIGHTBOX_TEXTS.photoFailed;
      if (natural) box = fitted(natural);
      body = (
        <img
          ref={media}
          src={url}
          alt={item.title || item.caption}
          draggable={false}
          onLoad={(e) => imageLoaded(e.currentTarget)}
          onError={() => setStatus('error')}
        />
      );
      break;
    case 'video': {
      if (embed) {
        const youtube = embed === 'youtube';
        const id = youtube ? youtubeId(url) : vimeoId(url);
        const src = id && embedAddress(embed, playerBase, id, location.origin);
        error = VIDEO_TEXTS.invalid;
        box = sized(video);
        body = frame(src, youtube ? 'YouTube video' : 'Vimeo video', setPlayer);
        if (!src) known = 'error';
        break;
      }
      const v = options.html5video ?? {};
      const preload = v.preload ?? 'metadata';
      error = VIDEO_TEXTS.failed;
      box = sized(video);
      // Without sources of its own, the link's address plays, typed by the item or its extension.
      const own = v.webm || v.h264 || v.ogg ? undefined : url;
      const ownType = options.videoType ?? VIDEO_TYPES[item.extension] ?? 'video/mp4';
      const sources: [string | undefined, string][] = [
        [v.webm, 'video/webm'],
        [v.h264, 'video/mp4'],
        [v.ogg, 'video/ogg'],
        [own, ownType],
      ];
      const present = sources.filter((s): s is [string, string] => Boolean(s[0]));
      body = (
        <video
          ref={media}
          controls={v.controls ?? true}
          preload={preload}
          autoPlay={v.autoplay ?? false}
          poster={v.poster}
          playsInline
          onLoadedMetadata={() => setStatus('ready')}
          onError={() => setStatus('error')}
        >
          {present.map(([src, type], i) => (
            <source
              key={src}
              src={src}
              type={type}
              onError={i === present.length - 1 ? () => setStatus('error') : undefined}
            />
          ))}
        </video>
      );
      // With nothing to preload, the poster is all there is to wait for.
      if (preload === 'none' && status === 'loading') known = 'ready';
      break;
    }
    case 'iframe':
      box = sized(video);
      body = frame(url, 'Embedded page');
      break;
    case 'inline':
      error = LIGHTBOX_TEXTS.popupNotFound;
      body = <InlineContent id={url.replace(/^#/, '')} onStatus={onStatus} />;
      break;
    case 'html':
      error = LIGHTBOX_TEXTS.popupNotFound;
      body = <TemplateContent id={url.replace(/^#/, '')} onStatus={onStatus} />;
      break;
    case 'ajax':
      body = <AjaxContent url={url} request={options.ajax} onStatus={onStatus} />;
      break;
    default: {
      const plugin = item.type === 'flash' ? 'Flash' : 'QuickTime';
      known = 'error';
      error = (
        <>
          {LIGHTBOX_TEXTS.missingPlugin(plugin)}{' '}
          <a href={PLUGIN_DOWNLOADS[plugin]} rel="noopener noreferrer" target="_blank">
            Download {plugin}
          </a>
        </>
      );
    }
  }

  const shown = known ?? status;
  // Page content has no size of its own to keep: filling or stretching gives it the holder.
  if (!box && full && full !== 'fit' && (item.type === 'inline' || item.type === 'html' || item.type === 'ajax'))
    box = viewportBox(area, area, full);
  const style = box ? { width: (box as Size).w, height: (box as Size).h } : undefined;
  return (
    <div className="wm-lb__slide" data-type={item.type} data-status={shown}>
      <div className="wm-lb__content" style={style} data-fit={full ?? undefined} hidden={shown === 'error'}>
        {body}
      </div>
      {shown === 'loading' && (
        <p className="wm-lb__loading" role="status">
          <span>{LOADING_TEXT}</span>
        </p>
      )}
      {shown === 'error' && (
        <p className="wm-lb__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
