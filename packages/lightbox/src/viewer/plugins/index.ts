import type { ViewerApi, ViewerPlugin } from '../api.js';
// In the order the slots show them, which the bundle keeps (it packs smaller that way).
import { Slideshow } from './slideshow.js';
import { Fullscreen } from './fullscreen.js';
import { SideArrows } from './side-arrows.js';
import { Thumbnails } from './thumbnails.js';
import { Caption } from './caption.js';
import { Sharing } from './sharing.js';

/**
 * The lightbox's features beyond showing one item, each a plugin in a file of its own that the
 * core renders in a slot: slideshow, fullscreen, side arrows, thumbnails, title and caption, and
 * social sharing. These are the ones the settings ask for, in the order their slots show them.
 */
export function pluginsFor(api: Pick<ViewerApi, 'settings' | 'items'>): ViewerPlugin[] {
  const { settings, items } = api;
  const gallery = settings.lightbox_gallery && items.length > 1;
  const plugins: ViewerPlugin[] = [];
  if (gallery) plugins.push({ name: 'slideshow', slot: 'toolbar', Component: Slideshow });
  plugins.push({ name: 'fullscreen', slot: 'toolbar', Component: Fullscreen });
  if (settings.lightbox_arrows && items.length > 1)
    plugins.push({ name: 'arrows', slot: 'holder', Component: SideArrows });
  if (gallery) plugins.push({ name: 'thumbnails', slot: 'strip', Component: Thumbnails });
  plugins.push({ name: 'caption', slot: 'holder', Component: Caption });
  if (settings.lightbox_social) plugins.push({ name: 'social', slot: 'footer', Component: Sharing });
  return plugins;
}
