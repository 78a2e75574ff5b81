import { describe, expect, it } from 'vitest';
import { BLOCK_SCORE, SPAM_REASONS } from '@waymark/protocol';
import { checkJsKey, verifyCheckJs } from '../../src/shield/check-js.js';
import { checkEventToken, issueEventToken, TOKEN_LIFE_SECONDS } from '../../src/shield/event-token.js';
import { createShieldKeys } from '../../src/shield/keys.js';
import { makePageStamp, PAGE_STAMP_MAX_AGE_MS, readPageStamp } from '../../src/shield/page-stamp.js';
import { WEIGHTS, weigh, type Evidence } from '../../src/shield/weigh.js';
import type { SpamReason } from '@waymark/protocol';

const keys = createShieldKeys('a-test-secret-that-is-long-enough-0123456789');
const other = createShieldKeys('another-secret-that-is-long-enough-0123456789');
const T = Date.UTC(2026, 0, 1, 10, 0, 0);
const HOUR = 3_600_000;

describe('event tokens', () => {
  it('are 64 hex characters, bound to the visitor, good for an hour', () => {
    const token = issueEventToken(keys, 'visitor-a', T);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(checkEventToken(keys, token, 'visitor-a', T + 1_000)).toBe('ok');
    expect(checkEventToken(keys, token, 'visitor-b', T + 1_000)).toBe('invalid');
    expect(checkEventToken(other, token, 'visitor-a', T + 1_000)).toBe('invalid');
    expect(checkEventToken(keys, token, 'visitor-a', T + TOKEN_LIFE_SECONDS * 1000)).toBe('ok');
    expect(checkEventToken(keys, token, 'visitor-a', T + TOKEN_LIFE_SECONDS * 1000 + 1_000)).toBe('expired');
    expect(checkEventToken(keys, token, 'visitor-a', T - 120_000)).toBe('invalid');
    for (const bad of ['', 'x'.repeat(64), token.slice(0, 63), token.toUpperCase()]) {
      expect(checkEventToken(keys, bad, 'visitor-a', T)).toBe('invalid');
    }
  });
});

describe('page stamps', () => {
  it('carry the server time of page-set and refuse forgeries and old pages', () => {
    const stamp = makePageStamp(keys, T);
    expect(readPageStamp(keys, stamp, T + 5_000)).toBe(T);
    expect(readPageStamp(other, stamp, T + 5_000)).toBeNull();
    expect(readPageStamp(keys, stamp, T + PAGE_STAMP_MAX_AGE_MS + 1)).toBeNull();
    const [time, random, signature] = stamp.split('.');
    const earlier = `${(T - 60_000).toString(36)}.${random}.${signature}`;
    expect(readPageStamp(keys, earlier, T + 5_000)).toBeNull();
    expect(readPageStamp(keys, `${time}.${random}`, T)).toBeNull();
    expect(readPageStamp(keys, 42, T)).toBeNull();
  });
});

describe('check-js key', () => {
  it('rotates every 12 hours and accepts the current and the previous key only', () => {
    const key = checkJsKey(keys, T);
    // Issue 16: one key per page (site key, time, random part, signature), so signals are bound to their page.
    expect(key).toMatch(/^[0-9a-f]{16}[0-9a-z]{9}[0-9a-f]{30}$/);
    expect(checkJsKey(keys, T + 12 * HOUR)).not.toBe(key);
    expect(verifyCheckJs(keys, key, T)).toBe(true);
    expect(verifyCheckJs(keys, key, T + 12 * HOUR)).toBe(true);
    expect(verifyCheckJs(keys, key, T + 36 * HOUR)).toBe(false);
    expect(verifyCheckJs(other, key, T)).toBe(false);
  });
});

describe('weights', () => {
  const person: Evidence = {
    honeypot: 'ok',
    elapsedMs: 9_000,
    javascript: true,
    checkJs: 'ok',
    signalsReplayed: false,
    token: 'ok',
    interacted: true,
    headless: false,
    typingIntervalMs: 120,
    visibleFields: true,
    rate: 1,
    networkRate: 1,
    blocked: { ip: false, emailDomain: false, word: false },
    crawlerChecked: null,
    found: [],
    stepUp: 'none',
    trusted: false,
    paid: 0,
    posts: 1,
  };
  const policy = {
    form: 'review' as const,
    botDetector: true,
    visibleFieldsRequired: true,
    minSecondsToSubmit: 3,
    maxSubmissionsPerMinute: 20,
    freePostsPerHour: 2,
  };

  it('give every reason a weight and a sentence', () => {
    expect(Object.keys(WEIGHTS).sort()).toEqual(Object.keys(SPAM_REASONS).sort());
    expect(BLOCK_SCORE).toBe(100);
  });

  it('block on any hard sign alone and on soft signs only together', () => {
    expect(weigh(person, policy)).toEqual({
      allowed: true,
      reasons: [],
      score: 0,
      fate: 'pass',
      price: { kind: 'free' },
      doubt: 0,
    });
    expect(weigh({ ...person, honeypot: 'filled' }, policy).allowed).toBe(false);
    expect(weigh({ ...person, token: 'replayed' }, policy).allowed).toBe(false);
    expect(weigh({ ...person, elapsedMs: 999 }, policy).reasons).toEqual(['too_fast']);
    expect(weigh({ ...person, elapsedMs: 1_000 }, policy).reasons).toEqual(['quick', 'step_up']);
    expect(weigh({ ...person, elapsedMs: 3_000 }, policy).reasons).toEqual([]);
    expect(weigh({ ...person, headless: true, token: 'missing' }, policy)).toMatchObject({
      allowed: true,
      score: 70,
      fate: 'step-up',
    });
    // A browser that says it is automated is still that after paying: held for a person.
    expect(weigh({ ...person, headless: true, token: 'missing', stepUp: 'ok', paid: 1_000 }, policy)).toMatchObject({
      fate: 'hold',
      doubt: 40,
    });
    const automated = { ...person, headless: true, token: 'missing' as const, interacted: false };
    expect(weigh(automated, policy)).toMatchObject({ allowed: false, score: 120 });
  });

  it('let hidden automation ask for the step-up and hold after it, never block on its own', () => {
    const stealth = {
      ...person,
      found: ['tell_cdp', 'typing_uniform', 'key_hold_robotic', 'pointer_synthetic'] as const,
    };
    expect(weigh({ ...stealth, found: [...stealth.found] }, policy)).toMatchObject({ score: 60, fate: 'step-up' });
    // Paid, and still automated: a puzzle proves work, not a person.
    expect(weigh({ ...stealth, found: [...stealth.found], stepUp: 'ok', paid: 1_000 }, policy)).toMatchObject({
      fate: 'hold',
      doubt: 60,
    });
    // What a puzzle does answer: a quick post and a missing token.
    const hurried = { ...person, elapsedMs: 1_500, token: 'missing' as const };
    expect(weigh(hurried, policy)).toMatchObject({ score: 70, fate: 'step-up' });
    expect(weigh({ ...hurried, stepUp: 'ok', paid: 1_000 }, policy)).toMatchObject({ fate: 'pass', doubt: 0 });
    expect(weigh({ ...stealth, found: [...stealth.found], stepUp: 'failed' }, policy)).toMatchObject({ fate: 'block' });
    expect(weigh({ ...stealth, found: [...stealth.found], elapsedMs: 2_000 }, policy)).toMatchObject({
      score: 100,
      fate: 'block',
    });
    expect(weigh({ ...person, found: ['tell_software_gl'] }, policy)).toMatchObject({ score: 15, fate: 'pass' });
  });

  it('price by volume: free at first, dearer with each post of the hour, then a person', () => {
    const at = (posts: number, extra: Partial<Evidence> = {}) => weigh({ ...person, posts, ...extra }, policy);
    expect(at(1)).toMatchObject({ fate: 'pass', price: { kind: 'free' } });
    expect(at(2)).toMatchObject({ fate: 'pass', price: { kind: 'free' } });
    expect(at(3)).toMatchObject({ fate: 'step-up', price: { kind: 'work', step: 1, maxnumber: 8_000 } });
    expect(at(5)).toMatchObject({ fate: 'step-up', price: { kind: 'work', step: 3, maxnumber: 300_000 } });
    expect(at(6)).toMatchObject({ fate: 'hold', price: { kind: 'person' } });
    // A doubt is one step dearer; a doubted first post is the ladder's first step.
    expect(at(1, { elapsedMs: 1_500 })).toMatchObject({ fate: 'step-up', price: { maxnumber: 1_000 } });
    expect(at(5, { elapsedMs: 1_500 })).toMatchObject({ fate: 'hold', price: { kind: 'person' } });
    // An answer pays the price it was asked, and is not counted again.
    expect(at(0, { stepUp: 'ok', paid: 300_000 })).toMatchObject({ fate: 'pass', price: { step: 3 } });
    // A sign-in has limits of its own; volume does not price it.
    expect(weigh({ ...person, posts: 9 }, { ...policy, form: 'sign-in' })).toMatchObject({ fate: 'pass' });
  });

  it('keep automation alone under a block, and pass an address on the allow list, saying so', () => {
    const automated = { ...person, headless: true, found: ['tell_cdp', 'tell_headless_ua'] as SpamReason[] };
    expect(weigh(automated, policy)).toMatchObject({ score: 90, fate: 'step-up' });
    expect(weigh({ ...automated, stepUp: 'ok', paid: 1_000 }, policy)).toMatchObject({ fate: 'hold', doubt: 90 });
    expect(weigh({ ...automated, interacted: false }, policy)).toMatchObject({ fate: 'block' });
    const trusted = weigh({ ...automated, posts: 40, trusted: true }, policy);
    expect(trusted).toMatchObject({ allowed: true, fate: 'pass', price: { kind: 'free' }, doubt: 0 });
    expect(trusted.reasons).toEqual(['headless', 'tell_cdp', 'tell_headless_ua', 'trusted_address']);
    // Trust answers doubt, not tampering: a filled honeypot still blocks.
    expect(weigh({ ...automated, honeypot: 'filled', trusted: true }, policy)).toMatchObject({ fate: 'block' });
  });

  it('ignore the token when the bot detector is off', () => {
    expect(weigh({ ...person, token: 'missing' }, { ...policy, botDetector: false }).reasons).toEqual([]);
  });

  it('weigh timing less on sign-in, where a password manager may submit at once, and step up in doubt', () => {
    const autofill = { ...person, elapsedMs: 800, headless: true, token: 'missing' as const };
    expect(weigh(autofill, policy).allowed).toBe(false);
    // A browser that says it is automated and posts at once is not a password manager.
    expect(weigh(autofill, { ...policy, form: 'sign-in' })).toMatchObject({ score: 115, fate: 'block' });
    // Not passed silently: a password manager's instant post pays the puzzle first.
    expect(weigh({ ...autofill, headless: false }, { ...policy, form: 'sign-in' })).toMatchObject({
      allowed: true,
      score: 75,
      fate: 'step-up',
    });
    const manager = { ...person, elapsedMs: 1_500, token: 'missing' as const };
    expect(weigh(manager, { ...policy, form: 'sign-in' })).toMatchObject({ score: 35, fate: 'pass' });
  });
});
