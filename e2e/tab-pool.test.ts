import { describe, expect, it } from 'vitest';
import { withBrowser } from './support/with-browser.js';

/**
 * The browser tests' reused tabs (support/tab-pool.ts) must be as fresh as a new context's, or a
 * test would pass or fail on what the one before it left behind.
 */
describe('a reused tab', () => {
  const site = withBrowser();

  it('keeps nothing of the visitor before: cookies, storage, history, viewport, motion preference', async () => {
    const first = await site.visit('/pages/about', { viewport: { width: 390, height: 800 }, reducedMotion: 'reduce' });
    await first.page.evaluate(() => {
      localStorage.setItem('left', 'behind');
      sessionStorage.setItem('left', 'behind');
      document.cookie = 'left=behind; path=/';
    });
    await site.go(first.page, '/gallery');
    expect(await first.page.evaluate(() => history.length)).toBe(3);
    await first.close();

    const second = await site.open({ viewport: { width: 1280, height: 900 } });
    expect(second.page, 'the pool handed the same tab back').toBe(first.page);
    await site.go(second.page, '/pages/about');
    expect(
      await second.page.evaluate(() => ({
        local: localStorage.getItem('left'),
        session: sessionStorage.getItem('left'),
        cookie: document.cookie.includes('left='),
        history: history.length,
        width: innerWidth,
        reduced: matchMedia('(prefers-reduced-motion: reduce)').matches,
      })),
      // As in a new tab, the blank page it opened on and this one: none of the visitor's pages.
    ).toEqual({ local: null, session: null, cookie: false, history: 2, width: 1280, reduced: false });
    expect(second.errors).toEqual([]);
    await second.close();
  });

  it('is not reused once its test installed the fake clock', async () => {
    const first = await site.open();
    await first.page.clock.install();
    await first.close();
    const second = await site.open();
    expect(second.page).not.toBe(first.page);
    expect(first.page.isClosed()).toBe(true);
    await second.close();
  });
});
