import { sliderSettings } from '@waymark/protocol';
import type { Page, ViewportSize } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../packages/server/src/db/connect.js';
import { readSetting, writeSetting } from '../packages/server/src/settings/store.js';
import { startServer, type RunningServer } from '../tools/start-server.js';
import { expectAccessible, waitForHydration, type TrackedPage } from './support/browser.js';
import { withBrowser } from './support/with-browser.js';

/**
 * Issue 15, "Sliders" and "Video slides": the home page's slider (the demo's: three pictures and a
 * muted WebM clip that plays by itself) as an APG carousel by keyboard and pointer, its rotation
 * held while the video plays and going on at its end, the elastic slider's thumbnails, reduced
 * motion, and a YouTube slide that waits for consent and is asked to play until it answers.
 */

const DESKTOP = { width: 1280, height: 900 };
const TABLET = { width: 800, height: 1200 };
const PHONE = { width: 390, height: 800 };

/** Polls until the condition holds: a busy machine may take seconds for what takes 500 ms. */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });

/** The stand-in YouTube player: it counts play commands and says it plays from the third on. */
const FAKE_PLAYER = `<!doctype html><title>player</title><script>
window.plays = 0;
addEventListener('message', (event) => {
  let message;
  try { message = JSON.parse(event.data); } catch { return; }
  if (message.func !== 'playVideo') return;
  window.plays += 1;
  if (window.plays >= 3) parent.postMessage(JSON.stringify({ event: 'infoDelivery', info: { playerState: 1 } }), '*');
});
</script>`;

describe('the sliders', { timeout: 180_000 }, () => {
  const site = withBrowser();
  let server: RunningServer;
  let demo: Record<string, unknown>;
  let visits = 0;

  const withStorage = async <T>(work: (storage: ReturnType<typeof openStorage>) => Promise<T>) => {
    const storage = openStorage({ dataDir: server.dataDir });
    try {
      return await work(storage);
    } finally {
      await storage.db.destroy();
    }
  };
  const setSlider = (value: Record<string, unknown>) =>
    withStorage((storage) => writeSetting(storage, sliderSettings, { ...demo, ...value }));

  beforeAll(async () => {
    server = await startServer({ SEED_ITEMS: '20', SEED_SLIDER: 'true' }, 180_000);
    demo = await withStorage((storage) => readSetting(storage, sliderSettings));
  });
  afterAll(async () => server?.stop());

  const visit = async (viewport: ViewportSize, options: { reducedMotion?: 'reduce'; init?: string } = {}) => {
    const tracked = await site.open({ viewport, reducedMotion: options.reducedMotion ?? 'no-preference' });
    tracked.page.setDefaultTimeout(20_000);
    if (options.init) await tracked.page.addInitScript(options.init);
    // A query of its own: the server caches anonymous pages, and the settings change behind its back.
    visits += 1;
    await tracked.page.goto(`${server.url}/?slider=${visits}`);
    await waitForHydration(tracked.page);
    await carousel(tracked.page).locator('.slider__rotation').waitFor();
    return tracked;
  };
  const finish = async (tracked: TrackedPage) => {
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();
  };
  const carousel = (page: Page) => page.locator('section[aria-roledescription="carousel"]');
  const active = (page: Page) =>
    carousel(page).locator('[aria-roledescription="slide"][data-active]').getAttribute('aria-label');
  const rotating = (page: Page) => carousel(page).getAttribute('data-rotating');
  const video = (page: Page) => carousel(page).locator('video');
  const tabTo = async (page: Page, name: string) => {
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      if (focused === name) return;
    }
    throw new Error(`Tab never reached "${name}"`);
  };

  it('shows the demo slider as an APG carousel that rotates, holds while its video plays and goes on at its end (desktop)', async () => {
    const tracked = await visit(DESKTOP);
    const { page } = tracked;
    expect(await carousel(page).getAttribute('aria-label')).toBe('Highlights');
    expect(await carousel(page).locator('[aria-roledescription="slide"]').count()).toBe(4);
    expect(await active(page)).toBe('1 of 4');
    expect(await carousel(page).getByRole('button', { name: 'Stop slide rotation' }).isVisible()).toBe(true);
    // The slides out of sight are inert: Tab never lands in them.
    expect(await carousel(page).locator('[aria-roledescription="slide"][inert]').count()).toBe(3);
    await expectAccessible(page);

    // The second slide is the muted clip with autoplay: it plays, and the slider holds meanwhile.
    await eventually(() => active(page)).toBe('2 of 4');
    await eventually(() => video(page).evaluate((v: HTMLVideoElement) => !v.paused && v.muted)).toBe(true);
    await eventually(() => rotating(page)).toBe('false');
    // At its end (it does not loop) the slider goes on.
    await eventually(() => active(page)).toBe('3 of 4');
    expect(await video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await eventually(() => rotating(page)).toBe('true');
    await finish(tracked);
  });

  it('resumes when the visitor pauses the video, and pauses the video when its slide goes', async () => {
    await setSlider({
      slides: (demo.slides as Record<string, unknown>[]).map((s) =>
        s.video ? { ...s, video: { ...(s.video as object), loop: true } } : s,
      ),
    });
    const tracked = await visit(DESKTOP);
    const { page } = tracked;
    await eventually(() => active(page)).toBe('2 of 4');
    await eventually(() => rotating(page)).toBe('false');
    // A looping video keeps playing past its end, and the slider keeps holding.
    await eventually(() =>
      video(page).evaluate((v: HTMLVideoElement) => v.currentTime > 0 && v.played.end(0) > 2.5),
    ).toBe(true);
    await video(page).click();
    await eventually(() => video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    // The pointer off the slider (over it, rotation waits, as the APG asks).
    await page.mouse.move(0, 0);
    await eventually(() => rotating(page)).toBe('true');
    await eventually(() => active(page)).toBe('3 of 4');
    await finish(tracked);
    await setSlider({});
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`is used by keyboard alone: focus stops rotation, the control starts it, next and previous move (${viewport.width} px)`, async () => {
      const tracked = await visit(viewport);
      const { page } = tracked;
      await tabTo(page, 'Stop slide rotation');
      // APG: keyboard focus in the carousel stops it, and the control says so.
      await page.keyboard.press('Tab');
      await eventually(() => rotating(page)).toBe('false');
      expect(await carousel(page).locator('.slider__rotation').getAttribute('aria-label')).toBe('Start slide rotation');
      expect(await carousel(page).locator('[aria-live]').getAttribute('aria-live')).toBe('polite');
      // Focus is on "Previous slide"; on to "Next slide".
      await page.keyboard.press('Tab');
      const before = await active(page);
      await page.keyboard.press('Enter');
      await eventually(() => active(page)).not.toBe(before);
      await expectAccessible(page);
      // None starts while one runs: wait for this one to end.
      await eventually(() => carousel(page).getAttribute('data-moving')).toBeNull();
      await page.keyboard.press('Shift+Tab');
      const now = await active(page);
      await page.keyboard.press('Enter');
      await eventually(() => active(page)).not.toBe(now);
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      expect(await carousel(page).locator('.slider__rotation').getAttribute('aria-label')).toBe('Stop slide rotation');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0);
      await finish(tracked);
    });
  }

  it('starts stopped with reduced motion', async () => {
    const tracked = await visit(DESKTOP, { reducedMotion: 'reduce' });
    const { page } = tracked;
    expect(await rotating(page)).toBe('false');
    expect(await carousel(page).locator('.slider__rotation').getAttribute('aria-label')).toBe('Start slide rotation');
    expect(await active(page)).toBe('1 of 4');
    await finish(tracked);
  });

  for (const viewport of [TABLET, PHONE]) {
    it(`gives the elastic slider thumbnails up to 150 px that stop rotation; no move while one runs; it wraps (${viewport.width} px)`, async () => {
      await setSlider({ kind: 'elastic', autoplay: true });
      const tracked = await visit(viewport);
      const { page } = tracked;
      const thumbs = carousel(page).getByRole('list', { name: 'Slides' }).getByRole('button');
      expect(await thumbs.count()).toBe(4);
      for (const width of await thumbs.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width))) {
        expect(width).toBeLessThanOrEqual(150);
      }
      expect(await rotating(page)).toBe('true');
      await thumbs.nth(3).click();
      await eventually(() => active(page)).toBe('4 of 4');
      await page.mouse.move(0, 0);
      expect(await rotating(page)).toBe('false');
      expect(await thumbs.nth(3).getAttribute('aria-current')).toBe('true');
      // After the last comes the first (once the move there has ended: none starts while one runs).
      await eventually(() => carousel(page).getAttribute('data-moving')).toBeNull();
      await carousel(page).getByRole('button', { name: 'Next slide' }).click();
      await eventually(() => active(page)).toBe('1 of 4');
      await eventually(() => carousel(page).getAttribute('data-moving')).toBeNull();
      // Two clicks while the first move runs: one move.
      await carousel(page)
        .getByRole('button', { name: 'Next slide' })
        .evaluate((button: HTMLButtonElement) => {
          button.click();
          button.click();
        });
      await eventually(() => carousel(page).getAttribute('data-moving')).toBeNull();
      expect(await active(page)).toBe('2 of 4');
      await expectAccessible(page);
      await finish(tracked);
      await setSlider({});
    });
  }

  it('waits for consent before a YouTube player loads, then asks it to play until it answers', async () => {
    const youtube = { provider: 'youtube', src: 'M7lc1UVf-VE', autoplay: true, mute: true };
    await setSlider({ slides: [{ title: 'On the market', video: youtube }, ...(demo.slides as object[]).slice(0, 1)] });

    let tracked = await visit(DESKTOP, { init: 'window.waymarkVideoConsent = () => false;' });
    expect(await carousel(tracked.page).locator('iframe').count()).toBe(0);
    expect(await carousel(tracked.page).locator('.slider__consent').textContent()).toContain('once you agree');
    await expectAccessible(tracked.page);
    await finish(tracked);

    tracked = await site.open({ viewport: DESKTOP });
    const { page } = tracked;
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: FAKE_PLAYER }),
    );
    await page.addInitScript('window.waymarkVideoConsent = () => Promise.resolve(true);');
    visits += 1;
    await page.goto(`${server.url}/?slider=${visits}`);
    await waitForHydration(page);
    const frame = carousel(page).locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toContain('enablejsapi=1');
    // Played at the third request, the player holds the slider.
    await eventually(() => rotating(page)).toBe('false');
    const player = page.frames().find((f) => f.url().startsWith('https://www.youtube-nocookie.com/'));
    expect(await player?.evaluate(() => (window as unknown as { plays: number }).plays)).toBe(3);
    await finish(tracked);
    await setSlider({});
  });
});
