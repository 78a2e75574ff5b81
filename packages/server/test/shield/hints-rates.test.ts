import { describe, expect, it } from 'vitest';
import { memoryState } from '../../src/shared-state/memory.js';
import { redisState } from '../../src/shared-state/redis.js';
import { slidingHit } from '../../src/shared-state/sliding-window.js';
import { hintsAgree, languagesAgree } from '../../src/shield/client-hints.js';
import { networkOf } from '../../src/shield/rates.js';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const brands = (version: string) => `"Google Chrome";v="${version}", "Chromium";v="${version}", "Not_A Brand";v="24"`;

describe('client hints against the user agent', () => {
  it('agree for real browsers: Chrome with hints, Firefox and Safari without, Android mobile', () => {
    expect(hintsAgree(CHROME, { ua: brands('131'), mobile: '?0', platform: '"Windows"' })).toBe(true);
    expect(hintsAgree(ANDROID, { ua: brands('131'), mobile: '?1', platform: '"Android"' })).toBe(true);
    // Chrome for Android's "desktop site": a desktop user agent with ?0.
    expect(hintsAgree(CHROME, { ua: brands('131'), mobile: '?0', platform: '"Android"' })).toBe(false);
    expect(hintsAgree(FIREFOX, {})).toBe(true);
    expect(hintsAgree(SAFARI, {})).toBe(true);
  });

  it('disagree on a headless brand, another version, a mobile flag or platform, or hints from Firefox', () => {
    expect(hintsAgree(CHROME, { ua: '"HeadlessChrome";v="131", "Chromium";v="131"' })).toBe(false);
    expect(hintsAgree(CHROME, { ua: brands('120') })).toBe(false);
    expect(hintsAgree(CHROME, { ua: brands('131'), mobile: '?1' })).toBe(false);
    expect(hintsAgree(CHROME, { ua: brands('131'), platform: '"Linux"' })).toBe(false);
    expect(hintsAgree(FIREFOX, { ua: brands('131') })).toBe(false);
  });
});

describe('the request’s first language against the page’s', () => {
  it('agree as browsers send them: Chrome’s list, Safari’s one language, any case, or nothing to compare', () => {
    expect(languagesAgree('en-US,en;q=0.9', 'en-US')).toBe(true);
    expect(languagesAgree('en-GB,en;q=0.9', 'en-gb')).toBe(true);
    expect(languagesAgree('de-DE', 'de-DE')).toBe(true);
    expect(languagesAgree(undefined, 'en-US')).toBe(true);
    expect(languagesAgree('en-US', undefined)).toBe(true);
    expect(languagesAgree('*', 'fr')).toBe(true);
  });

  it('disagree where a script set one apart from the other', () => {
    expect(languagesAgree('de-DE,de;q=0.9', 'en-US')).toBe(false);
    expect(languagesAgree('en-US,en', 'fr-FR')).toBe(false);
  });
});

describe('rate limits', () => {
  it('group IPv4 by /24 and IPv6 by /56', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:aa:bbcc::1')).toBe('2001:0db8:00aa:bb00::/56');
    expect(networkOf('2001:db8:aa:bbff:1:2:3:4')).toBe(networkOf('2001:db8:aa:bb00::9'));
    expect(networkOf('2001:db8:aa:bc00::1')).not.toBe(networkOf('2001:db8:aa:bb00::1'));
  });

  it.each([
    ['memory', async (now: () => number) => memoryState(now)],
    ['Redis', async () => redisState('redis://127.0.0.1:6379', `waymark-test-sliding-${process.pid}-${Date.now()}:`)],
  ])('slide in %s: hits leave the count one window after they were made, not at a fixed edge', async (name, make) => {
    let now = 1_000_000_000;
    const state = await make(() => now);
    expect(state.usingRedis()).toBe(name === 'Redis');
    const hit = () => slidingHit(state, 'k', 60, now);
    expect(await hit()).toBe(1);
    now += 30_000;
    expect(await hit()).toBe(2);
    // A fixed window from the first hit would have reset here; the sliding one still holds the second.
    now += 35_000;
    expect(await hit()).toBe(2);
    now += 61_000;
    expect(await hit()).toBe(1);
    await state.close();
  });
});
