import { webcrypto } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSolution, issueChallenge, POW_LIFE_SECONDS } from '../../src/shield/proof-of-work.js';
import { solveStepUp } from '../../../shield/src/core/step-up.js';
import { solvePuzzle as solve } from '../support/step-up.js';
import { createTestApp, type TestApp } from '../support/app.js';

describe('the step-up puzzle', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t.close());
  const check = (payload: unknown, now?: number) => checkSolution(t.app.shield.keys, t.app.state, payload, { now });

  it('accepts a solved challenge once; a second use is a replay', async () => {
    const solution = solve(issueChallenge(t.app.shield.keys, { maxnumber: 300 }));
    expect(await check(solution)).toEqual({ state: 'ok', paid: 300 });
    expect(await check(solution)).toEqual({ state: 'replayed' });
  });

  it('is solved by the page layer’s own Web Crypto solver, and states its price in its salt', async () => {
    expect(globalThis.crypto.subtle).toBe(webcrypto.subtle);
    const challenge = issueChallenge(t.app.shield.keys, { maxnumber: 300, cost: 50 });
    expect(challenge).toMatchObject({ algorithm: 'PBKDF2-SHA-256', maxnumber: 300, cost: 50 });
    expect(challenge.salt).toMatch(/&max=300&cost=50&/);
    expect(await check(await solveStepUp(challenge))).toEqual({ state: 'ok', paid: 300 });
  });

  it('refuses an answer whose salt was changed to a cheaper price', async () => {
    const challenge = issueChallenge(t.app.shield.keys, { maxnumber: 300, cost: 50 });
    const cheaper = { ...challenge, salt: challenge.salt.replace('&cost=50', '&cost=1') };
    expect(() => solve(cheaper)).toThrow('no solution');
    const solved = JSON.parse(Buffer.from(solve(challenge), 'base64').toString('utf8')) as Record<string, unknown>;
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    expect(await check(encode({ ...solved, salt: cheaper.salt }))).toEqual({ state: 'invalid' });
  });

  it('refuses a wrong number, a forged signature, another site’s challenge and garbage', async () => {
    const challenge = issueChallenge(t.app.shield.keys, { maxnumber: 300 });
    const solved = JSON.parse(Buffer.from(solve(challenge), 'base64').toString('utf8')) as Record<string, unknown>;
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    expect(await check(encode({ ...solved, number: (solved.number as number) + 1 }))).toEqual({ state: 'invalid' });
    expect(await check(encode({ ...solved, signature: 'f'.repeat(64) }))).toEqual({ state: 'invalid' });
    const { createShieldKeys } = await import('../../src/shield/keys.js');
    const other = issueChallenge(createShieldKeys('another-site-secret-long-enough-000000'), { maxnumber: 300 });
    expect(await check(solve(other))).toEqual({ state: 'invalid' });
    for (const bad of ['', 'not base64 json', encode([]), encode({ algorithm: 'MD5' }), 42, null]) {
      expect(await check(bad)).toEqual({ state: 'invalid' });
    }
  });

  it('refuses a solution after its challenge expired', async () => {
    const issued = Date.now() - (POW_LIFE_SECONDS + 1) * 1000;
    expect(await check(solve(issueChallenge(t.app.shield.keys, { now: issued, maxnumber: 300 })))).toEqual({
      state: 'expired',
    });
  });
});
