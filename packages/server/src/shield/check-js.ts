import { randomBytes } from 'node:crypto';
import { NONCE_SLOT_SECONDS } from '@waymark/protocol';
import type { ShieldKeys } from './keys.js';

/**
 * The check-js key printed as `ctPublic.ct_checkjs_key`: the page's script stores it as
 * `ct_checkjs`, which a form post without a script cannot have. *Waymark:* it is one page's,
 * not everyone's: the rotating site key (every 12 hours, the current and the previous one
 * accepted) followed by the page's issue time, a random part and a signature over all three.
 * So the signals that carry it are bound to the page they were gathered on, and a claim on its
 * page part (see `claimPageKey`) keeps one page's signals to one client. Only `[0-9a-z]`, as
 * the original script and the alt-session coercion expect of it.
 */
const slotOf = (now: number) => Math.floor(now / 1000 / NONCE_SLOT_SECONDS);
const keyFor = (keys: ShieldKeys, slot: number) => keys.mac('check-js', String(slot)).slice(0, 16);
const pageSign = (keys: ShieldKeys, body: string) => keys.mac('check-js-page', body).slice(0, 20);

/** As long as the previous slot's key is accepted: a page left open for an afternoon still decodes. */
export const CHECK_JS_MAX_AGE_MS = 2 * NONCE_SLOT_SECONDS * 1000;
const FORMAT = /^([0-9a-f]{16})([0-9a-z]{9})([0-9a-f]{10})([0-9a-f]{20})$/;

export function checkJsKey(keys: ShieldKeys, now = Date.now()): string {
  const body = `${keyFor(keys, slotOf(now))}${now.toString(36).padStart(9, '0')}${randomBytes(5).toString('hex')}`;
  return body + pageSign(keys, body);
}

/** The page part of a valid key (what one client may claim), or null. */
export function checkJsPage(keys: ShieldKeys, value: unknown, now = Date.now()): string | null {
  const match = typeof value === 'string' ? FORMAT.exec(value) : null;
  if (!match) return null;
  const [, site = '', time = '', random = '', signature = ''] = match;
  const slot = slotOf(now);
  if (!keys.same(site, keyFor(keys, slot)) && !keys.same(site, keyFor(keys, slot - 1))) return null;
  if (!keys.same(signature, pageSign(keys, site + time + random))) return null;
  const at = parseInt(time, 36);
  if (at > now + 60_000 || now - at > CHECK_JS_MAX_AGE_MS) return null;
  return signature;
}

export const verifyCheckJs = (keys: ShieldKeys, value: unknown, now = Date.now()): boolean =>
  checkJsPage(keys, value, now) !== null;
