import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedAdminSession, type StorageState } from './support/admin.js';
import { expectAccessible, type TrackedPage } from './support/browser.js';
import { withBrowser } from './support/with-browser.js';

/**
 * The site on a phone and on a desktop: the header's links behind a "Menu" disclosure on narrow
 * screens, every page and admin table without sideways scrolling from 320 px up, the footer's
 * links and credits at the bottom of short pages, the sign-in form's autocomplete hints and the
 * gallery's "About this gallery" link.
 */

const PHONES = [320, 390] as const;
const WIDTHS = [...PHONES, 1280] as const;
const PAGES = [
  '/',
  '/categories',
  '/items/1',
  '/gallery',
  '/suggest',
  '/add-business',
  '/login',
  '/admin/spam-log',
  '/admin/reviews',
] as const;

const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });
const siteNav = (page: Page) => page.getByRole('navigation', { name: 'Site' });

/** How far the page reaches past the window's right edge (0 when nothing scrolls sideways). */
const sideways = (page: Page) =>
  page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - innerWidth);

describe('on a phone and on a desktop', () => {
  const site = withBrowser();
  const { baseUrl } = site;
  let admin: StorageState;

  beforeAll(async () => {
    admin = await sharedAdminSession(site.browser(), baseUrl);
  });

  const windowOf = (width: number, as: 'visitor' | 'admin', height = 800) => ({
    viewport: { width, height },
    ...(as === 'admin' ? { storageState: admin } : {}),
  });
  const visitAt = async (path: string, width: number, as: 'visitor' | 'admin' = 'visitor', height = 800) =>
    site.visit(path, windowOf(width, as, height));

  const finish = async (tracked: TrackedPage) => {
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();
  };

  describe('the header', () => {
    for (const width of PHONES) {
      it(`puts the links behind a "Menu" disclosure at ${width} px, opened and closed by pointer and keys`, async () => {
        const tracked = await visitAt('/suggest', width);
        const { page } = tracked;
        const button = menuButton(page);
        expect(await button.isVisible()).toBe(true);
        expect(await button.getAttribute('aria-expanded')).toBe('false');
        const menu = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
        expect(await menu.count()).toBe(1);
        expect(await menu.isVisible()).toBe(false);
        expect(await siteNav(page).count()).toBe(0);
        expect(await sideways(page)).toBe(0);
        await expectAccessible(page);

        // A pointer opens it: the site's links, the account link, all inside the window.
        const box = await button.boundingBox();
        await page.mouse.move((box?.x ?? 0) + 10, (box?.y ?? 0) + 10, { steps: 4 });
        await page.mouse.down();
        await page.mouse.up();
        expect(await button.getAttribute('aria-expanded')).toBe('true');
        expect(await menu.isVisible()).toBe(true);
        const links = siteNav(page).getByRole('link');
        expect(await links.allTextContents()).toEqual([
          'Browse by category',
          'Suggest a place',
          'Add your business',
          'Gallery',
        ]);
        expect(await siteNav(page).getByRole('link', { name: 'Suggest a place' }).getAttribute('aria-current')).toBe(
          'page',
        );
        expect(await page.getByRole('navigation', { name: 'Account' }).getByRole('link').textContent()).toBe('Sign in');
        for (const link of await links.all()) {
          const rect = await link.boundingBox();
          expect(rect && rect.x >= 0 && rect.x + rect.width <= width).toBe(true);
          // Tall enough for a finger.
          expect(rect?.height ?? 0).toBeGreaterThanOrEqual(40);
        }
        expect(await sideways(page)).toBe(0);
        await expectAccessible(page);

        // The same button closes it.
        await button.click();
        expect(await button.getAttribute('aria-expanded')).toBe('false');
        expect(await menu.isVisible()).toBe(false);

        // Keys: Tab reaches the button, Enter opens, Tab goes on into the links, Esc closes and
        // returns focus to the button; Space opens it again, Esc from the button closes it.
        await page.getByRole('link', { name: 'Waymark' }).first().focus();
        await page.keyboard.press('Tab');
        expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
        await page.keyboard.press('Enter');
        expect(await button.getAttribute('aria-expanded')).toBe('true');
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Browse by category');
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Suggest a place');
        await page.keyboard.press('Escape');
        expect(await button.getAttribute('aria-expanded')).toBe('false');
        expect(await menu.isVisible()).toBe(false);
        expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
        await page.keyboard.press('Space');
        expect(await button.getAttribute('aria-expanded')).toBe('true');
        await page.keyboard.press('Escape');
        expect(await button.getAttribute('aria-expanded')).toBe('false');
        expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
        await finish(tracked);
      });
    }

    it('shows the links inline at 1280 px, with no menu button, for a visitor and an administrator', async () => {
      for (const as of ['visitor', 'admin'] as const) {
        const tracked = await visitAt('/gallery', 1280, as);
        const { page } = tracked;
        expect(await menuButton(page).isVisible()).toBe(false);
        expect(await siteNav(page).isVisible()).toBe(true);
        const names = await siteNav(page).getByRole('link').allTextContents();
        expect(names.slice(0, 4)).toEqual(['Browse by category', 'Suggest a place', 'Add your business', 'Gallery']);
        if (as === 'admin') expect(names).toContain('Back office');
        else expect(names).toHaveLength(4);
        const account = page.getByRole(as === 'admin' ? 'button' : 'link', {
          name: as === 'admin' ? 'Sign out' : 'Sign in',
        });
        expect(await account.isVisible()).toBe(true);
        // One row: every link and the account on the same line as the site's name.
        const header = await page.locator('header.site-header').boundingBox();
        expect(header?.height ?? 0).toBeLessThan(80);
        const right = await account.boundingBox();
        expect((right?.x ?? 0) + (right?.width ?? 0)).toBeLessThanOrEqual(1280);
        expect(await sideways(page)).toBe(0);
        await expectAccessible(page);
        await finish(tracked);
      }
    });

    it('keeps the administrator\'s links and "Sign out" in the menu at 390 px', async () => {
      const tracked = await visitAt('/admin/spam-log', 390, 'admin');
      const { page } = tracked;
      expect(await sideways(page)).toBe(0);
      expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(false);
      await menuButton(page).click();
      expect(await siteNav(page).getByRole('link').allTextContents()).toContain('Back office');
      expect(await siteNav(page).getByRole('link', { name: 'Back office' }).getAttribute('aria-current')).toBe('true');
      const signOut = page.getByRole('button', { name: 'Sign out' });
      expect(await signOut.isVisible()).toBe(true);
      const rect = await signOut.boundingBox();
      expect((rect?.x ?? 0) + (rect?.width ?? 0)).toBeLessThanOrEqual(390);
      expect(await sideways(page)).toBe(0);
      await expectAccessible(page);
      await finish(tracked);
    });

    it('shows the links without scripts, and nothing shifts when the page hydrates', async () => {
      const plain = await site.open({ javaScriptEnabled: false, viewport: { width: 390, height: 800 } });
      await plain.page.goto(`${baseUrl}/suggest`);
      expect(await menuButton(plain.page).isVisible()).toBe(false);
      expect(await siteNav(plain.page).getByRole('link', { name: 'Gallery' }).isVisible()).toBe(true);
      expect(await sideways(plain.page)).toBe(0);
      await plain.close();

      const tracked = await visitAt('/suggest', 390);
      const shifts = await tracked.page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(total), 500);
          }),
      );
      expect(shifts).toBe(0);
      await finish(tracked);
    });
  });

  describe('every page', () => {
    // The back office at 390 and 1280 px; the 320 px phone is a visitor's (CI time is bounded).
    for (const as of ['visitor', 'admin'] as const) {
      for (const width of as === 'admin' ? ([390, 1280] as const) : WIDTHS) {
        it(`fits ${width} px without scrolling sideways, for ${as === 'admin' ? 'an administrator' : 'a visitor'}`, async () => {
          // One tab goes from page to page, as a person browses; a fresh browser context per page
          // cost most of this test's time and tells nothing more.
          const tracked = await site.open(windowOf(width, as));
          const { page } = tracked;
          for (const path of PAGES) {
            await site.go(page, path);
            // Soft: one run names every page that does not fit.
            expect.soft(await sideways(page), `${path} at ${width} px`).toBe(0);
            const button = menuButton(page);
            if (await button.isVisible()) {
              await button.click();
              expect.soft(await sideways(page), `${path} at ${width} px, menu open`).toBe(0);
              // The open menu is checked once per width; the page itself below, menu closed.
              if (path === '/suggest') await expectAccessible(page);
              await page.keyboard.press('Escape');
              expect(await button.getAttribute('aria-expanded')).toBe('false');
            }
            await expectAccessible(page);
            expect(tracked.errors, `${path}: ${tracked.errors.join('\n')}`).toEqual([]);
          }
          await tracked.close();
        }, 300_000);
      }
    }
  });

  describe('the admin tables', () => {
    for (const width of PHONES) {
      it(`show every column of the spam log as a card at ${width} px`, async () => {
        const tracked = await visitAt('/admin/spam-log', width, 'admin');
        const { page } = tracked;
        const row = page.locator('tbody tr').first();
        await row.waitFor();
        const cells = await row.locator('td').all();
        expect(cells.length).toBe(8);
        const labels: string[] = [];
        for (const cell of cells) {
          const rect = await cell.boundingBox();
          expect(rect, 'a spam-log cell').not.toBeNull();
          expect(rect!.x).toBeGreaterThanOrEqual(0);
          expect(rect!.x + rect!.width).toBeLessThanOrEqual(width);
          labels.push(await cell.evaluate((el) => getComputedStyle(el, '::before').content));
        }
        expect(labels).toEqual(
          ['Time (UTC)', 'Form', 'Verdict', 'Score', 'Reasons', 'Client', 'Evidence', 'Decision'].map((l) => `"${l}"`),
        );
        expect(await sideways(page)).toBe(0);
        await expectAccessible(page);
        await finish(tracked);
      });
    }

    it('keep the spam log a table at 1280 px, inside the window', async () => {
      const tracked = await visitAt('/admin/spam-log', 1280, 'admin');
      const { page } = tracked;
      expect(await page.locator('.spam-log table').evaluate((el) => getComputedStyle(el).display)).toBe('table');
      expect(await page.getByRole('columnheader', { name: 'Evidence' }).isVisible()).toBe(true);
      const last = await page.locator('tbody tr').first().locator('td').last().boundingBox();
      expect((last?.x ?? 0) + (last?.width ?? 0)).toBeLessThanOrEqual(1280);
      expect(await sideways(page)).toBe(0);
      await finish(tracked);
    });

    for (const width of [390, 1280]) {
      it(`fit the moderation screen's reviews and decisions at ${width} px`, async () => {
        const tracked = await visitAt('/admin/reviews?status=published', width, 'admin');
        const { page } = tracked;
        const review = page.locator('.moderation__review').first();
        await review.waitFor();
        for (const part of [
          review,
          review.getByRole('button', { name: 'Delete' }),
          page.locator('.moderation__statuses'),
        ]) {
          const rect = await part.boundingBox();
          expect((rect?.x ?? -1) >= 0 && (rect?.x ?? 0) + (rect?.width ?? 0) <= width).toBe(true);
        }
        expect(await sideways(page)).toBe(0);
        await expectAccessible(page);
        await finish(tracked);
      });
    }
  });

  describe('the footer', () => {
    for (const width of [390, 1280]) {
      it(`carries the site's links and the data's credits, at the bottom of a short page, at ${width} px`, async () => {
        // The shortest page, one field, in a window taller than it (a tall phone's 932 px).
        const tracked = await visitAt('/account/forgot', width, 'visitor', 932);
        const { page } = tracked;
        const footer = page.getByRole('contentinfo');
        expect(await footer.getByRole('navigation', { name: 'Footer' }).getByRole('link').allTextContents()).toEqual([
          'Browse by category',
          'Suggest a place',
          'Add your business',
          'Gallery',
          'About the spam shield',
        ]);
        expect(await footer.getByText('City data © GeoNames, CC BY 4.0').count()).toBe(1);
        expect(await footer.getByRole('link', { name: 'GeoNames' }).getAttribute('href')).toBe(
          'https://www.geonames.org/',
        );
        // No map tiles are drawn yet, so no OpenStreetMap credit.
        expect(await footer.getByText(/OpenStreetMap/).count()).toBe(0);

        // No band under it: the page is shorter than the window and the footer ends at its bottom.
        const { bottom, viewport, scrollHeight } = await page.evaluate(() => ({
          bottom: document.querySelector('footer')!.getBoundingClientRect().bottom,
          viewport: innerHeight,
          scrollHeight: document.documentElement.scrollHeight,
        }));
        expect(scrollHeight).toBe(viewport);
        expect(Math.abs(bottom - viewport)).toBeLessThan(1);
        expect(await sideways(page)).toBe(0);
        await expectAccessible(page);
        await finish(tracked);
      });
    }
  });

  it('hints the sign-in fields for password managers', async () => {
    const tracked = await visitAt('/login', 390);
    const { page } = tracked;
    expect(await page.getByLabel('E-mail address').getAttribute('autocomplete')).toBe('username');
    expect(await page.getByLabel('Password').getAttribute('autocomplete')).toBe('current-password');
    await finish(tracked);
  });

  for (const width of [390, 1280]) {
    it(`leads "About this gallery" to text on the gallery page, not to a missing page, at ${width} px`, async () => {
      const tracked = await visitAt('/gallery', width);
      const { page } = tracked;
      const about = page.locator('#about-link');
      const target = await about.evaluate((a) => (a as HTMLAnchorElement).href);
      const answer = await fetch(target);
      expect(answer.status).toBe(200);
      await about.scrollIntoViewIfNeeded();
      await about.click();
      await page.waitForURL(/\/gallery#about$/);
      const heading = page.getByRole('heading', { name: 'About this gallery' });
      expect(await heading.isVisible()).toBe(true);
      // Scrolled to it, in the theme's two phases: at the top of the window, below any sticky header.
      const settled = async () => {
        const y = Math.round((await heading.boundingBox())?.y ?? -100);
        return y >= -1 && y < 100;
      };
      await expect.poll(settled, { timeout: 5_000 }).toBe(true);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Gallery');
      await expectAccessible(page);
      await finish(tracked);
    });
  }
});
