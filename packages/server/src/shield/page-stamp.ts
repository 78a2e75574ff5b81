import { randomBytes } from 'node:crypto';
import type { ShieldKeys } from './keys.js';

/**
 * The page-set time as the server recorded it: `<ms base 36>.<random>.<signature>`, printed as
 * the honeypot's unique value in every protected form. A script can read it but cannot make one
 * with an earlier time, so the time from page-set to submit cannot be faked longer.
 * Random part and signature are base64url, not hex: long runs of hex digits look like phone
 * numbers to harvesters and to our own harvester test.
 */

export const PAGE_STAMP_MAX_AGE_MS = 2 * 86_400_000;

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
