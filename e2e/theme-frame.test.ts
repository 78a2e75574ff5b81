import { headerSettings, menuSettings, sliderSettings, toTopSettings, type SettingDef } from '@waymark/protocol';
import type { Page, ViewportSize } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../packages/server/src/db/connect.js';
import { writeSetting } from '../packages/server/src/settings/store.js';
import { startServer, type RunningServer } from '../tools/start-server.js';
import { expectAccessible, still, waitForHydration, type TrackedPage } from './support/browser.js';
import { withBrowser } from './support/with-browser.js';

/**
 * Issue 15, "The site's frame": the sticky header (and where it is off), the administrator's
 * menus, the flyout menu and search, the mobile menu's sub-menus, anchors, the site notice,
 * the footer tabs and back-to-top, at a desktop, a tablet upright and sideways, and a phone,
 * by keyboard where a person would use one, axe-core clean in each state. The sliders are in
 * theme-slider.test.ts.
 */

const DESKTOP = { width: 1280, height: 900 };
const TABLET_PORTRAIT = { width: 800, height: 1200 };
const TABLET_LANDSCAPE = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 800 };

const MENUS = {
  main: [
    {
      label: 'About',
      href: '/pages/about',
      children: [
        { label: 'Privacy', href: '/pages/privacy' },
        { label: 'Credits', href: '/pages/privacy#colophon' },
      ],
    },
    {
      label: 'Read',
      href: '/articles/repair-cafes',
      children: [{ label: 'Markets', href: '/articles/saturday-market-guide' }],
    },
  ],
  secondary: [
    { label: 'Search', href: '/search' },
    { label: 'Advertise', href: '/pages/advertise' },
  ],
};

/** Polls until the condition holds: a busy machine may take seconds for a 300 ms transition. */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

describe("the site's frame", { timeout: 180_000 }, () => {
  const site = withBrowser();
  let server: RunningServer;

  const store = async (def: SettingDef, value: unknown) => {
    const storage = openStorage({ dataDir: server.dataDir });
    try {
      await writeSetting(storage, def, value);
    } finally {
      await storage.db.destroy();
    }
  };

  beforeAll(async () => {
    server = await startServer({ SEED_ITEMS: '40' }, 180_000);
    await store(menuSettings, MENUS);
    // The slider has its own test file; here it would only move the page under the header.
    await store(sliderSettings, { slides: [] });
  });
  afterAll(async () => server?.stop());

  let visits = 0;
  const visit = async (
    path: string,
    viewport: ViewportSize,
    reducedMotion: 'reduce' | 'no-preference' = 'no-preference',
  ) => {
    const tracked = await site.open({ viewport, reducedMotion });
    tracked.page.setDefaultTimeout(20_000);
    // A query of its own: the server caches anonymous pages until its own writes change the
    // content, and these settings are written behind its back.
    visits += 1;
    await tracked.page.goto(`${server.url}${path}${path.includes('?') ? '&' : '?'}visit=${visits}`);
    await waitForHydration(tracked.page);
    return tracked;
  };
  const finish = async (tracked: TrackedPage) => {
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();
  };
  const header = (page: Page) => page.locator('header.site-header');
  const headerBox = (page: Page) =>
    header(page).evaluate((el) => {
      const box = el.getBoundingClientRect();
      return { top: Math.round(box.top), height: Math.round(box.height), position: getComputedStyle(el).position };
    });
  /** Where the main landmark starts in the document: it must not move when the header sticks or shrinks. */
  const mainOffset = (page: Page) =>
    page.locator('#main').evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));
  const focusedName = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
    });
  const tabTo = async (page: Page, name: string, most = 40) => {
    for (let i = 0; i < most; i++) {
      await page.keyboard.press('Tab');
      if ((await focusedName(page)) === name) return;
    }
    throw new Error(`Tab never reached "${name}"`);
  };
  const sideways = (page: Page) =>
    page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - innerWidth);

  describe('the sticky header', () => {
    it('sticks past the trigger, shrinks to 65 px without moving the page, and lets go at the top (desktop)', async () => {
      await store(headerSettings, { sticky: true, shrink: true, sticky_trigger: 0 });
      const tracked = await visit('/', DESKTOP);
      const { page } = tracked;
      const before = await mainOffset(page);
      const full = (await headerBox(page)).height;
      expect(full).toBeGreaterThan(65);
      expect(await header(page).getAttribute('class')).toContain('site-header--sticky');

      await page.mouse.wheel(0, 1200);
      await eventually(() => header(page).getAttribute('class')).toContain('site-header--shrunk');
      await still(page);
      expect(await headerBox(page)).toEqual({ top: 0, height: 65, position: 'sticky' });
      expect(await mainOffset(page)).toBe(before);
      // Anchors and focus stop below it.
      expect(
        await page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--sticky-header-height'),
        ),
      ).toBe('65px');
      await expectAccessible(page);

      await page.evaluate(() => window.scrollTo(0, 0));
      await eventually(() => header(page).getAttribute('class')).not.toContain('site-header--stuck');
      await still(page);
      expect((await headerBox(page)).height).toBe(full);
      expect(await mainOffset(page)).toBe(before);
      await finish(tracked);
    });

    it('sticks without shrinking when shrinking is off, and only past a later trigger', async () => {
      await store(headerSettings, { sticky: true, shrink: false, sticky_trigger: 600 });
      const tracked = await visit('/', DESKTOP);
      const { page } = tracked;
      const full = (await headerBox(page)).height;
      await page.evaluate(() => window.scrollTo(0, 400));
      await page.evaluate(() => new Promise(requestAnimationFrame));
      expect(await header(page).getAttribute('class')).not.toContain('site-header--stuck');
      await page.evaluate(() => window.scrollTo(0, 1400));
      await eventually(() => header(page).getAttribute('class')).toContain('site-header--stuck');
      expect(await header(page).getAttribute('class')).not.toContain('site-header--shrunk');
      expect(await headerBox(page)).toEqual({ top: 0, height: full, position: 'sticky' });
      await finish(tracked);
    });

    for (const [name, viewport, setting] of [
      ['a tablet upright', TABLET_PORTRAIT, 'sticky_tablet'],
      ['a tablet sideways', TABLET_LANDSCAPE, 'sticky_tablet'],
      ['a phone', PHONE, 'sticky_mobile'],
    ] as const) {
      it(`is off on ${name} unless ${setting} is on`, async () => {
        await store(headerSettings, { sticky: true });
        let tracked = await visit('/', viewport);
        expect(await header(tracked.page).getAttribute('class')).not.toContain('site-header--sticky');
        await tracked.page.mouse.wheel(0, 1200);
        await eventually(async () => (await headerBox(tracked.page)).top).toBeLessThan(0);
        expect(await sideways(tracked.page)).toBe(0);
        await finish(tracked);

        await store(headerSettings, { sticky: true, [setting]: true });
        tracked = await visit('/', viewport);
        await tracked.page.mouse.wheel(0, 1200);
        await eventually(() => header(tracked.page).getAttribute('class')).toContain('site-header--stuck');
        await still(tracked.page);
        expect((await headerBox(tracked.page)).top).toBe(0);
        await expectAccessible(tracked.page);
        await finish(tracked);
      });
    }

    it('goes down the left side in the side-header variant', async () => {
      await store(headerSettings, { layout: 'side' });
      const tracked = await visit('/pages/about', DESKTOP);
      const { page } = tracked;
      const box = await header(page).boundingBox();
      expect(box?.x).toBe(0);
      expect(box?.width).toBeLessThan(300);
      expect(box?.height).toBe(DESKTOP.height);
      expect(await sideways(page)).toBe(0);
      await expectAccessible(page);
      await finish(tracked);
      await store(headerSettings, {});
    });
  });

  describe('the menus', () => {
    it('open a sub-menu as a disclosure by keyboard, one at a time; Escape closes it and returns focus (desktop)', async () => {
      const tracked = await visit('/pages/about', DESKTOP);
      const { page } = tracked;
      const site = page.getByRole('navigation', { name: 'Site' });
      const about = site.getByRole('button', { name: 'About: more' });
      const read = site.getByRole('button', { name: 'Read: more' });
      expect(await about.getAttribute('aria-expanded')).toBe('false');
      expect(await page.locator('[role="menu"], [role="menuitem"]').count()).toBe(0);
      expect(await site.getByRole('link', { name: 'Credits' }).isVisible()).toBe(false);

      await tabTo(page, 'About: more');
      await page.keyboard.press('Enter');
      expect(await about.getAttribute('aria-expanded')).toBe('true');
      const panel = page.locator(`#${await about.getAttribute('aria-controls')}`);
      expect(await panel.getByRole('link', { name: 'Credits' }).isVisible()).toBe(true);
      await expectAccessible(page);

      await page.keyboard.press('Tab');
      expect(await focusedName(page)).toBe('Privacy');
      await page.keyboard.press('Escape');
      expect(await about.getAttribute('aria-expanded')).toBe('false');
      expect(await focusedName(page)).toBe('About: more');

      // One at a time: opening the next closes this one.
      await page.keyboard.press('Enter');
      await read.click();
      expect(await read.getAttribute('aria-expanded')).toBe('true');
      expect(await about.getAttribute('aria-expanded')).toBe('false');
      await finish(tracked);
    });

    it("slide the mobile menu's sub-menus open one at a time (phone)", async () => {
      const tracked = await visit('/pages/about', PHONE);
      const { page } = tracked;
      await tabTo(page, 'Menu');
      await page.keyboard.press('Enter');
      const site = page.getByRole('navigation', { name: 'Site' });
      await site.waitFor();
      await tabTo(page, 'About: more');
      await page.keyboard.press('Enter');
      const markets = site.getByRole('link', { name: 'Markets' });
      const credits = site.getByRole('link', { name: 'Credits' });
      await eventually(() => credits.isVisible()).toBe(true);
      await still(page);
      await expectAccessible(page);
      await site.getByRole('button', { name: 'Read: more' }).click();
      await eventually(() => markets.isVisible()).toBe(true);
      await eventually(() => credits.isVisible()).toBe(false);
      expect(await sideways(page)).toBe(0);
      await page.keyboard.press('Escape');
      await finish(tracked);
    });

    for (const viewport of [DESKTOP, TABLET_PORTRAIT, PHONE]) {
      it(`open the flyout menu and the flyout search one at a time; Escape closes and returns focus (${viewport.width} px)`, async () => {
        const tracked = await visit('/pages/about', viewport);
        const { page } = tracked;
        const tools = page.getByRole('region', { name: 'Site tools' });
        const menuButton = tools.getByRole('button', { name: 'All pages' });
        const searchButton = tools.getByRole('button', { name: 'Quick search', exact: true });

        await tabTo(page, 'All pages');
        await page.keyboard.press('Enter');
        expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
        const flyoutNav = page.getByRole('navigation', { name: 'All pages' });
        expect(await flyoutNav.getByRole('link', { name: 'Markets' }).isVisible()).toBe(true);
        await expectAccessible(page);
        await page.keyboard.press('Escape');
        expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
        expect(await focusedName(page)).toBe('All pages');

        await page.keyboard.press('Enter');
        await page.keyboard.press('Shift+Tab');
        expect(await focusedName(page)).toBe('Quick search');
        await page.keyboard.press('Enter');
        expect(await searchButton.getAttribute('aria-expanded')).toBe('true');
        expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
        expect(await flyoutNav.isVisible()).toBe(false);
        // The header's combobox, mounted in the flyout, has the focus.
        const box = page.getByRole('combobox', { name: 'Search the site' });
        expect(await box.count()).toBe(1);
        expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
        await page.keyboard.type('repair caf');
        await page.getByRole('option', { name: /Repair cafés/ }).waitFor();
        await still(page);
        await expectAccessible(page);
        // The first Escape is the combobox's (its popup), the next the flyout's.
        await page.keyboard.press('Escape');
        await eventually(() => box.getAttribute('aria-expanded')).toBe('false');
        await page.keyboard.press('Escape');
        expect(await searchButton.getAttribute('aria-expanded')).toBe('false');
        expect(await focusedName(page)).toBe('Quick search');
        expect(await sideways(page)).toBe(0);
        await finish(tracked);
      });
    }

    it('separate the secondary menu only in a window wider than 318 px', async () => {
      const separator = (page: Page) =>
        page
          .getByRole('navigation', { name: 'Secondary' })
          .locator('li + li')
          .evaluate((el) => getComputedStyle(el, '::before').content);
      let tracked = await visit('/pages/about', { width: 319, height: 700 });
      expect(await separator(tracked.page)).toBe('"|"');
      await finish(tracked);
      tracked = await visit('/pages/about', { width: 318, height: 700 });
      expect(await separator(tracked.page)).toBe('none');
      await finish(tracked);
    });
  });

  describe('anchors', () => {
    it('scroll below the sticky header and move focus to the target; another page opens with #_ and scrolls itself', async () => {
      await store(headerSettings, { sticky: true, shrink: true });
      const tracked = await visit('/', DESKTOP);
      const { page } = tracked;
      // The skip link: a fragment on this page.
      await page.keyboard.press('Tab');
      expect(await focusedName(page)).toBe('Skip to content');
      await page.keyboard.press('Enter');
      await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
      expect(await page.evaluate(() => location.hash)).toBe('#main');

      // A menu link to a fragment of another page.
      const about = page.getByRole('navigation', { name: 'Site' }).getByRole('button', { name: 'About: more' });
      await about.click();
      const navigated = page.waitForURL(/\/pages\/privacy#_?colophon$/);
      await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Credits' }).click();
      await navigated;
      await waitForHydration(page);
      await eventually(() => page.evaluate(() => location.hash)).toBe('#colophon');
      await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('colophon');
      await still(page);
      const { footerTop, headerBottom } = await page.evaluate(() => ({
        footerTop: document.getElementById('colophon')!.getBoundingClientRect().top,
        headerBottom: document.querySelector('header.site-header')!.getBoundingClientRect().bottom,
      }));
      expect(footerTop).toBeGreaterThanOrEqual(headerBottom - 1);
      await expectAccessible(page);
      await finish(tracked);
    });

    it("leave fragments starting with '!' or '/' and no-scroll links alone", async () => {
      const tracked = await visit('/pages/about', DESKTOP);
      const { page } = tracked;
      const hashes = await page.evaluate(() => {
        const results: string[] = [];
        for (const [href, noScroll] of [
          ['#!/route', false],
          ['#/gallery/1', false],
          ['#main', true],
        ] as const) {
          const link = document.createElement('a');
          link.href = href;
          link.textContent = href;
          if (noScroll) link.className = 'no-scroll';
          document.getElementById('main')!.append(link);
          const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
          link.dispatchEvent(event);
          results.push(`${href}:${event.defaultPrevented}`);
          link.remove();
        }
        return results;
      });
      expect(hashes).toEqual(['#!/route:false', '#/gallery/1:false', '#main:false']);
      await finish(tracked);
    });
  });

  describe('alerts, footer tabs and back-to-top', () => {
    it('slides a closed notice up and moves focus on', async () => {
      await store(headerSettings, { notice: 'The market moves to Sunday this week.' });
      const tracked = await visit('/pages/about', PHONE);
      const { page } = tracked;
      const notice = page.getByRole('region', { name: 'Site notice' });
      expect(await notice.textContent()).toContain('The market moves to Sunday this week.');
      await expectAccessible(page);
      await tabTo(page, 'Close: Site notice');
      await page.keyboard.press('Enter');
      expect(await notice.getAttribute('data-closing')).toBe('');
      await notice.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
      await finish(tracked);
      await store(headerSettings, {});
    });

    for (const viewport of [DESKTOP, PHONE]) {
      it(`switches the footer tabs by click and by arrow keys (${viewport.width} px)`, async () => {
        const tracked = await visit('/pages/about', viewport);
        const { page } = tracked;
        const tabs = page.getByRole('tablist', { name: 'About this site' });
        const credits = tabs.getByRole('tab', { name: 'Credits' });
        const about = tabs.getByRole('tab', { name: 'About' });
        expect(await credits.getAttribute('aria-selected')).toBe('true');
        await about.click();
        expect(await about.getAttribute('aria-selected')).toBe('true');
        expect(await page.getByRole('tabpanel').textContent()).toContain('a self-hosted directory');
        await expectAccessible(page);
        await about.focus();
        await page.keyboard.press('ArrowLeft');
        expect(await credits.getAttribute('aria-selected')).toBe('true');
        expect(await page.getByRole('tabpanel').textContent()).toContain('GeoNames');
        expect(await sideways(page)).toBe(0);
        await finish(tracked);
      });
    }

    it('shows back-to-top past 200 px in the configured corner; it scrolls up and moves focus to the top', async () => {
      await store(toTopSettings, { totop_position: 'left' });
      for (const reducedMotion of ['no-preference', 'reduce'] as const) {
        const tracked = await visit('/', DESKTOP, reducedMotion);
        const { page } = tracked;
        const button = page.getByRole('button', { name: 'Back to top' });
        expect(await button.isVisible()).toBe(false);
        await page.evaluate(() => window.scrollTo(0, 150));
        await page.evaluate(() => new Promise(requestAnimationFrame));
        expect(await button.isVisible()).toBe(false);
        await page.evaluate(() => window.scrollTo(0, 1500));
        await button.waitFor();
        expect((await button.boundingBox())?.x).toBeLessThan(100);
        await expectAccessible(page);
        await button.focus();
        await page.keyboard.press('Enter');
        // The scroll takes 1200 ms (none with reduced motion): wait for the top, however long that is here.
        await page.waitForFunction(() => window.scrollY === 0);
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.classList.contains('site-header__brand')))
          .toBe(true);
        await finish(tracked);
      }
    });

    it('shows back-to-top only while scrolling down when so set', async () => {
      await store(toTopSettings, { only_scrolling_down: true });
      const tracked = await visit('/', DESKTOP);
      const { page } = tracked;
      const button = page.getByRole('button', { name: 'Back to top' });
      await page.mouse.wheel(0, 1500);
      await button.waitFor();
      await page.mouse.wheel(0, -300);
      await button.waitFor({ state: 'hidden' });
      await page.mouse.wheel(0, 300);
      await button.waitFor();
      await finish(tracked);
      await store(toTopSettings, {});
    });
  });
});
