import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LIGHTBOX } from '@waymark/protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../tools/start-server.js';
import { type TrackedPage } from './support/browser.js';
import { accessible, dialog, hash, openWithClock, setLightboxSettings, shownIndex, visit } from './support/lightbox.js';
import { withBrowser } from './support/with-browser.js';

/**
 * The lightbox under other settings, on a server of its own whose settings the test writes, and
 * the video services' addresses pointed at a real HTTP server on the loopback address that
 * stands in for YouTube and Vimeo (their oEmbed endpoint, players and thumbnails).
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('lightbox settings', () => {
  const { browser } = withBrowser();
  let server: RunningServer;
  let videos: Server;
  let videoOrigin = '';
  const seen: string[] = [];
  let oembedFails = false;
  let tracked: TrackedPage;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ SEED_ITEMS: '3' });
    videos = createServer((req, res) => {
      const url = new URL(req.url ?? '/', videoOrigin);
      seen.push(url.pathname + url.search);
      res.setHeader('access-control-allow-origin', '*');
      if (url.pathname === '/oembed.json') {
        if (oembedFails) return res.writeHead(500).end('{}');
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ type: 'video', thumbnail_url: `${videoOrigin}/thumbs/vimeo.png`, html: '' }));
      }
      if (url.pathname.endsWith('.png') || url.pathname.endsWith('.jpg')) {
        return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      }
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(`<!doctype html><html lang="en"><title>Player</title><p>Player ${url.pathname}</p></html>`);
    });
    await new Promise<void>((resolve) => videos.listen(0, '127.0.0.1', resolve));
    videoOrigin = `http://127.0.0.1:${(videos.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => videos?.close(resolve));
  });

  async function open(settings: Record<string, unknown>, options: Parameters<typeof visit>[2] = {}, clock = false) {
    await setLightboxSettings(server.dataDir, settings);
    tracked = await visit(browser(), `${server.url}/gallery`, options, clock);
    page = tracked.page;
  }
  async function done(allowed: (error: string) => boolean = () => false) {
    const errors = tracked.errors.filter((e) => !allowed(e));
    expect(errors, errors.join('\n')).toEqual([]);
    await tracked.close();
  }

  it('fetches the Vimeo thumbnail from the configured oEmbed endpoint and embeds from the configured hosts', async () => {
    await open({
      lightbox_vimeo_oembed: `${videoOrigin}/oembed.json`,
      lightbox_vimeo_thumbnail_origin: videoOrigin,
      lightbox_vimeo_player: `${videoOrigin}/video/`,
      lightbox_youtube_embed: `${videoOrigin}/embed/`,
      lightbox_youtube_thumbnail: `${videoOrigin}/vi/`,
    });
    const csp = await page.evaluate(async () => (await fetch(location.href)).headers.get('content-security-policy'));
    expect(csp).toContain(`frame-src 'self' ${videoOrigin}`);
    expect(csp).toContain(`connect-src 'self' ${videoOrigin}`);

    await page.getByRole('link', { name: 'Vimeo' }).click();
    await dialog(page).waitFor();
    await expect.poll(() => seen).toContain(`/oembed.json?url=${encodeURIComponent('https://vimeo.com/76979871')}`);
    const thumb = page.locator(`.wm-lb__thumb img[src="${videoOrigin}/thumbs/vimeo.png"]`);
    await thumb.waitFor();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    expect(await page.locator('.wm-lb__slide iframe').getAttribute('src')).toBe(`${videoOrigin}/video/76979871`);
    await expect.poll(() => page.locator('.wm-lb__slide').getAttribute('data-status')).toBe('ready');
    expect(seen).toContain('/vi/aqz-KE-bpKQ/default.jpg');
    await page.keyboard.press('ArrowLeft');
    expect(await page.locator('.wm-lb__slide iframe').getAttribute('src')).toBe(
      `${videoOrigin}/embed/aqz-KE-bpKQ?enablejsapi=1&origin=${encodeURIComponent(server.url)}`,
    );
    await accessible(page);
    await done();
  });

  it('shows no Vimeo thumbnail when the oEmbed endpoint fails, and nothing else breaks', async () => {
    oembedFails = true;
    try {
      await open({ lightbox_vimeo_oembed: `${videoOrigin}/oembed.json`, lightbox_vimeo_thumbnail_origin: videoOrigin });
      await page.route('https://player.vimeo.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '' }));
      await page.route('https://img.youtube.com/**', (route) => route.fulfill({ contentType: 'image/png', body: PNG }));
      await page.getByRole('link', { name: 'Vimeo' }).click();
      await dialog(page).waitFor();
      await expect.poll(() => seen.filter((s) => s.startsWith('/oembed.json')).length).toBeGreaterThan(1);
      expect(await page.locator('.wm-lb__thumb').nth(1).locator('img').count()).toBe(0);
      await done((e) => e.includes('status of 500'));
    } finally {
      oembedFails = false;
    }
  });

  it('follows a horizontal path, loops with 3 or more items, plays on open and pauses on hover', async () => {
    await open(
      {
        lightbox_path: 'horizontal',
        lightbox_infinite: true,
        lightbox_autoplay: true,
        lightbox_pause_on_hover: true,
        lightbox_slideshow_speed: 2_000,
      },
      { reducedMotion: 'reduce' },
      true,
    );
    await openWithClock(page, /harbour/);
    const strip = page.locator('.wm-lb__thumbs');
    expect(await strip.evaluate((el) => getComputedStyle(el).flexDirection)).toBe('row');
    const [holder, thumbs] = [await page.locator('.wm-lb__holder').boundingBox(), await strip.boundingBox()];
    expect(thumbs?.y).toBeGreaterThan((holder?.y ?? 0) + (holder?.height ?? 0) - 1);

    expect(await page.getByRole('button', { name: 'Slideshow' }).getAttribute('aria-pressed')).toBe('true');
    await page.mouse.move(5, 5);
    await page.clock.runFor(1_999);
    expect(await shownIndex(page)).toBe(0);
    await page.clock.runFor(1);
    expect(await shownIndex(page)).toBe(1);
    const box = await page.locator('.wm-lb__holder').boundingBox();
    await page.mouse.move((box?.x ?? 0) + 50, (box?.y ?? 0) + 50);
    await page.clock.runFor(6_000);
    expect(await shownIndex(page)).toBe(1);
    await page.mouse.move(5, 5);
    await page.clock.runFor(2_000);
    expect(await shownIndex(page)).toBe(2);

    // Looping: previous from the first item is the last.
    await page.getByRole('button', { name: /^1:/ }).click();
    expect(await page.locator('.wm-lb__btn--prev').isDisabled()).toBe(false);
    await page.keyboard.press('ArrowLeft');
    expect(await shownIndex(page)).toBe(4);
    await page.keyboard.press('ArrowRight');
    expect(await shownIndex(page)).toBe(0);
    // axe-core waits on timers of its own.
    await page.clock.resume();
    await accessible(page);
    await done();
  });

  it('counts swipes along the horizontal path only', async () => {
    await open({ lightbox_path: 'horizontal' }, { reducedMotion: 'reduce' });
    await page
      .getByRole('link', { name: /harbour/ })
      .first()
      .click();
    await page.locator('.wm-lb__slide[data-status="ready"]').waitFor();
    const box = await page.locator('.wm-lb__holder').boundingBox();
    const { x, y } = { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 };
    for (const [dx, dy, expected] of [
      [-150, 0, 1],
      [0, -150, 1],
      [150, 0, 0],
    ] as const) {
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx, y + dy, { steps: 5 });
      await page.mouse.up();
      expect(await shownIndex(page)).toBe(expected);
    }
    await done();
  });

  it('does not loop a gallery of two', async () => {
    await open({ lightbox_infinite: true });
    await page.getByRole('link', { name: 'One of two pictures (1)' }).click();
    await dialog(page).waitFor();
    expect(await page.locator('.wm-lb__btn--prev').isDisabled()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect(await shownIndex(page)).toBe(0);
    await done();
  });

  it('leaves out what the settings turn off, and applies skin, opacity and speed', async () => {
    await open(
      {
        lightbox_deeplinking: false,
        lightbox_title: false,
        lightbox_desc: false,
        lightbox_social: false,
        lightbox_arrows: false,
        lightbox_gallery: false,
        lightbox_skin: 'dark',
        lightbox_opacity: 0.5,
        lightbox_animation_speed: 'slow',
      },
      {},
      true,
    );
    const before = await page.evaluate(() => history.length);
    await openWithClock(page, /harbour/);
    expect(await hash(page)).toBe('');
    expect(await page.evaluate(() => history.length)).toBe(before);
    expect(await dialog(page).getAttribute('aria-label')).toBe('1 / 5');
    for (const part of ['.wm-lb__title', '.wm-lb__caption', '.wm-lb__social', '.wm-lb__arrows', '.wm-lb__thumbs']) {
      expect(await page.locator(part).count(), part).toBe(0);
    }
    expect(await page.getByRole('button', { name: 'Slideshow' }).count()).toBe(0);
    expect(await dialog(page).getAttribute('data-skin')).toBe('dark');
    expect(await page.locator('.wm-lb__overlay').evaluate((el) => getComputedStyle(el).opacity)).toBe('0.5');
    await page.keyboard.press('ArrowRight');
    expect(await shownIndex(page)).toBe(1);
    expect(await hash(page)).toBe('');

    await page.clock.runFor(LIGHTBOX.switchMs);
    await page.clock.resume();
    await accessible(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);

    await page.keyboard.press('Escape');
    await page.clock.runFor(LIGHTBOX.speedNamesMs.slow - 1);
    expect(await dialog(page).count()).toBe(1);
    await page.clock.runFor(1);
    expect(await dialog(page).count()).toBe(0);
    await done();
  });

  it('stays open on an overlay click when that is off', async () => {
    await open({ lightbox_overlay_close: false });
    await page
      .getByRole('link', { name: /harbour/ })
      .first()
      .click();
    await page.locator('.wm-lb__slide[data-status="ready"]').waitFor();
    const holder = await page.locator('.wm-lb__holder').boundingBox();
    await page.mouse.click((holder?.x ?? 0) + 3, (holder?.y ?? 0) + 3);
    await page.waitForTimeout(LIGHTBOX.showHideMs * 2);
    expect(await dialog(page).count()).toBe(1);
    await done();
  });

  it('leaves post images alone when post images are off, and every link when the lightbox is off', async () => {
    await open({ lightbox_post_images: false });
    const post = page.locator('.post-content a').first();
    expect(await post.getAttribute('data-rel')).toBeNull();
    await Promise.all([page.waitForURL(/post-square\.jpg$/), post.click()]);
    await tracked.close();

    await open({ status_lightbox: false });
    expect(await page.locator('#about-link').getAttribute('rel')).toBe('iLightbox[docs]');
    expect(await page.locator('.no-lightbox').count()).toBe(0);
    await Promise.all([
      page.waitForURL(/harbour\.jpg$/),
      page
        .getByRole('link', { name: /harbour/ })
        .first()
        .click(),
    ]);
    await tracked.close();
  });
});
