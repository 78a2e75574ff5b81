import type { DecodeResultItem } from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';
import { clientHash, visitorHash } from '../shield/index.js';
import { contactHash, readContactPass } from './pass.js';

/**
 * A person's share of contacts: at most `contactRevealsPerHour` distinct contacts an hour for one
 * visitor (address and browser), and `ADDRESS_SHARE` times as many for one address, where an
 * office, a family or a phone network's visitors reveal for themselves, not for each other.
 * Contacts the visitor's pass already holds are free; the rest count in order (the page sends
 * the tapped contact), and once either count is spent the rest stay sealed. The hour is the
 * clock's, so the refusal can say when the share comes back. Signed-in users are not counted.
 */

export const ADDRESS_SHARE = 10;
const HOUR_MS = 3_600_000;

/** The refusal once a share is spent: what to do, and when it returns. */
export const revealsLimited = (minutes: number) =>
  `You have revealed as many contacts as we allow in an hour. More open in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}; signed-in members have no limit.`;

/** A decoded value as the page shows it: a `mailto:` tail without its `?subject=…` part. */
export const shown = (value: string) => value.split('?')[0] ?? value;

const refused = (value: string, comment: string): DecodeResultItem => ({
  is_allowed: false,
  show_comment: true,
  comment,
  encoded_email: value,
  decoded_email: '',
});

export async function revealWithin(request: FastifyRequest, encoded: string[]): Promise<DecodeResultItem[]> {
  const app = request.server;
  const { keys } = app.shield;
  const limit = app.shield.settings().contactRevealsPerHour;
  const known = request.user ? null : readContactPass(keys, request);
  const now = Date.now();
  const hour = Math.floor(now / HOUR_MS);
  const shares: [string, number][] = [
    [`contacts:reveals:v:${hour}:${visitorHash(keys, request)}`, limit],
    [`contacts:reveals:a:${hour}:${clientHash(keys, request)}`, limit * ADDRESS_SHARE],
  ];
  const comment = revealsLimited(Math.max(1, Math.ceil(((hour + 1) * HOUR_MS - now) / 60_000)));
  let spent = false;
  const data: DecodeResultItem[] = [];
  for (const value of encoded) {
    const decoded = app.contacts.cipher.open(value);
    if (decoded === null) {
      data.push(refused(value, 'This contact cannot be decoded.'));
      continue;
    }
    if (known && !known.has(contactHash(keys, shown(decoded)))) {
      if (!spent) {
        const counts = await Promise.all(shares.map(([key]) => app.state.hit(key, 3_600)));
        spent = counts.some((count, i) => count > (shares[i]?.[1] ?? 0));
      }
      if (spent) {
        data.push(refused(value, comment));
        continue;
      }
    }
    data.push({
      is_allowed: true,
      show_comment: false,
      comment: 'Allowed',
      encoded_email: value,
      decoded_email: decoded,
    });
  }
  return data;
}
