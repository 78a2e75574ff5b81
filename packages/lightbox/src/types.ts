import type { LightboxSettings } from '@waymark/protocol';

/** The content types of a lightbox item (directory spec, section 3, "Lightbox item"). */
export type ItemType = 'image' | 'video' | 'iframe' | 'inline' | 'ajax' | 'html' | 'flash' | 'quicktime';

/** Where a video plays: the page's own player, or an embedded service. */
export type VideoSource = 'html5' | 'youtube' | 'vimeo';

export interface Html5Video {
  webm?: string;
  h264?: string;
  ogg?: string;
  controls?: boolean;
  preload?: 'none' | 'metadata' | 'auto';
  autoplay?: boolean;
  poster?: string;
}

export interface AjaxRequest {
  /** GET unless an item says otherwise. */
  type?: 'GET' | 'POST';
  data?: Record<string, string>;
}

/** Per-item options, from the link's `data-options` JSON. */
export interface ItemOptions {
  thumbnail?: string;
  videoType?: string;
  skin?: string;
  /** Pixels, or a percentage of the holder. */
  width?: number | string;
  height?: number | string;
  mousewheel?: boolean;
  swipe?: boolean;
  social?: boolean;
  html5video?: Html5Video;
  flashvars?: string;
  fullViewPort?: 'fill' | 'fit' | 'stretch';
  icon?: string;
  ajax?: AjaxRequest;
}

export interface LightboxItem {
  url: string;
  type: ItemType;
  /** Set for videos: the page's own player, YouTube or Vimeo. */
  source?: VideoSource;
  title: string;
  caption: string;
  /** The file extension of the URL, lower case, or ''. */
  extension: string;
  index: number;
  options: ItemOptions;
}

export type { LightboxSettings };
