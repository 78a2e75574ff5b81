import { STEP_UP_ANSWER } from '@waymark/protocol/plain';
import { isObject } from './block.js';
import { base64Json } from './encode.js';

/**
 * The step-up puzzle, ALTCHA-style: the server sends the digest of a salt and a secret number
 * under `maxnumber` (PBKDF2-SHA-256 with `cost` iterations, native in Web Crypto as in a
 * script's runtime); the page finds the number by trying each in turn and answers with it. A
 * person's first doubted post waits well under a second on a phone; a farm pays for every post,
 * more the more it posts.
 */

interface Challenge {
  challenge: string;
  maxnumber: number;
  cost: number;
  salt: string;
}

/** The puzzle a step-up answer carries, or null for any other answer. */
export function stepUpOf(body: unknown): Challenge | null {
  const c = isObject(body) ? body[STEP_UP_ANSWER] : null;
  return isObject(c) && typeof c.challenge === 'string' && typeof c.salt === 'string' && (c.cost as number) > 0
    ? (c as unknown as Challenge)
    : null;
}

/**
 * Digests asked for at once: their calls overlap (Web Crypto works off the main thread), and
 * each batch's await lets the page handle input, so the puzzle never freezes it.
 */
const BATCH = 16;
const subtle = crypto.subtle;

/** The answer for the step-up field: base64 of the solution's JSON, or '' when no number fits. */
export async function solveStepUp(c: Challenge): Promise<string> {
  const encoder = new TextEncoder();
  const salt = encoder.encode(c.salt);
  const digest = (number: number) =>
    subtle
      .importKey('raw', encoder.encode(c.salt + number), 'PBKDF2', false, ['deriveBits'])
      .then((key) => subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: c.cost }, key, 256));
  // Compared as bytes: no hex text per number tried.
  const wanted = Uint8Array.from(c.challenge.match(/../g) ?? [], (pair) => parseInt(pair, 16));
  const same = (digest: ArrayBuffer) => new Uint8Array(digest).every((byte, i) => byte === wanted[i]);
  for (let first = 0; first <= c.maxnumber; first += BATCH) {
    const batch: Promise<ArrayBuffer>[] = [];
    for (let number = first; number <= Math.min(c.maxnumber, first + BATCH - 1); number += 1) {
      batch.push(digest(number));
    }
    const found = (await Promise.all(batch)).findIndex(same);
    if (found >= 0) return base64Json({ ...c, number: first + found });
  }
  return '';
}
