import { STEP_UP_ANSWER, STEP_UP_FIELD } from '@waymark/protocol';
import { powDigest, type Challenge } from '../../src/shield/proof-of-work.js';

const entities: Record<string, string> = { '&quot;': '"', '&amp;': '&', '&#39;': "'", '&lt;': '<', '&gt;': '>' };
const unescape = (text: string) => text.replace(/&(?:quot|amp|#39|lt|gt);/g, (e) => entities[e] ?? e);

/**
 * What the page does with Web Crypto, here with node's PBKDF2: try each number in turn. A
 * `shift` answers with a wrong number, for the tests of a wrong answer.
 */
export function solvePuzzle(c: Challenge, shift = 0): string {
  for (let number = 0; number <= c.maxnumber; number++) {
    if (powDigest(c.salt, number, c.cost) === c.challenge) {
      const { algorithm, challenge, salt, signature } = c;
      return Buffer.from(JSON.stringify({ algorithm, challenge, number: number + shift, salt, signature })).toString(
        'base64',
      );
    }
  }
  throw new Error('no solution');
}

/** The puzzle of a classic post's "Checking your browser…" page, or an error naming what came instead. */
export function stepUpPageChallenge(res: { statusCode: number; body: string }): Challenge {
  const attribute = /<form id="step-up"[^>]* data-challenge="([^"]*)"/.exec(res.body)?.[1];
  if (!attribute) throw new Error(`no step-up page: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return JSON.parse(unescape(attribute)) as Challenge;
}

/** The puzzle an answer asks for: a classic post's step-up page, or a call's step-up answer; else null. */
export function askedPuzzle(res: { body: string }): Challenge | null {
  if (res.body.includes('id="step-up"')) return stepUpPageChallenge(res as { statusCode: number; body: string });
  try {
    return ((JSON.parse(res.body) as Record<string, unknown>)[STEP_UP_ANSWER] as Challenge | undefined) ?? null;
  } catch {
    return null;
  }
}

/**
 * Sends as the page does: when the answer asks for the step-up puzzle, pays it and sends the same
 * fields again with the solution. Answers the first answer, the last one and the puzzle paid.
 */
export async function payingStepUp<R extends { body: string }>(
  send: (extra?: Record<string, string>) => Promise<R>,
): Promise<{ first: R; res: R; puzzle: Challenge | null }> {
  const first = await send();
  const puzzle = askedPuzzle(first);
  return { first, res: puzzle ? await send({ [STEP_UP_FIELD]: solvePuzzle(puzzle) }) : first, puzzle };
}
