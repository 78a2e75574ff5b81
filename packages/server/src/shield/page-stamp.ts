import { randomBytes } from 'node:crypto';
import type { SharedState } from '../shared-state/shared-state.js';
import type { ShieldKeys } from './keys.js';

/**
 * The page-set time as the server recorded it: `<ms base 36>.<random>.<signature>`, printed as
 * the honeypot's unique value in every protected form. A script can read it but cannot make one
 * with an earlier time, so the time from page-set to submit cannot be faked longer.
 * Random part and signature are base64url, not hex: long runs of hex digits look like phone
 * numbers to harvesters and to our own harvester test.
 */

/** As long as a form nonce lives at the least: a page left open for an afternoon still posts. */
export const PAGE_STAMP_MAX_AGE_MS = 12 * 3_600_000;

export function makePageStamp(keys: ShieldKeys, now = Date.now()): string {
  const body = `${now.toString(36)}.${randomBytes(6).toString('base64url')}`;
  return `${body}.${sign(keys, body)}`;
}

const sign = (keys: ShieldKeys, body: string) =>
  Buffer.from(keys.mac('page-set', body), 'hex').subarray(0, 15).toString('base64url');

/** The stamp's time in ms, or null when it is not one this server made or it is out of date. */
export function readPageStamp(keys: ShieldKeys, value: unknown, now = Date.now()): number | null {
  if (typeof value !== 'string' || value.length > 64) return null;
  const match = /^([0-9a-z]{1,12})\.([\w-]{8})\.([\w-]{20})$/.exec(value);
  if (!match) return null;
  const [, time = '', random = '', signature = ''] = match;
  if (!keys.same(signature, sign(keys, `${time}.${random}`))) return null;
  const at = parseInt(time, 36);
  // A minute of slack for clocks between instances.
  if (at > now + 60_000 || now - at > PAGE_STAMP_MAX_AGE_MS) return null;
  return at;
}

/**
 * Claims a valid stamp for the client that first posts with it; answers false when another
 * client already has. A page's stamp is one visitor's: copied into a script that posts from
 * many addresses, it fails from the second on. The same visitor may post twice from one page
 * (a second comment, a form sent again after a wrong field), so it is not one post only. The
 * claims live in the shared state, as long as the stamp, so every instance agrees.
 */
export async function claimPageStamp(state: SharedState, stamp: string, client: string): Promise<boolean> {
  const signature = stamp.slice(stamp.lastIndexOf('.') + 1);
  return claimForClient(state, `shield:stamp:${signature}`, client, Math.ceil(PAGE_STAMP_MAX_AGE_MS / 1000) + 60);
}

/** Claims `key` for the first client; later the same client still holds it, any other does not. */
export async function claimForClient(state: SharedState, key: string, client: string, ttl: number): Promise<boolean> {
  if (await state.claim(key, ttl)) {
    await state.claim(`${key}:${client}`, ttl);
    return true;
  }
  // Already used: fine only for the client that holds it, whose claim is already there.
  return !(await state.claim(`${key}:${client}`, ttl));
}
