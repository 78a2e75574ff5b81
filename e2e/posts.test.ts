import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.js';
import { dialog } from './support/lightbox.js';
import { withBrowser } from './support/with-browser.js';

/**
 * Issue 15, "Pages and articles": the seeded pages and articles at their clean addresses, their
 * bodies as written (sanitized), and their pictures in the site lightbox.
 */
describe('pages and articles', { timeout: 120_000 }, () => {
  const site = withBrowser();

  it('shows a page with its picture, which opens in the site lightbox', async () => {
    const tracked = await site.visit('/pages/about', { viewport: { width: 1280, height: 900 } });
    const { page } = tracked;
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('About this directory');
    await expect(page.locator('.post-content strong').first().textContent()).resolves.toBe('How listings get here.');
    await expectAccessible(page);

    const link = page.locator('.post-content a:has(img)').first();
    await link.click();
    await dialog(page).waitFor();
    await page.locator('.wm-lb__slide[data-type="image"][data-status="ready"]').waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();
  });

  it('shows an article with its date, its pictures one gallery in the lightbox', async () => {
    const tracked = await site.visit('/articles/saturday-market-guide', { viewport: { width: 390, height: 800 } });
    const { page } = tracked;
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'A morning at the Saturday market',
    );
    await expect(page.locator('.post__meta time').getAttribute('datetime')).resolves.toMatch(/^\d{4}-\d\d-\d\dT/);
    await expectAccessible(page);

    const links = page.locator('.post-content a:has(img)');
    expect(await links.count()).toBeGreaterThanOrEqual(2);
    await links.first().click();
    await dialog(page).waitFor();
    await expect.poll(() => dialog(page).getAttribute('data-index')).toBe('0');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => dialog(page).getAttribute('data-index')).toBe('1');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();
  });

  it('answers an unknown page with the not-found page', async () => {
    const tracked = await site.open();
    const response = await tracked.page.goto(`${site.baseUrl}/pages/no-such-page`);
    expect(response?.status()).toBe(404);
    await expectAccessible(tracked.page);
    await tracked.close();
  });
});

/** Issue 15, "Back-to-top", on the long home page. */
describe('back to top', { timeout: 120_000 }, () => {
  const site = withBrowser();
  const toTop = (page: Page) => page.getByRole('button', { name: 'Back to top' });

  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    it(`shows past 200 px, returns to the top and moves focus there (${reducedMotion} motion)`, async () => {
      const tracked = await site.visit('/', { viewport: { width: 1280, height: 900 }, reducedMotion });
      const { page } = tracked;
      await expect(toTop(page).isVisible()).resolves.toBe(false);
      await page.mouse.move(640, 450);
      await page.mouse.wheel(0, 150);
      await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(100);
      await expect(toTop(page).isVisible()).resolves.toBe(false);
      await page.mouse.wheel(0, 1500);
      await toTop(page).waitFor();
      // The wheel's own smooth scroll ends first: the click starts from a page at rest.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            let last = -1;
            const check = () => (scrollY === last ? resolve() : ((last = scrollY), setTimeout(check, 100)));
            check();
          }),
      );
      if (reducedMotion === 'reduce') await expectAccessible(page);

      await toTop(page).click();
      // The scroll takes 1200 ms; expect.poll gives up after 1 s unless told.
      await expect.poll(() => page.evaluate(() => scrollY), { timeout: 15_000 }).toBe(0);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.classList.contains('site-header__brand')))
        .toBe(true);
      await toTop(page).waitFor({ state: 'hidden' });
      expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
      await tracked.close();
    });
  }
});
