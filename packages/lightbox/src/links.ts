import { LIGHTBOX } from '@waymark/protocol';
import type { ItemOptions, ItemType, LightboxItem, VideoSource } from './types.js';

/**
 * What a link is to the lightbox: whether it may open in it, and as what. Pure functions of the
 * link's address and attributes, so the page code and the tests share them.
 */

const IMAGE_EXTENSIONS = new Set(['bmp', 'gif', 'jpeg', 'jpg', 'png', 'tiff', 'tif', 'jfif', 'jpe', 'svg', 'webp']);
const VIDEO_EXTENSIONS = new Set(['mp4', 'ogg', 'ogv', 'webm', 'm4v']);
const FLASH_EXTENSIONS = new Set(['swf']);
const QUICKTIME_EXTENSIONS = new Set(['mov', 'qt']);
const TYPES: readonly ItemType[] = ['image', 'video', 'iframe', 'inline', 'ajax', 'html', 'flash', 'quicktime'];

const YOUTUBE = /^(?:https?:)?\/\/(?:www\.|m\.)?(?:youtube(?:-nocookie)?\.com|youtu\.be)\//i;
const VIMEO = /^(?:https?:)?\/\/(?:www\.|player\.)?vimeo\.com\//i;

/** The extension of the address's path, lower case, without query or fragment. */
export function extensionOf(href: string): string {
  const path = href.split(/[?#]/)[0] ?? '';
  const match = /\.([a-z0-9]{2,5})$/i.exec(path);
  return match?.[1]?.toLowerCase() ?? '';
}

export const isYouTube = (href: string) => YOUTUBE.test(href);
export const isVimeo = (href: string) => VIMEO.test(href);

/** Spec, section 5: only these addresses open in the lightbox (unless a type is given). */
export function isLightboxAddress(href: string): boolean {
  const lower = href.toLowerCase();
  const hasExtension = LIGHTBOX.extensions.some((ext) => new RegExp(`\\.${ext}(?:$|[?#&/])`).test(lower));
  return hasExtension || isYouTube(href) || isVimeo(href);
}

/** The type from the data attribute, else from the extension, else iframe. */
export function inferType(href: string, declared?: string | null): { type: ItemType; source?: VideoSource } {
  const wanted = declared?.trim().toLowerCase();
  if (wanted && (TYPES as readonly string[]).includes(wanted)) {
    const type = wanted as ItemType;
    return type === 'video' ? { type, source: videoSource(href) } : { type };
  }
  if (isYouTube(href)) return { type: 'video', source: 'youtube' };
  if (isVimeo(href)) return { type: 'video', source: 'vimeo' };
  const ext = extensionOf(href);
  if (IMAGE_EXTENSIONS.has(ext)) return { type: 'image' };
  if (VIDEO_EXTENSIONS.has(ext)) return { type: 'video', source: 'html5' };
  if (FLASH_EXTENSIONS.has(ext)) return { type: 'flash' };
  if (QUICKTIME_EXTENSIONS.has(ext)) return { type: 'quicktime' };
  return { type: 'iframe' };
}

function videoSource(href: string): VideoSource {
  if (isYouTube(href)) return 'youtube';
  if (isVimeo(href)) return 'vimeo';
  return 'html5';
}

/** The YouTube video id, or null when the address holds none of the 11 characters it needs. */
export function youtubeId(href: string): string | null {
  if (!isYouTube(href)) return null;
  const match = /[?&]v=([^&#]*)/.exec(href) ?? /(?:youtu\.be|\/embed|\/shorts|\/v)\/([^/?#&]*)/.exec(href);
  const id = match?.[1] ?? '';
  return id.length === LIGHTBOX.youtubeIdLength && /^[\w-]+$/.test(id) ? id : null;
}

/** The numeric Vimeo video id, or null. */
export function vimeoId(href: string): string | null {
  if (!isVimeo(href)) return null;
  return /vimeo\.com\/(?:video\/|channels\/[\w-]+\/)?(\d+)/.exec(href)?.[1] ?? null;
}

/** `iLightbox[name]` (in `data-rel` or `rel`): the gallery name; '' for a lone item; null if not ours. */
export function galleryOf(rel: string | null): string | null {
  if (!rel) return null;
  const match = /^ilightbox(?:\[([^\]]*)\])?/i.exec(rel.trim());
  if (!match) return null;
  return (match[1] ?? '').trim();
}

/** `data-options` is JSON; anything else is ignored rather than evaluated. */
export function parseOptions(text: string | null | undefined): ItemOptions {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as ItemOptions) : {};
  } catch {
    return {};
  }
}

/** The lightbox item a link stands for. */
export function itemFromLink(link: Element, index: number): LightboxItem {
  const url = link.getAttribute('href') ?? '';
  const { type, source } = inferType(url, link.getAttribute('data-type'));
  return {
    url,
    type,
    ...(source ? { source } : {}),
    title: link.getAttribute('data-title') ?? link.getAttribute('title') ?? '',
    caption: link.getAttribute('data-caption') ?? '',
    extension: extensionOf(url),
    index,
    options: parseOptions(link.getAttribute('data-options')),
  };
}
