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
