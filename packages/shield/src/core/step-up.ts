import { STEP_UP_ANSWER } from '@waymark/protocol/plain';
import { isObject } from './block.js';
import { base64Json } from './encode.js';

/**
 * The step-up puzzle, ALTCHA-style: the server sends the SHA-256 of a salt and a secret number
 * under `maxnumber`; the page finds the number by trying each in turn and answers with it. A
 * person waits well under a second on a phone; a farm of bots pays for every post.
 */

interface Challenge {
  challenge: string;
  maxnumber: number;
  salt: string;
}

/** The puzzle a step-up answer carries, or null for any other answer. */
export function stepUpOf(body: unknown): Challenge | null {
  const c = isObject(body) ? body[STEP_UP_ANSWER] : null;
  return isObject(c) && typeof c.challenge === 'string' && typeof c.salt === 'string' && typeof c.maxnumber === 'number'
    ? (c as unknown as Challenge)
    : null;
}

/**
 * Digests asked for at once: their calls overlap (Web Crypto hashes off the main thread), and
 * each batch's await lets the page handle input, so the puzzle never freezes it.
 */
const BATCH = 16;

/** The answer for the step-up field: base64 of the solution's JSON, or '' when no number fits. */
export async function solveStepUp(c: Challenge): Promise<string> {
  const encoder = new TextEncoder();
  // Compared as bytes: no hex text per number tried.
  const wanted = Uint8Array.from(c.challenge.match(/../g) ?? [], (pair) => parseInt(pair, 16));
  const same = (digest: ArrayBuffer) => new Uint8Array(digest).every((byte, i) => byte === wanted[i]);
  for (let first = 0; first <= c.maxnumber; first += BATCH) {
    const batch: Promise<ArrayBuffer>[] = [];
    for (let number = first; number <= Math.min(c.maxnumber, first + BATCH - 1); number += 1) {
      batch.push(crypto.subtle.digest('SHA-256', encoder.encode(c.salt + number)));
    }
    const found = (await Promise.all(batch)).findIndex(same);
    if (found >= 0) return base64Json({ ...c, number: first + found });
  }
  return '';
}
