import { LIGHTBOX, LIGHTBOX_TEXTS } from '@waymark/protocol';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type TrackedPage } from './support/browser.js';
import { accessible, dialog, openWith, shownIndex, unexpectedErrors, visit } from './support/lightbox.js';
import { withBrowser } from './support/with-browser.js';

/**
 * Every kind of lightbox item on the seeded gallery page, with its loading, ready and error
 * statuses, and the directory popup. YouTube and Vimeo cannot be reached from here: their
 * addresses are answered by the test (page.route) where a frame or thumbnail would load.
 */

const slide = (page: Page) => page.locator('.wm-lb__slide');
const status = (page: Page) => slide(page).getAttribute('data-status');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const { browser, baseUrl } = withBrowser();
let tracked: TrackedPage;
let page: Page;

async function open(options: Parameters<typeof visit>[2] = {}, clock = false) {
  tracked = await visit(browser(), `${baseUrl}/gallery`, options, clock);
  page = tracked.page;
}

describe('lightbox content', () => {
  /** Moves to the next item and waits out the move's transition. */
  async function next() {
    const at = await shownIndex(page);
    await page.locator('.wm-lb__btn--next').click();
    await expect.poll(() => shownIndex(page)).toBe(at + 1);
    await page.waitForTimeout(LIGHTBOX.switchMs);
  }

  it('plays an HTML5 video from its WebM and H.264 sources with controls, preload and poster', async () => {
    await open();
    await openWith(page, /A short video/);
    const video = page.locator('.wm-lb__slide video');
    expect(await video.getAttribute('poster')).toBe('/gallery/assets/poster.webp');
    expect(await video.getAttribute('preload')).toBe('metadata');
    expect(await video.evaluate((v: HTMLVideoElement) => v.controls && !v.autoplay)).toBe(true);
    expect(await video.locator('source').evaluateAll((all) => all.map((s) => s.getAttribute('type')))).toEqual([
      'video/webm',
      'video/mp4',
    ]);
    await expect.poll(() => status(page)).toBe('ready');
    expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(320);
    const box = await page.locator('.wm-lb__content').boundingBox();
    expect([box?.width, box?.height]).toEqual([640, 360]);
    await accessible(page);
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();
  });

  it('shows an iframe, inline content, an ajax answer and HTML, each ready in turn', async () => {
    await open();
    const requests: { method: string; url: string }[] = [];
    page.on('request', (r) => r.url().includes('admin-ajax') && requests.push({ method: r.method(), url: r.url() }));
    await openWith(page, /A short video/);
    await next();
    const frame = page.locator('.wm-lb__slide iframe');
    expect(await frame.getAttribute('src')).toBe('/gallery/frame');
    await expect.poll(() => status(page)).toBe('ready');
    expect(await page.frameLocator('.wm-lb__slide iframe').locator('h1').textContent()).toBe('Opening hours');

    await next();
    expect(await status(page)).toBe('ready');
    expect(await dialog(page).locator('#gallery-inline').count()).toBe(1);
    await dialog(page).getByLabel('Your name').fill('Ada');
    await page.keyboard.press('ArrowLeft');
    expect(await shownIndex(page)).toBe(2);
    await accessible(page);

    await next();
    await expect.poll(() => status(page)).toBe('ready');
    expect(await dialog(page).locator('.qcpd-popup__title').count()).toBe(1);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url).toContain('action=qcpd_load_long_description');
    // The inline element went back to its place.
    expect(await page.locator('[hidden] > #gallery-inline').count()).toBe(1);
    expect(await page.locator('#gallery-inline input').inputValue()).toBe('Ada');

    await next();
    expect(await status(page)).toBe('ready');
    expect(await dialog(page).locator('.wm-lb-html h3').textContent()).toBe('Getting here');
    await accessible(page);
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();
  });

  it('shows the missing-plugin message for Flash and QuickTime items', async () => {
    await open();
    await openWith(page, /A Flash tour/);
    const error = page.locator('.wm-lb__error');
    expect(await error.textContent()).toContain(LIGHTBOX_TEXTS.missingPlugin('Flash'));
    expect(await error.getByRole('link', { name: 'Download Flash' }).count()).toBe(1);
    expect(await status(page)).toBe('error');
    await accessible(page);
    await next();
    expect(await error.textContent()).toContain(LIGHTBOX_TEXTS.missingPlugin('QuickTime'));
    expect(await error.getByRole('link', { name: 'Download QuickTime' }).count()).toBe(1);
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();
  });

  it("shows the catalogue's errors for a missing picture, snippet, video and inline element", async () => {
    await open();
    await openWith(page, /A picture that is missing/);
    const error = page.locator('.wm-lb__error');
    await expect.poll(() => status(page)).toBe('error');
    expect(await error.textContent()).toBe(LIGHTBOX_TEXTS.photoFailed);
    await accessible(page);
    await next();
    await expect.poll(() => status(page)).toBe('error');
    expect(await error.textContent()).toBe(LIGHTBOX_TEXTS.ajaxFailed);
    await next();
    await expect.poll(() => status(page)).toBe('error');
    expect(await error.textContent()).toBe('An error occurred when trying to load the video.');
    await next();
    expect(await status(page)).toBe('error');
    expect(await error.textContent()).toBe(LIGHTBOX_TEXTS.popupNotFound);
    expect(unexpectedErrors(tracked)).toEqual([]);
    await tracked.close();
  });

  it('shows a loading status until content arrives, and sanitizes ajax HTML before inserting it', async () => {
    await open();
    let held: Route | undefined;
    await page.route('**/wp-admin/admin-ajax.php?**', (route) => {
      held = route;
    });
    await openWith(page, /A directory item, loaded when opened/);
    await expect.poll(() => held !== undefined).toBe(true);
    expect(await status(page)).toBe('loading');
    expect(await page.locator('.wm-lb__loading').textContent()).toBe(LIGHTBOX_TEXTS.popupLoading);
    await held?.fulfill({
      contentType: 'text/html',
      body:
        '<p id="kept">Kept</p><script>window.pwned = 1</script>' +
        '<img src="/media/gallery/thumb-harbour.webp" alt="" onload="window.pwned = 2">' +
        '<a href="javascript:window.pwned = 3" id="bad">bad</a><iframe src="/gallery/frame"></iframe>',
    });
    await expect.poll(() => status(page)).toBe('ready');
    expect(await dialog(page).locator('#kept').textContent()).toBe('Kept');
    expect(await dialog(page).locator('script, iframe, [onload]').count()).toBe(0);
    expect(await dialog(page).locator('#bad').getAttribute('href')).toBeNull();
    await dialog(page).locator('#bad').click();
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    // Chromium reports the handler to the CSP as soon as the answer is parsed (even inertly, for
    // sanitizing); the page's CSP refuses it. Nothing else may go wrong.
    const others = tracked.errors.filter((e) => !e.startsWith('Executing inline event handler violates'));
    expect(others, others.join('\n')).toEqual([]);
    await tracked.close();
  });

  it('embeds YouTube and Vimeo players from the configured hosts, with loading, ready and error statuses', async () => {
    await open();
    const players: string[] = [];
    let heldPlayer: Route | undefined;
    await page.route('https://www.youtube-nocookie.com/**', (route) => {
      players.push(route.request().url());
      heldPlayer = route;
    });
    await page.route('https://player.vimeo.com/**', (route) => {
      players.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Vimeo player</title>' });
    });
    const thumbs: string[] = [];
    await page.route('https://img.youtube.com/**', (route) => {
      thumbs.push(route.request().url());
      return route.fulfill({ contentType: 'image/png', body: PNG });
    });
    await page.route('https://vimeo.com/api/oembed.json?**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        json: { thumbnail_url: 'https://i.vimeocdn.com/video/1_100.jpg' },
      }),
    );
    await page.route('https://i.vimeocdn.com/**', (route) => route.fulfill({ contentType: 'image/png', body: PNG }));

    await openWith(page, /^YouTube$/);
    await expect.poll(() => heldPlayer !== undefined).toBe(true);
    expect(await status(page)).toBe('loading');
    // With YouTube's IFrame API turned on for this page, which posts the player its commands.
    expect(players[0]).toBe(
      `https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?enablejsapi=1&origin=${encodeURIComponent(baseUrl)}`,
    );
    await heldPlayer?.fulfill({ contentType: 'text/html', body: '<!doctype html><title>YouTube player</title>' });
    await expect.poll(() => status(page)).toBe('ready');
    // Thumbnails: YouTube's needs the 11-character id; Vimeo's comes from oEmbed.
    expect(thumbs).toEqual(['https://img.youtube.com/vi/aqz-KE-bpKQ/default.jpg']);
    const sources = await page.locator('.wm-lb__thumb img').evaluateAll((all) => all.map((i) => i.getAttribute('src')));
    expect(sources).toEqual([
      'https://img.youtube.com/vi/aqz-KE-bpKQ/default.jpg',
      'https://i.vimeocdn.com/video/1_100.jpg',
    ]);
    expect(await page.locator('.wm-lb__thumb').nth(2).locator('img').count()).toBe(0);

    await next();
    await expect.poll(() => status(page)).toBe('ready');
    expect(players[1]).toBe('https://player.vimeo.com/video/76979871');
    await next();
    expect(await status(page)).toBe('error');
    expect(await page.locator('.wm-lb__error').textContent()).toContain('no valid video id');
    await accessible(page);
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();
  });
});

describe('directory popup', () => {
  const popup = () => page.locator('.wm-popup[role="dialog"]');

  it('loads an item by ajax with "Loading...", closes on Esc from "Close (Esc)" and gives focus back', async () => {
    await open();
    let held: Route | undefined;
    await page.route('**/wp-admin/admin-ajax.php', (route) => {
      held = route;
    });
    const opener = page.getByRole('button', { name: 'Open a directory item' });
    await opener.click();
    await popup().waitFor();
    expect(await popup().getAttribute('aria-modal')).toBe('true');
    await expect.poll(() => held !== undefined).toBe(true);
    expect(await popup().getByRole('status').textContent()).toBe('Loading...');
    const request = held?.request();
    expect(request?.method()).toBe('POST');
    expect(request?.postData()).toContain('qcpd_load_long_description');
    await held?.continue();
    await popup().locator('.qcpd-popup__title').waitFor();
    expect(await popup().getByRole('status').count()).toBe(0);
    const close = popup().getByRole('button', { name: 'Close (Esc)' });
    expect(await close.getAttribute('title')).toBe(LIGHTBOX_TEXTS.popupClose);
    await accessible(page);
    await page.keyboard.press('Escape');
    await popup().waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();
  });

  it('shows inline content and puts it back on close', async () => {
    await open();
    await page.getByRole('button', { name: 'Open notes from this page' }).click();
    await popup().locator('#popup-inline').waitFor();
    expect(await popup().getAttribute('aria-label')).toBe('About the directory');
    await popup().getByRole('button', { name: 'Close (Esc)' }).click();
    await popup().waitFor({ state: 'detached' });
    expect(await page.locator('[hidden] > #popup-inline').count()).toBe(1);
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();
  });

  it('counts "current of total", preloads 0 before and 2 after, and links a picture that fails', async () => {
    await open();
    const loaded: string[] = [];
    page.on(
      'request',
      (r) =>
        r.url().includes('/media/gallery/') && !r.url().includes('thumb-') && loaded.push(new URL(r.url()).pathname),
    );
    await page.getByRole('button', { name: 'Open photos in the popup' }).click();
    await popup().locator('img[src="/media/gallery/harbour.jpg"]').waitFor();
    expect(await popup().locator('.wm-popup__counter').textContent()).toBe('1 of 5');
    await expect
      .poll(() => loaded.slice().sort())
      .toEqual(['/media/gallery/bridge.webp', '/media/gallery/harbour.jpg', '/media/gallery/market.png'].sort());
    await accessible(page);

    await page.keyboard.press('ArrowRight');
    expect(await popup().locator('.wm-popup__counter').textContent()).toBe('2 of 5');
    await expect.poll(() => loaded.includes('/media/gallery/lanterns.svg')).toBe(true);
    expect(loaded.includes('/media/gallery/missing.jpg')).toBe(false);
    await popup().getByRole('button', { name: 'Previous (Left arrow key)' }).click();
    expect(await popup().locator('.wm-popup__counter').textContent()).toBe('1 of 5');
    await page.keyboard.press('ArrowLeft');
    expect(await popup().locator('.wm-popup__counter').textContent()).toBe('5 of 5');
    const error = popup().locator('.wm-popup__error');
    await error.waitFor();
    expect(await error.textContent()).toBe('The image could not be loaded.');
    expect(await error.getByRole('link', { name: 'The image' }).getAttribute('href')).toBe(
      '/media/gallery/missing.jpg',
    );
    await popup().getByRole('button', { name: 'Next (Right arrow key)' }).click();
    expect(await popup().locator('.wm-popup__counter').textContent()).toBe('1 of 5');
    expect(unexpectedErrors(tracked)).toEqual([]);
    await tracked.close();
  });

  it('says "Content not found" and "The content could not be loaded." with a link', async () => {
    await open();
    await page.getByRole('button', { name: 'Open missing content in the popup' }).click();
    const error = popup().locator('.wm-popup__error');
    await error.waitFor();
    expect(await error.textContent()).toBe(LIGHTBOX_TEXTS.popupNotFound);
    await accessible(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => error.textContent()).toBe(LIGHTBOX_TEXTS.popupLoadFailed);
    expect(await error.getByRole('link', { name: 'The content' }).getAttribute('href')).toBe(
      '/gallery/no-such-snippet',
    );
    expect(unexpectedErrors(tracked)).toEqual([]);
    await tracked.close();
  });

  it('zooms out for 300 ms on close, or not at all with reduced motion', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      await open({ reducedMotion }, true);
      await page.getByRole('button', { name: 'Open notes from this page' }).click();
      for (let i = 0; i < 50 && (await popup().count()) === 0; i++) await page.clock.runFor(50);
      await popup().locator('#popup-inline').waitFor();
      await page.keyboard.press('Escape');
      if (reducedMotion === 'reduce') {
        // Gone without the page's clock moving on: no zoom to wait for, only React's commit.
        await expect.poll(() => popup().count()).toBe(0);
      } else {
        await page.clock.runFor(LIGHTBOX.popup.zoomMs - 1);
        expect(await popup().getAttribute('data-state')).toBe('closing');
        await page.clock.runFor(1);
        expect(await popup().count()).toBe(0);
      }
      expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
      await tracked.close();
    }
  });
});
