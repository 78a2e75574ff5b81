import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSolution, issueChallenge, POW_LIFE_SECONDS, type Challenge } from '../../src/shield/proof-of-work.js';
import { createTestApp, type TestApp } from '../support/app.js';

/** What the page does with crypto.subtle, here with node's hash: try each number in turn. */
function solve({ algorithm, challenge, salt, signature, maxnumber }: Challenge): string {
  for (let number = 0; number <= maxnumber; number++) {
    if (
      createHash('sha256')
        .update(salt + number)
        .digest('hex') === challenge
    ) {
      return Buffer.from(JSON.stringify({ algorithm, challenge, number, salt, signature })).toString('base64');
    }
  }
  throw new Error('no solution');
}

describe('the step-up puzzle', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t.close());
  const check = (payload: unknown, now?: number) => checkSolution(t.app.shield.keys, t.app.state, payload, { now });

  it('accepts a solved challenge once; a second use is a replay', async () => {
    const solution = solve(issueChallenge(t.app.shield.keys, { maxnumber: 2_000 }));
    expect(await check(solution)).toBe('ok');
    expect(await check(solution)).toBe('replayed');
  });

  it('refuses a wrong number, a forged signature, another site’s challenge and garbage', async () => {
    const challenge = issueChallenge(t.app.shield.keys, { maxnumber: 2_000 });
    const solved = JSON.parse(Buffer.from(solve(challenge), 'base64').toString('utf8')) as Record<string, unknown>;
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    expect(await check(encode({ ...solved, number: (solved.number as number) + 1 }))).toBe('invalid');
    expect(await check(encode({ ...solved, signature: 'f'.repeat(64) }))).toBe('invalid');
    const { createShieldKeys } = await import('../../src/shield/keys.js');
    const other = issueChallenge(createShieldKeys('another-site-secret-long-enough-000000'), { maxnumber: 2_000 });
    expect(await check(solve(other))).toBe('invalid');
    for (const bad of ['', 'not base64 json', encode([]), encode({ algorithm: 'MD5' }), 42, null]) {
      expect(await check(bad)).toBe('invalid');
    }
  });

  it('refuses a solution after its challenge expired', async () => {
    const issued = Date.now() - (POW_LIFE_SECONDS + 1) * 1000;
    expect(await check(solve(issueChallenge(t.app.shield.keys, { now: issued, maxnumber: 2_000 })))).toBe('expired');
  });
});
