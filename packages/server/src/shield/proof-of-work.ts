import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { SharedState } from '../shared-state/shared-state.js';
import type { ShieldKeys } from './keys.js';

/**
 * The step-up puzzle, ALTCHA-style: the server picks a secret number under `maxnumber`, sends
 * the SHA-256 of salt and number with its signature, and the page finds the number by trying
 * each one (crypto.subtle in the page). The salt carries the expiry; a solution is good once.
 * Stateless to issue: any instance checks what any other issued; only the spent set is shared.
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
 * The page tries one `crypto.subtle.digest` per number, about 30 µs each on a busy desktop
 * core (bench/shield-pow.bench.ts): 15,000 keeps the median under a second on a phone 4× slower.
 */
export const POW_MAX_NUMBER = 15_000;
export const POW_LIFE_SECONDS = 600;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sign = (keys: ShieldKeys, challenge: string) => keys.mac('proof-of-work', challenge);

export function issueChallenge(keys: ShieldKeys, now = Date.now(), maxnumber = POW_MAX_NUMBER): Challenge {
  const salt = `${randomBytes(12).toString('hex')}?expires=${Math.floor(now / 1000) + POW_LIFE_SECONDS}`;
  const challenge = sha256(salt + randomInt(0, maxnumber + 1));
  return { algorithm: 'SHA-256', challenge, maxnumber, salt, signature: sign(keys, challenge) };
}

export type SolutionCheck = 'ok' | 'invalid' | 'expired' | 'replayed';

/** Reads the page's answer (base64 of the solution's JSON), checks it and spends it. */
export async function checkSolution(
  keys: ShieldKeys,
  state: SharedState,
  payload: unknown,
  now = Date.now(),
): Promise<SolutionCheck> {
  if (typeof payload !== 'string' || payload.length > 2_000) return 'invalid';
  let solution: Partial<Solution>;
  try {
    solution = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Partial<Solution>;
  } catch {
    return 'invalid';
  }
  const { algorithm, challenge, number, salt, signature } = solution;
  if (algorithm !== 'SHA-256' || typeof challenge !== 'string' || typeof salt !== 'string') return 'invalid';
  if (typeof signature !== 'string' || typeof number !== 'number' || !Number.isInteger(number) || number < 0) {
    return 'invalid';
  }
  if (!/^[0-9a-f]{64}$/.test(challenge) || !keys.same(signature, sign(keys, challenge))) return 'invalid';
  if (sha256(salt + number) !== challenge) return 'invalid';
  const expires = Number(/[?&]expires=(\d+)/.exec(salt)?.[1] ?? NaN);
  if (!(expires * 1000 > now)) return 'expired';
  return (await state.claim(`shield:pow:${challenge}`, POW_LIFE_SECONDS + 60)) ? 'ok' : 'replayed';
}
