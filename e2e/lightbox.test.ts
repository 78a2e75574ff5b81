import { LIGHTBOX } from '@waymark/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { still, waitForHydration, type TrackedPage } from './support/browser.js';
import {
  accessible,
  dialog,
  hash,
  openWith,
  openWithClock as openGalleryWithClock,
  shownIndex,
  shownTitle,
  visit,
} from './support/lightbox.js';
import { withBrowser } from './support/with-browser.js';

/**
 * The site lightbox on the seeded gallery page with the default settings: binding, opening and
 * closing, keys, deep links and history, and accessibility. Timers are driven by Playwright's
 * clock where they matter; gestures and the wheel are in lightbox-input.test.ts, content types
 * and their errors in lightbox-content.test.ts.
 */

describe('site lightbox', () => {
  const site = withBrowser();
  const { browser, baseUrl } = site;
  let tracked: TrackedPage;
  let page: Page;

  async function visitPage(path = '/gallery', options: Parameters<typeof visit>[2] = {}) {
    tracked = await visit(browser(), `${baseUrl}${path}`, options);
    page = tracked.page;
  }
  async function visitWithClock(options: Parameters<typeof visit>[2] = {}) {
    tracked = await visit(browser(), `${baseUrl}/gallery`, options, true);
    page = tracked.page;
  }
  const openWithClock = (name: RegExp, tap = false) => openGalleryWithClock(page, name, tap);
  async function done() {
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();
  }

  it('binds qualifying links, marks the others no-lightbox without rel, and binds content added later', async () => {
    await visitPage();
    const about = page.locator('#about-link');
    await expect.poll(() => about.getAttribute('class')).toContain('no-lightbox');
    expect(await about.getAttribute('rel')).toBeNull();
    expect(await about.getAttribute('data-rel')).toBeNull();
    expect(await page.locator('a[data-rel="iLightbox[photos]"]').count()).toBe(5);

    await page.getByRole('button', { name: 'Show more photos' }).click();
    const guide = page.locator('#guide-link');
    await expect.poll(() => guide.getAttribute('class')).toContain('no-lightbox');
    expect(await guide.getAttribute('data-rel')).toBeNull();
    await openWith(page, /Lighthouse/);
    expect(await shownIndex(page)).toBe(5);
    expect(await page.locator('.wm-lb__thumb').count()).toBe(7);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });

    // A link that is not bound opens as a normal link, wherever it leads.
    const target = new URL((await about.getAttribute('href')) ?? '', page.url()).href;
    await Promise.all([page.waitForURL(target), about.click()]);
    expect(await dialog(page).count()).toBe(0);
    await tracked.close();
  });

  it('opens as a modal dialog: focus in, page inert, scroll locked without shifting, accessible', async () => {
    await visitPage();
    // Scrolled down, with the picture's link in sight below the sticky header, so the click
    // itself need not scroll; the header settles first (it may stick or shrink, the page follows).
    await page.evaluate(() => {
      const link = [...document.querySelectorAll('a')].find((a) => /harbour/i.test(a.textContent ?? ''));
      window.scrollTo(0, Math.max(0, (link?.getBoundingClientRect().top ?? 0) + scrollY - 250));
    });
    const scrolled = () => page.evaluate(() => scrollY);
    await expect
      .poll(async () => {
        const first = await scrolled();
        await page.waitForTimeout(150);
        return first === (await scrolled());
      })
      .toBe(true);
    const before = await page.evaluate(() => ({
      x: document.querySelector('#photos')?.getBoundingClientRect().x,
      y: scrollY,
      history: history.length,
    }));
    expect(before.y).toBeGreaterThan(0);
    await openWith(page, /harbour/);
    const box = dialog(page);
    expect(await box.getAttribute('aria-modal')).toBe('true');
    expect(await box.getAttribute('aria-labelledby')).toBeTruthy();
    expect(await shownTitle(page)).toBe('The harbour at dawn');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    expect(await page.evaluate(() => document.getElementById('root')?.hasAttribute('inert'))).toBe(true);
    const during = await page.evaluate(() => ({
      x: document.querySelector('#photos')?.getBoundingClientRect().x,
      overflow: getComputedStyle(document.documentElement).overflow,
    }));
    expect(during).toEqual({ x: before.x, overflow: 'hidden' });
    await page.keyboard.press('PageDown');
    expect(await page.evaluate(() => scrollY)).toBe(before.y);
    expect(await hash(page)).toBe('#photos/0');
    expect(await page.evaluate(() => history.length)).toBe(before.history + 1);
    await page.locator('.wm-lb__slide[data-status="ready"]').waitFor();
    await accessible(page);

    // Tab stays inside the dialog.
    for (let i = 0; i < 25; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    await done();
  });

  it('moves with the keys, replacing the history entry, and disables the ends without looping', async () => {
    await visitPage();
    const start = await page.evaluate(() => history.length);
    await openWith(page, /harbour/);
    expect(await page.locator('.wm-lb__btn--prev').isDisabled()).toBe(true);
    await page.locator('.wm-lb__btn--prev').click({ force: true });
    await page.keyboard.press('ArrowLeft');
    expect(await shownIndex(page)).toBe(0);

    const moves: [string, number][] = [
      ['ArrowRight', 1],
      ['ArrowDown', 2],
      ['ArrowUp', 1],
      ['ArrowLeft', 0],
    ];
    for (const [key, index] of moves) {
      await page.keyboard.press(key);
      await expect.poll(() => shownIndex(page)).toBe(index);
      expect(await hash(page)).toBe(`#photos/${index}`);
      // Wait out the move's transition before the next one.
      await page.waitForFunction(() => !document.querySelector('.wm-lb__slide')?.getAnimations().length);
      await page.waitForTimeout(LIGHTBOX.switchMs);
    }
    expect(await page.evaluate(() => history.length)).toBe(start + 1);

    await page.getByRole('button', { name: /^5:/ }).click();
    expect(await shownIndex(page)).toBe(4);
    expect(await page.locator('.wm-lb__btn--next').isDisabled()).toBe(true);
    expect(await page.locator('.wm-lb__arrow--next').isDisabled()).toBe(true);
    await page.waitForTimeout(LIGHTBOX.switchMs);
    await page.keyboard.press('ArrowRight');
    expect(await shownIndex(page)).toBe(4);
    await done();
  });

  it('closes on Esc, the close button and an overlay click, clearing the fragment and giving focus back', async () => {
    await visitPage();
    const start = await page.evaluate(() => history.length);
    const opener = page.getByRole('link', { name: /market/i }).first();

    await opener.click();
    await dialog(page).waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(() => hash(page)).toBe('');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain('Saturday market');
    expect(await page.evaluate(() => document.getElementById('root')?.hasAttribute('inert'))).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');

    await opener.click();
    await dialog(page).waitFor();
    await page.getByRole('button', { name: 'Press Esc to close' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(() => hash(page)).toBe('');

    await opener.click();
    await page.locator('.wm-lb__slide[data-status="ready"]').waitFor();
    const holder = await page.locator('.wm-lb__holder').boundingBox();
    // The empty part of the holder, beside the picture.
    await page.mouse.click((holder?.x ?? 0) + 4, (holder?.y ?? 0) + 4);
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(() => hash(page)).toBe('');
    // Closing took back the entry that opening added.
    await expect.poll(() => page.evaluate(() => history.length)).toBe(start + 1);
    expect(await page.evaluate(() => history.state === null || typeof history.state === 'object')).toBe(true);
    await done();
  });

  it("closes with the browser's Back button after any number of moves", async () => {
    await visitPage();
    await openWith(page, /harbour/);
    for (const n of [1, 2]) {
      // A move's transition locks the next one for switchMs from when it was drawn, which on a
      // busy machine is after the fragment changed: a key pressed meanwhile is ignored, and a
      // person presses again.
      await expect
        .poll(async () => {
          if ((await hash(page)) !== `#photos/${n}`) await page.keyboard.press('ArrowRight');
          return hash(page);
        })
        .toBe(`#photos/${n}`);
    }
    await page.goBack();
    await dialog(page).waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${baseUrl}/gallery`);
    await done();
  });

  it('opens from a deep link, clamps the index, moves and closes as the fragment changes', async () => {
    await visitPage('/gallery#photos/2');
    await dialog(page).waitFor();
    expect(await shownTitle(page)).toBe('The old bridge');
    await page.locator('.wm-lb__slide[data-status="ready"]').waitFor();
    await accessible(page);

    await page.evaluate(() => (location.hash = '#photos/1'));
    await expect.poll(() => shownIndex(page)).toBe(1);
    await page.evaluate(() => (location.hash = '#photos/x'));
    await dialog(page).waitFor({ state: 'detached' });

    await page.evaluate(() => (location.hash = '#photos/99'));
    await dialog(page).waitFor();
    expect(await shownIndex(page)).toBe(4);
    await expect.poll(() => hash(page)).toBe('#photos/4');
    await page.evaluate(() => (location.hash = '#nope/1'));
    await dialog(page).waitFor({ state: 'detached' });

    await page.evaluate(() => (location.hash = '#online/0'));
    await dialog(page).waitFor();
    await page.evaluate(() => (location.hash = ''));
    await dialog(page).waitFor({ state: 'detached' });
    await tracked.close();

    await visitPage('/gallery#nope/3');
    expect(await dialog(page).count()).toBe(0);
    await done();
  });

  for (const width of [390, 1280]) {
    it(`closes on Esc after the fragment was changed by hand, clearing it, at ${width} px`, async () => {
      await visitPage('/gallery', { viewport: { width, height: 800 } });
      const opener = page.getByRole('link', { name: /old bridge/ }).first();
      await opener.click();
      await dialog(page).waitFor();
      expect(await hash(page)).toBe('#photos/2');
      await page.locator('.wm-lb__slide[data-status="ready"]').waitFor();
      await accessible(page);

      // A fragment typed by hand is a history entry of the visitor's, not the lightbox's.
      await page.evaluate(() => (location.hash = '#photos/4'));
      await expect.poll(() => shownIndex(page)).toBe(4);
      await page.locator('.wm-lb__slide[data-status="ready"]').waitFor();
      await accessible(page);
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'detached', timeout: 5_000 });
      await expect.poll(() => hash(page)).toBe('');
      // Nothing opens it again once the hash-change delay has passed.
      await page.waitForTimeout(LIGHTBOX.hashChangeDelayMs * 6);
      expect(await dialog(page).count()).toBe(0);
      expect(await hash(page)).toBe('');
      await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
      await accessible(page);
      await done();
    });

    it(`opens #photos/99 on the last item (only the start index is clamped; while open it closes) at ${width} px`, async () => {
      await visitPage('/gallery#photos/99', { viewport: { width, height: 800 } });
      await dialog(page).waitFor();
      expect(await shownIndex(page)).toBe(4);
      expect(await shownTitle(page)).toBe('Botanic garden');
      await expect.poll(() => hash(page)).toBe('#photos/4');
      await page.locator('.wm-lb__slide[data-status="ready"]').waitFor();
      await accessible(page);

      // Open on the last item, an index past the end names no item to move to: it closes.
      await page.evaluate(() => (location.hash = '#photos/99'));
      await dialog(page).waitFor({ state: 'detached', timeout: 5_000 });
      await expect.poll(() => hash(page)).toBe('');
      await accessible(page);
      await done();
    });
  }

  it('locks moves during a transition', async () => {
    await visitWithClock();
    await openWithClock(/harbour/);
    await page.clock.runFor(LIGHTBOX.switchMs);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await shownIndex(page)).toBe(1);
    await page.clock.runFor(LIGHTBOX.switchMs - 10);
    await page.keyboard.press('ArrowRight');
    expect(await shownIndex(page)).toBe(1);
    await page.clock.runFor(10);
    await page.keyboard.press('ArrowRight');
    expect(await shownIndex(page)).toBe(2);
    await done();
  });

  it('fades out for the hide speed before closing, and closes at once with reduced motion', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      await visitWithClock({ reducedMotion });
      await openWithClock(/harbour/);
      await page.keyboard.press('Escape');
      if (reducedMotion === 'reduce') {
        // The clock stands still, so no fade timer can end it: React's own render after the key
        // is what this waits for.
        await expect.poll(() => dialog(page).count()).toBe(0);
      } else {
        expect(await dialog(page).getAttribute('data-state')).toBe('closing');
        await page.clock.runFor(LIGHTBOX.showHideMs - 1);
        expect(await dialog(page).count()).toBe(1);
        await page.clock.runFor(1);
        expect(await dialog(page).count()).toBe(0);
      }
      await page.clock.runFor(10);
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain('harbour at dawn');
      await done();
    }
  });

  it('plays a slideshow: paused at first, advancing after the pause, restarting after a manual move, wrapping', async () => {
    await visitWithClock();
    await openWithClock(/harbour/);
    const play = page.getByRole('button', { name: 'Slideshow' });
    expect(await play.getAttribute('aria-pressed')).toBe('false');
    await page.clock.runFor(LIGHTBOX.slideshowPauseMs * 2);
    expect(await shownIndex(page)).toBe(0);

    await play.click();
    expect(await play.getAttribute('aria-pressed')).toBe('true');
    await page.clock.runFor(LIGHTBOX.slideshowPauseMs - 1);
    expect(await shownIndex(page)).toBe(0);
    await page.clock.runFor(1);
    expect(await shownIndex(page)).toBe(1);

    await page.clock.runFor(3_000);
    await page.keyboard.press('ArrowRight');
    expect(await shownIndex(page)).toBe(2);
    await page.clock.runFor(LIGHTBOX.slideshowPauseMs - 1);
    expect(await shownIndex(page)).toBe(2);
    await page.clock.runFor(1);
    expect(await shownIndex(page)).toBe(3);
    await page.clock.runFor(LIGHTBOX.slideshowPauseMs);
    expect(await shownIndex(page)).toBe(4);
    await page.clock.runFor(LIGHTBOX.slideshowPauseMs);
    expect(await shownIndex(page)).toBe(0);

    await play.click();
    await page.clock.runFor(LIGHTBOX.slideshowPauseMs * 2);
    expect(await shownIndex(page)).toBe(0);
    await done();
  });

  it('hides the side arrows after 3 s without mouse movement', async () => {
    await visitWithClock();
    await openWithClock(/harbour/);
    const arrows = page.locator('.wm-lb__arrows');
    await page.mouse.move(600, 400);
    await page.clock.runFor(LIGHTBOX.arrowHideMs - 1);
    expect(await arrows.getAttribute('data-hidden')).toBe('false');
    await page.clock.runFor(1);
    expect(await arrows.getAttribute('data-hidden')).toBe('true');
    await expect.poll(() => arrows.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    await page.mouse.move(620, 420);
    expect(await arrows.getAttribute('data-hidden')).toBe('false');
    await page.clock.runFor(LIGHTBOX.arrowHideMs - 500);
    await page.mouse.move(640, 400);
    await page.clock.runFor(LIGHTBOX.arrowHideMs - 1);
    expect(await arrows.getAttribute('data-hidden')).toBe('false');
    await done();
  });

  it('keeps the side arrows on touch devices', async () => {
    tracked = await site.open({ viewport: { width: 1280, height: 800 }, hasTouch: true });
    page = tracked.page;
    await page.clock.install();
    await page.goto(`${baseUrl}/gallery`);
    await waitForHydration(page);
    await page
      .getByRole('link', { name: /harbour/ })
      .first()
      .tap();
    await dialog(page).waitFor();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.clock.runFor(LIGHTBOX.arrowHideMs * 3);
    expect(await page.locator('.wm-lb__arrows').getAttribute('data-hidden')).toBe('false');
    await done();
  });

  it('toggles fullscreen with Shift+Enter and the button, locking the keys meanwhile', async () => {
    await visitPage();
    await openWith(page, /harbour/);
    await page.keyboard.press('Shift+Enter');
    expect(await dialog(page).getAttribute('data-fullscreen')).toBe('true');
    await page.keyboard.press('ArrowRight');
    expect(await shownIndex(page)).toBe(0);
    await page.keyboard.press('Shift+Enter');
    expect(await dialog(page).getAttribute('data-fullscreen')).toBe('false');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);

    const button = page.getByRole('button', { name: 'Enter Fullscreen (Shift+Enter)' });
    await button.click();
    expect(await dialog(page).getAttribute('data-fullscreen')).toBe('true');
    await accessible(page);
    await page.getByRole('button', { name: 'Exit Fullscreen (Shift+Enter)' }).click();
    expect(await dialog(page).getAttribute('data-fullscreen')).toBe('false');
    await page.keyboard.press('ArrowRight');
    expect(await shownIndex(page)).toBe(1);
    await done();
  });

  it('uses the mobile layout at 980 px and below', async () => {
    for (const [width, layout] of [
      [980, 'mobile'],
      [981, 'desktop'],
    ] as const) {
      await visitPage('/gallery', { viewport: { width, height: 800 } });
      await openWith(page, /harbour/);
      expect(await dialog(page).getAttribute('data-layout')).toBe(layout);
      expect(await page.locator('.wm-lb__thumbs').isVisible()).toBe(layout === 'desktop');
      if (layout === 'mobile') await accessible(page);
      await done();
    }
  });

  it('shows a caption only while it takes at most half the holder', async () => {
    await visitPage('/gallery', { viewport: { width: 1280, height: 300 } });
    await openWith(page, /harbour/);
    const caption = page.locator('.wm-lb__caption');
    expect(await caption.getAttribute('data-fits')).toBe('true');
    expect(await caption.isVisible()).toBe(true);
    await page.getByRole('button', { name: /^5:/ }).click();
    await expect.poll(() => caption.getAttribute('data-fits')).toBe('false');
    expect(await caption.isVisible()).toBe(false);
    const [height, holder] = await page.evaluate(() => [
      (document.querySelector('.wm-lb__caption') as HTMLElement).offsetHeight,
      (document.querySelector('.wm-lb__holder') as HTMLElement).clientHeight,
    ]);
    expect(height).toBeGreaterThan(holder * LIGHTBOX.captionMaxHolderShare);
    await page.setViewportSize({ width: 1280, height: 2000 });
    await expect.poll(() => caption.getAttribute('data-fits')).toBe('true');
    await done();
  });

  it('shows thumbnails of 120x80 at most, opacity 1 and 0.6 for the active one, along the vertical path', async () => {
    await visitPage();
    await openWith(page, /harbour/);
    const thumbs = page.locator('.wm-lb__thumb');
    expect(await thumbs.count()).toBe(5);
    const looks = await thumbs.evaluateAll((all) =>
      all.map((t) => ({
        w: t.getBoundingClientRect().width,
        h: t.getBoundingClientRect().height,
        o: getComputedStyle(t).opacity,
      })),
    );
    for (const [i, look] of looks.entries()) {
      expect(look.w).toBeLessThanOrEqual(LIGHTBOX.thumbnail.maxWidth);
      expect(look.h).toBeLessThanOrEqual(LIGHTBOX.thumbnail.maxHeight);
      expect(Number(look.o)).toBe(i === 0 ? LIGHTBOX.thumbnail.activeOpacity : LIGHTBOX.thumbnail.opacity);
    }
    expect(await page.locator('.wm-lb__thumbs').evaluate((el) => getComputedStyle(el).flexDirection)).toBe('column');
    await thumbs.nth(3).click();
    expect(await shownIndex(page)).toBe(3);
    expect(await thumbs.nth(3).getAttribute('aria-current')).toBe('true');
    await done();
  });

  it('scales large pictures down to the holder and never up', async () => {
    await visitPage();
    await openWith(page, /harbour/);
    await page.locator('.wm-lb__slide[data-status="ready"]').waitFor();
    await still(page);
    const holder = await page.locator('.wm-lb__holder').boundingBox();
    const big = await page.locator('.wm-lb__content').boundingBox();
    expect(big?.width).toBeLessThanOrEqual(holder?.width ?? 0);
    expect(big?.height).toBeLessThanOrEqual(holder?.height ?? 0);
    expect(Math.round(((big?.width ?? 0) / (big?.height ?? 1)) * 100)).toBe(160);
    await page.getByRole('button', { name: /^5:/ }).click();
    await page.locator('.wm-lb__slide[data-status="ready"]').waitFor();
    await still(page);
    const small = await page.locator('.wm-lb__content').boundingBox();
    expect([small?.width, small?.height]).toEqual([320, 240]);
    await done();
  });

  it('sizes items to the holder by fullViewPort, fit or fill, and marks thumbnails by their icon', async () => {
    await visitPage();
    await openWith(page, /fitted to the window/);
    await page.locator('.wm-lb__slide[data-status="ready"]').waitFor();
    await still(page);
    const holder = await page.locator('.wm-lb__holder').boundingBox();
    const near = (a = 0, b = 0) => Math.abs(a - b) <= 1;
    // The 320x240 picture grows until it meets the holder's edges, its proportions kept.
    const fit = await page.locator('.wm-lb__content').boundingBox();
    expect(near(fit?.width, holder?.width) || near(fit?.height, holder?.height)).toBe(true);
    expect(fit?.width ?? 0).toBeGreaterThan(320);
    expect(Math.round(((fit?.width ?? 0) / (fit?.height ?? 1)) * 100)).toBe(133);
    const icons = page.locator('.wm-lb__thumb .wm-lb__thumb-icon');
    expect(await icons.evaluateAll((all) => all.map((i) => i.getAttribute('data-icon')))).toEqual(['image', 'image']);
    await expect(page.getByRole('button', { name: /^2: .*\(image\)$/ }).count()).resolves.toBe(1);
    await accessible(page);

    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shownIndex(page)).toBe(1);
    await page.locator('.wm-lb__slide[data-status="ready"]').waitFor();
    await still(page);
    const fill = await page.locator('.wm-lb__content').boundingBox();
    expect(near(fill?.width, holder?.width) && near(fill?.height, holder?.height)).toBe(true);
    expect(await page.locator('.wm-lb__content img').evaluate((img) => getComputedStyle(img).objectFit)).toBe('cover');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });

    // A video's thumbnail is marked as one without being told; a picture's is not.
    await openWith(page, /A short video/);
    expect(await page.locator('.wm-lb__thumb').first().locator('.wm-lb__thumb-icon').getAttribute('data-icon')).toBe(
      'video',
    );
    expect(await page.locator('.wm-lb__thumb-icon').count()).toBe(1);
    await done();
  });

  it('opens social share pages in a 640x360 popup with the page address', async () => {
    await visitPage();
    await page
      .context()
      .route('https://www.facebook.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>share</title>' }),
      );
    await openWith(page, /harbour/);
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Share on Facebook' }).click(),
    ]);
    await popup.waitForLoadState();
    const target = new URL(popup.url());
    expect(target.origin + target.pathname).toBe('https://www.facebook.com/sharer/sharer.php');
    expect(target.searchParams.get('u')).toBe(`${baseUrl}/gallery#photos/0`);
    const size = await popup.evaluate(() => ({ width: innerWidth, height: innerHeight, opener: window.opener }));
    expect(size).toEqual({ ...LIGHTBOX.share, opener: null });
    await done();
  });

  it('puts post images in their own gallery', async () => {
    await visitPage();
    await page.locator('.post-content a').first().click();
    await dialog(page).waitFor();
    expect(await hash(page)).toBe('#postimages/0');
    expect(await page.locator('.wm-lb__thumb').count()).toBe(2);
    await done();
  });
});
