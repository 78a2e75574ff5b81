import type { DecodeResultItem } from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';
import { clientHash, visitorHash } from '../shield/index.js';
import { contactHash, readContactPass } from './pass.js';

/**
 * A person's share of contacts: at most `contactRevealsPerHour` distinct contacts an hour for one
 * visitor (address and browser) and for one address. Contacts the visitor's pass already holds
 * are free; the rest count in order (the page puts the clicked contact first), and once either
 * count is spent the rest stay sealed. Signed-in users are not counted.
 */

export const REVEALS_LIMITED = 'You have revealed as many contacts as we allow in an hour. Please try again later.';

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
  const counters = [
    `contacts:reveals:v:${visitorHash(keys, request)}`,
    `contacts:reveals:a:${clientHash(keys, request)}`,
  ];
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
        const counts = await Promise.all(counters.map((key) => app.state.hit(key, 3_600)));
        spent = counts.some((count) => count > limit);
      }
      if (spent) {
        data.push(refused(value, REVEALS_LIMITED));
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
