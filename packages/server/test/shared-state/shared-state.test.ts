import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryState } from '../../src/shared-state/memory.js';
import { redisState } from '../../src/shared-state/redis.js';
import type { SharedState } from '../../src/shared-state/shared-state.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('shared state in memory', () => {
  it('counts hits in a fixed window and forgets them after it', async () => {
    let now = 0;
    const state = memoryState(() => now);
    expect(await state.hit('k', 60)).toBe(1);
    expect(await state.hit('k', 60)).toBe(2);
    now += 59_999;
    expect(await state.hit('k', 60)).toBe(3);
    now += 1;
    expect(await state.hit('k', 60)).toBe(1);
    await state.close();
  });

  it('lets a key be claimed once until it expires', async () => {
    let now = 0;
    const state = memoryState(() => now);
    expect(await state.claim('token', 10)).toBe(true);
    expect(await state.claim('token', 10)).toBe(false);
    now += 10_000;
    expect(await state.claim('token', 10)).toBe(true);
    await state.close();
  });

  it('keeps version counters, starting at 0', async () => {
    const state = memoryState();
    expect(await state.get('v')).toBe(0);
    expect(await state.increment('v')).toBe(1);
    expect(await state.increment('v')).toBe(2);
    expect(await state.get('v')).toBe(2);
    expect(state.usingRedis()).toBe(false);
    await state.close();
  });

  it('recalls the newest entries of a list, then forgets it after its time', async () => {
    let now = 0;
    const state = memoryState(() => now);
    expect(await state.recall('l', 'a', 2, 10)).toEqual([]);
    expect(await state.recall('l', 'b', 2, 10)).toEqual(['a']);
    expect(await state.recall('l', 'c', 2, 10)).toEqual(['b', 'a']);
    expect(await state.recall('l', 'd', 2, 10)).toEqual(['c', 'b']);
    now += 10_000;
    expect(await state.recall('l', 'e', 2, 10)).toEqual([]);
    await state.close();
  });

  it('sweeps expired entries', async () => {
    vi.useFakeTimers();
    const state = memoryState(() => Date.now());
    await state.claim('a', 1);
    vi.advanceTimersByTime(61_000);
    expect(await state.claim('a', 1)).toBe(true);
    await state.close();
    vi.useRealTimers();
  });
});

describe('shared state in Redis, across two clients', () => {
  const prefix = `waymark-test-${randomBytes(4).toString('hex')}:`;
  let a: SharedState;
  let b: SharedState;

  beforeAll(async () => {
    a = await redisState(REDIS_URL, prefix);
    b = await redisState(REDIS_URL, prefix);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('counts hits from both in one window', async () => {
    expect(await a.hit('ip', 60)).toBe(1);
    expect(await b.hit('ip', 60)).toBe(2);
    expect(await a.hit('ip', 60)).toBe(3);
  });

  it('lets only one of them claim a key', async () => {
    const results = await Promise.all([a.claim('nonce', 60), b.claim('nonce', 60), a.claim('nonce', 60)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('shares version counters that never expire', async () => {
    expect(await a.get('version')).toBe(0);
    expect(await a.increment('version')).toBe(1);
    expect(await b.increment('version')).toBe(2);
    expect(await a.get('version')).toBe(2);
  });

  it('shares one list, newest first and cut to its length', async () => {
    expect(await a.recall('recent', '1', 3, 60)).toEqual([]);
    expect(await b.recall('recent', '2', 3, 60)).toEqual(['1']);
    await a.recall('recent', '3', 3, 60);
    expect(await b.recall('recent', '4', 3, 60)).toEqual(['3', '2', '1']);
    expect(await a.recall('recent', '5', 3, 60)).toEqual(['4', '3', '2']);
  });

  it('keeps sites apart by prefix', async () => {
    const other = await redisState(REDIS_URL, `${prefix}other:`);
    expect(await other.claim('nonce', 60)).toBe(true);
    await other.close();
  });
});
