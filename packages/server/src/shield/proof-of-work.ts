import { pbkdf2Sync, randomBytes, randomInt } from 'node:crypto';
import { POW_ALGORITHM } from '@waymark/protocol';
import type { SharedState } from '../shared-state/shared-state.js';
import type { ShieldKeys } from './keys.js';
import { POW_COST, PRICE_STEPS } from './price.js';

/**
 * The step-up puzzle, ALTCHA-style: the server picks a secret number under `maxnumber`, sends
 * the digest of salt and number with its signature, and the page finds the number by trying
 * each one. A number's digest is PBKDF2-SHA-256 of salt and number with `cost` iterations
 * (Web Crypto's `deriveBits` in the page), so each try is one native loop in a browser and in a
 * script alike: a farm cannot pay a hundredth of what the page pays, as it could with one
 * SHA-256 per try. The salt carries the expiry, the price (cost and numbers) and a binding to the
 * visitor, the page and the token of the submission that was asked (the challenge hashes the
 * salt, so none of them can be changed); a solution is good once. Stateless to issue: any
 * instance checks what any other issued; only the spent set is shared.
 */

export interface Challenge {
  algorithm: typeof POW_ALGORITHM;
  challenge: string;
  maxnumber: number;
  /** PBKDF2 iterations per number tried. */
  cost: number;
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

/** A person's first doubted post: the ladder's first step. */
export const POW_MAX_NUMBER = PRICE_STEPS[0];
export const POW_LIFE_SECONDS = 600;

/** One number's digest, as the page computes it. */
export const powDigest = (salt: string, number: number, cost: number) =>
  pbkdf2Sync(`${salt}${number}`, salt, cost, 32, 'sha256').toString('hex');
const sign = (keys: ShieldKeys, challenge: string) => keys.mac('proof-of-work', challenge);

export interface IssueOptions {
  now?: number;
  maxnumber?: number;
  cost?: number;
  /** What the answer must come back with (`bindingOf`): the visitor, page and token asked. */
  bind?: string;
}

/** The binding of a submission: who sent it, from which page, with which token. */
export const bindingOf = (keys: ShieldKeys, visitor: string, stamp: string, token: string) =>
  keys.mac('proof-of-work-bind', `${visitor}|${stamp}|${token}`).slice(0, 32);

export function issueChallenge(
  keys: ShieldKeys,
  { now = Date.now(), maxnumber = POW_MAX_NUMBER, cost = POW_COST, bind = '' }: IssueOptions = {},
): Challenge {
  const expires = Math.floor(now / 1000) + POW_LIFE_SECONDS;
  const salt = `${randomBytes(12).toString('hex')}?expires=${expires}&max=${maxnumber}&cost=${cost}&bind=${bind}`;
  const challenge = powDigest(salt, randomInt(0, maxnumber + 1), cost);
  return { algorithm: POW_ALGORITHM, challenge, maxnumber, cost, salt, signature: sign(keys, challenge) };
}

export type SolutionCheck =
  | { state: 'ok'; /** The numbers the answered puzzle had: the price paid. */ paid: number }
  | { state: 'invalid' | 'expired' | 'replayed' };

/** The largest cost an answer may claim, so a forged salt cannot make the check itself dear. */
const MAX_COST = POW_COST * 10;

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
  const invalid = { state: 'invalid' } as const;
  if (typeof payload !== 'string' || payload.length > 2_000) return invalid;
  let solution: Partial<Solution>;
  try {
    solution = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Partial<Solution>;
  } catch {
    return invalid;
  }
  if (typeof solution !== 'object' || solution === null) return invalid;
  const { algorithm, challenge, number, salt, signature } = solution;
  if (algorithm !== POW_ALGORITHM || typeof challenge !== 'string' || typeof salt !== 'string') return invalid;
  if (typeof signature !== 'string' || typeof number !== 'number' || !Number.isInteger(number) || number < 0) {
    return invalid;
  }
  // The signature first: only a challenge this site issued is worth a digest.
  if (!/^[0-9a-f]{64}$/.test(challenge) || !keys.same(signature, sign(keys, challenge))) return invalid;
  const params = new URLSearchParams(salt.slice(salt.indexOf('?') + 1));
  const cost = Number(params.get('cost'));
  const paid = Number(params.get('max'));
  if (!Number.isInteger(cost) || cost < 1 || cost > MAX_COST || !Number.isInteger(paid)) return invalid;
  if ((params.get('bind') ?? '') !== bind) return invalid;
  if (powDigest(salt, number, cost) !== challenge) return invalid;
  const expires = Number(params.get('expires') ?? NaN);
  if (!(expires * 1000 > now)) return { state: 'expired' };
  return (await state.claim(`shield:pow:${challenge}`, POW_LIFE_SECONDS + 60))
    ? { state: 'ok', paid }
    : { state: 'replayed' };
}
