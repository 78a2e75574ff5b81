import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { SharedState } from '../shared-state/shared-state.js';
import type { ShieldKeys } from './keys.js';

/**
 * The step-up puzzle, ALTCHA-style: the server picks a secret number under `maxnumber`, sends
 * the SHA-256 of salt and number with its signature, and the page finds the number by trying
 * each one (crypto.subtle in the page). The salt carries the expiry and a binding to the
 * visitor, the page and the token of the submission that was asked (the challenge hashes the
 * salt, so neither can be changed); a solution is good once. Stateless to issue: any instance
 * checks what any other issued; only the spent set is shared.
 */

export interface Challenge {
  algorithm: 'SHA-256';
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

export interface Solution {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

/**
 * The page tries numbers in batches of `crypto.subtle.digest` calls, about 15 µs each on a busy
 * desktop core (bench/shield-pow.bench.ts): 12,000 keeps the median (6,000 numbers) near 0.3 s on
 * a phone 4× slower. The cost to a bot is what it pays per post: about 6,000 SHA-256 of a short
 * text, a few ms of native hashing, and a round trip; it cannot post without paying it.
 */
export const POW_MAX_NUMBER = 12_000;
export const POW_LIFE_SECONDS = 600;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sign = (keys: ShieldKeys, challenge: string) => keys.mac('proof-of-work', challenge);

export interface IssueOptions {
  now?: number;
  maxnumber?: number;
  /** What the answer must come back with (`bindingOf`): the visitor, page and token asked. */
  bind?: string;
}

/** The binding of a submission: who sent it, from which page, with which token. */
export const bindingOf = (keys: ShieldKeys, visitor: string, stamp: string, token: string) =>
  keys.mac('proof-of-work-bind', `${visitor}|${stamp}|${token}`).slice(0, 32);

export function issueChallenge(
  keys: ShieldKeys,
  { now = Date.now(), maxnumber = POW_MAX_NUMBER, bind = '' }: IssueOptions = {},
): Challenge {
  const expires = Math.floor(now / 1000) + POW_LIFE_SECONDS;
  const salt = `${randomBytes(12).toString('hex')}?expires=${expires}&bind=${bind}`;
  const challenge = sha256(salt + randomInt(0, maxnumber + 1));
  return { algorithm: 'SHA-256', challenge, maxnumber, salt, signature: sign(keys, challenge) };
}

export type SolutionCheck = 'ok' | 'invalid' | 'expired' | 'replayed';

/**
 * Reads the page's answer (base64 of the solution's JSON), checks it against the binding of the
 * submission it came with, and spends it. An answer for another visitor, page or token is invalid.
 */
export async function checkSolution(
  keys: ShieldKeys,
  state: SharedState,
  payload: unknown,
  { now = Date.now(), bind = '' }: { now?: number; bind?: string } = {},
): Promise<SolutionCheck> {
  if (typeof payload !== 'string' || payload.length > 2_000) return 'invalid';
  let solution: Partial<Solution>;
  try {
    solution = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Partial<Solution>;
  } catch {
    return 'invalid';
  }
  if (typeof solution !== 'object' || solution === null) return 'invalid';
  const { algorithm, challenge, number, salt, signature } = solution;
  if (algorithm !== 'SHA-256' || typeof challenge !== 'string' || typeof salt !== 'string') return 'invalid';
  if (typeof signature !== 'string' || typeof number !== 'number' || !Number.isInteger(number) || number < 0) {
    return 'invalid';
  }
  if (!/^[0-9a-f]{64}$/.test(challenge) || !keys.same(signature, sign(keys, challenge))) return 'invalid';
  if (sha256(salt + number) !== challenge) return 'invalid';
  const params = new URLSearchParams(salt.slice(salt.indexOf('?') + 1));
  if ((params.get('bind') ?? '') !== bind) return 'invalid';
  const expires = Number(params.get('expires') ?? NaN);
  if (!(expires * 1000 > now)) return 'expired';
  return (await state.claim(`shield:pow:${challenge}`, POW_LIFE_SECONDS + 60)) ? 'ok' : 'replayed';
}
