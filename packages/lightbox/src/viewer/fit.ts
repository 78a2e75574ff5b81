import { LIGHTBOX } from '@waymark/protocol';

export interface Size {
  w: number;
  h: number;
}

/** A size option: pixels, or a percentage of the available length. */
export function lengthOf(value: number | string | undefined, available: number, fallback: number): number {
  if (typeof value === 'number' && value > 0) return value;
  if (typeof value === 'string') {
    const n = Number.parseFloat(value);
    if (n > 0) return value.trim().endsWith('%') ? (available * n) / 100 : n;
  }
  return fallback;
}

/**
 * Content is scaled down to fit the holder, never up, and never below the site's minimum scale
 * (spec, section 9: scale 0.2 to 1, the site sets the minimum to 0.075).
 */
export function fitScale(content: Size, area: Size, minScale: number = LIGHTBOX.scale.siteMin): number {
  if (content.w <= 0 || content.h <= 0 || area.w <= 0 || area.h <= 0) return 1;
  const scale = Math.min(LIGHTBOX.scale.max, area.w / content.w, area.h / content.h);
  return Math.max(minScale, scale);
}

export function fitBox(content: Size, area: Size): Size {
  const scale = fitScale(content, area);
  return { w: Math.round(content.w * scale), h: Math.round(content.h * scale) };
}

/** The `fullViewPort` item option. */
export type FullViewPort = 'fit' | 'fill' | 'stretch';

export const fullViewPortOf = (value: unknown): FullViewPort | null =>
  value === 'fit' || value === 'fill' || value === 'stretch' ? value : null;

/**
 * Content sized to the whole holder rather than to its own size (iLightbox's `fullViewPort`):
 * 'fit' scales it up or down until it meets the holder's edges, its proportions kept; 'fill'
 * covers the holder, the overflow cropped; 'stretch' covers it, the proportions given up. The
 * box is the holder for the last two: how the picture fills it is the content's CSS.
 */
export function viewportBox(content: Size, area: Size, mode: FullViewPort): Size {
  if (mode !== 'fit' || content.w <= 0 || content.h <= 0) return { w: Math.round(area.w), h: Math.round(area.h) };
  const scale = Math.min(area.w / content.w, area.h / content.h);
  return { w: Math.round(content.w * scale), h: Math.round(content.h * scale) };
}
