import { randomBytes } from 'node:crypto';
import { SHIELD } from '@waymark/protocol';
import type { SharedState } from '../shared-state/shared-state.js';
import type { ShieldKeys } from './keys.js';

/**
 * *Waymark* event tokens: 64 hex characters, `<issue time, 8>` `<random, 24>` `<signature, 32>`,
 * the signature binding time and random part to the visitor. Good for an hour, and once: the
 * first submission that carries one claims it in the shared replay set.
 */

export const TOKEN_LIFE_SECONDS = SHIELD.botDetectorKeyCookieSeconds;

export type TokenCheck = 'ok' | 'invalid' | 'expired';

const sign = (keys: ShieldKeys, body: string, visitor: string) =>
  keys.mac('event-token', `${body}|${visitor}`).slice(0, 32);

/**
 * `person` marks (in the signed body's ninth character) a token issued against page signals that
 * already showed a person (`pageReasons` found nothing): only such a token opens the decoder.
 */
export function issueEventToken(keys: ShieldKeys, visitor: string, now = Date.now(), person = false): string {
  const body =
    Math.floor(now / 1000)
      .toString(16)
      .padStart(8, '0') +
    (person ? '1' : '0') +
    randomBytes(12).toString('hex').slice(1);
  return body + sign(keys, body, visitor);
}

/** Whether a token (checked with `checkEventToken`) was issued against a person's signals. */
export const issuedToPerson = (token: string) => token.charAt(8) === '1';

export function checkEventToken(keys: ShieldKeys, token: string, visitor: string, now = Date.now()): TokenCheck {
  if (!/^[0-9a-f]{64}$/.test(token)) return 'invalid';
  const body = token.slice(0, 32);
  if (!keys.same(token.slice(32), sign(keys, body, visitor))) return 'invalid';
  const age = Math.floor(now / 1000) - parseInt(body.slice(0, 8), 16);
  if (age < -60) return 'invalid';
  return age > TOKEN_LIFE_SECONDS ? 'expired' : 'ok';
}

/** False when the token was claimed before: a replay. */
export const claimEventToken = (state: SharedState, token: string) =>
  state.claim(`shield:token:${token}`, TOKEN_LIFE_SECONDS + 120);
