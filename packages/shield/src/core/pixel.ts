import { ANTISPAM_CALLS, SHIELD, SIGNAL } from '@waymark/protocol/plain';
import { botDetectorOn, pub, str } from './config.js';
import type { Requester } from './request.js';
import type { Store } from './store.js';

/**
 * The pixel (spec section 4): drawn once by the script when the setting is 2, or 3 with the bot
 * detector off; its URL is accepted only when it starts with https and is cached for 10800 s.
 * Setting 1 means the server drew it, 0 that there is none. *Waymark:* the site's own origin is
 * accepted too, so a plain-http install (whose pixel follows its own scheme) still draws it.
 */
export const PIXEL_CALL = ANTISPAM_CALLS.pixelUrl;

const accepted = (url: unknown): url is string =>
  typeof url === 'string' && (url.startsWith('https') || url.startsWith(`${location.origin}/`));

export async function startPixel(store: Store, request: Requester): Promise<void> {
  const setting = Number(pub().pixel__setting);
  if (setting !== 2 && !(setting === 3 && !botDetectorOn())) return;
  if (document.querySelector('img.apbct-pixel')) return;
  let url: unknown = store.get(SIGNAL.pixelUrl);
  if (!accepted(url)) {
    url = str(pub().pixel__url);
    if (!accepted(url)) url = await request(PIXEL_CALL).catch(() => '');
    if (!accepted(url)) return;
    // Only a fetched URL starts the cache's 10800 s; reading it does not make it younger.
    store.set(SIGNAL.pixelUrl, url, SHIELD.pixelCacheSeconds);
  }
  const img = document.createElement('img');
  img.src = url;
  img.alt = '';
  img.width = img.height = 1;
  img.className = 'apbct-pixel';
  img.style.cssText = 'position:absolute;left:-9999px';
  document.body.append(img);
}
