import { NONCE_SLOT_SECONDS } from '@waymark/protocol';
import type { ShieldKeys } from './keys.js';

/**
 * The check-js key printed as `ctPublic.ct_checkjs_key`: the page's script stores it as
 * `ct_checkjs`, which a form post without a script cannot have. It rotates every 12 hours and
 * the current and the previous key are accepted.
 */
const slotOf = (now: number) => Math.floor(now / 1000 / NONCE_SLOT_SECONDS);
const keyFor = (keys: ShieldKeys, slot: number) => keys.mac('check-js', String(slot)).slice(0, 16);

export const checkJsKey = (keys: ShieldKeys, now = Date.now()) => keyFor(keys, slotOf(now));

export function verifyCheckJs(keys: ShieldKeys, value: unknown, now = Date.now()): boolean {
  if (typeof value !== 'string' || !/^[0-9a-f]{16}$/.test(value)) return false;
  const slot = slotOf(now);
  return keys.same(value, keyFor(keys, slot)) || keys.same(value, keyFor(keys, slot - 1));
}
