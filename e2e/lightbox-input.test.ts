import { LIGHTBOX } from '@waymark/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type TrackedPage } from './support/browser.js';
import { dialog, openWithClock, shownIndex, visit } from './support/lightbox.js';
import { withBrowser } from './support/with-browser.js';

/**
 * Wheel and swipe control of the site lightbox, with real input: `page.mouse.wheel`, mouse
 * drags, and touch sequences through the DevTools protocol. Reduced motion takes the transition
 * lock out of the way so each gesture is judged on its own; the clock decides gesture timing.
 */

describe('site lightbox input', () => {
  const { browser, baseUrl } = withBrowser();
  let tracked: TrackedPage;
  let page: Page;

  async function open(options: Parameters<typeof visit>[2] = {}) {
    tracked = await visit(browser(), `${baseUrl}/gallery`, { reducedMotion: 'reduce', ...options }, true);
    page = tracked.page;
    await openWithClock(page, /harbour/);
    await page.locator('.wm-lb__slide[data-status="ready"]').waitFor();
    await page.evaluate(() => {
      const seen: Record<string, number> = { wheel: 0, touchend: 0 };
      (window as unknown as { seen: typeof seen }).seen = seen;
      addEventListener('wheel', () => seen.wheel!++, { capture: true, passive: true });
      // A touch ends on the element it began on, which may have left the page by then.
      addEventListener(
        'touchstart',
        (e) => e.target?.addEventListener('touchend', () => seen.touchend!++, { once: true }),
        { capture: true, passive: true },
      );
    });
  }
  async function done() {
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  }
  /** Wheels by `dy` and waits until the page has received the event (wheel input is asynchronous). */
  async function wheel(dy: number) {
    await delivered('wheel', () => page.mouse.wheel(0, dy));
  }
  /** Runs `input` and waits until the page has received one more event of `type`. */
  async function delivered(type: string, input: () => Promise<unknown>) {
    const count = () => page.evaluate((t) => (window as unknown as { seen: Record<string, number> }).seen[t], type);
    const before = await count();
    await input();
    await expect.poll(count).toBe((before ?? 0) + 1);
  }
  async function centre() {
    const box = await page.locator('.wm-lb__holder').boundingBox();
    if (!box) throw new Error('no holder');
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  /** A mouse drag by (dx, dy), taking `ms` of the page's clock. */
  async function drag(dx: number, dy: number, ms = 200) {
    const { x, y } = await centre();
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 });
    await page.clock.runFor(ms);
    await page.mouse.move(x + dx, y + dy, { steps: 4 });
    await page.mouse.up();
  }

  it('moves once per wheel gesture, the gesture ending 200 ms after its last event', async () => {
    await open();
    const { x, y } = await centre();
    await page.mouse.move(x, y);
    await wheel(120);
    expect(await shownIndex(page)).toBe(1);
    for (let i = 0; i < 8; i++) {
      await page.clock.runFor(150);
      await wheel(120);
    }
    expect(await shownIndex(page)).toBe(1);
    await page.clock.runFor(LIGHTBOX.wheelResetMs - 1);
    await wheel(120);
    expect(await shownIndex(page)).toBe(1);
    await page.clock.runFor(LIGHTBOX.wheelResetMs);
    await wheel(120);
    expect(await shownIndex(page)).toBe(2);
    await page.clock.runFor(LIGHTBOX.wheelResetMs);
    await wheel(-3);
    expect(await shownIndex(page)).toBe(1);
    await done();
  });

  it('counts a swipe beyond 100 px along the path, under 100 px across and under 1 s', async () => {
    await open();
    await drag(0, -150);
    expect(await shownIndex(page)).toBe(1);
    await drag(0, 150);
    expect(await shownIndex(page)).toBe(0);
    await drag(0, -95);
    expect(await shownIndex(page)).toBe(0);
    await drag(110, -150);
    expect(await shownIndex(page)).toBe(0);
    await drag(0, -150, LIGHTBOX.swipe.maxDurationMs);
    expect(await shownIndex(page)).toBe(0);
    // Across the path is not a swipe on the vertical path.
    await drag(-150, 0);
    expect(await shownIndex(page)).toBe(0);
    // None of these was taken for a click on the overlay.
    expect(await dialog(page).count()).toBe(1);
    await done();
  });

  it('takes touch swipes from a finger', async () => {
    await open({ hasTouch: true });
    const cdp = await page.context().newCDPSession(page);
    const { x, y } = await centre();
    const touch = async (type: 'touchStart' | 'touchMove' | 'touchEnd', px: number, py: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: px, y: py, id: 1 }],
      });
    await touch('touchStart', x, y);
    for (let step = 1; step <= 5; step++) await touch('touchMove', x + step * 4, y - step * 40);
    await delivered('touchend', () => touch('touchEnd', x + 20, y - 200));
    expect(await shownIndex(page)).toBe(1);
    await touch('touchStart', x, y);
    for (let step = 1; step <= 5; step++) await touch('touchMove', x, y - step * 18);
    await delivered('touchend', () => touch('touchEnd', x, y - 90));
    expect(await shownIndex(page)).toBe(1);
    await done();
  });

  it('keeps a swipe whose finger landed on the loading note that the picture then replaced', async () => {
    await open({ hasTouch: true });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/market.png', async (route) => {
      await held;
      await route.continue();
    });
    await page.keyboard.press('ArrowDown');
    expect(await shownIndex(page)).toBe(1);
    const { x, y } = await centre();
    const under = () =>
      page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.closest('.wm-lb__loading') !== null, [x, y]);
    expect(await under()).toBe(true);

    const cdp = await page.context().newCDPSession(page);
    const touch = async (type: 'touchStart' | 'touchMove' | 'touchEnd', py: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y: py, id: 1 }] });
    await touch('touchStart', y);
    release();
    await page.locator('.wm-lb__slide[data-status="ready"]').waitFor();
    expect(await page.locator('.wm-lb__loading').count()).toBe(0);
    for (let step = 1; step <= 5; step++) await touch('touchMove', y - step * 40);
    await delivered('touchend', () => touch('touchEnd', y - 200));
    expect(await shownIndex(page)).toBe(2);
    await done();
  });

  it('locks the wheel and swipes in fullscreen', async () => {
    await open();
    await page.keyboard.press('Shift+Enter');
    expect(await dialog(page).getAttribute('data-fullscreen')).toBe('true');
    await drag(0, -150);
    await wheel(120);
    expect(await shownIndex(page)).toBe(0);
    await page.keyboard.press('Shift+Enter');
    await page.clock.runFor(LIGHTBOX.wheelResetMs);
    await wheel(120);
    expect(await shownIndex(page)).toBe(1);
    await done();
  });
});
