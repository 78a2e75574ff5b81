import { SHIELD } from '@waymark/protocol';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, still, waitForHydration, type TrackedPage } from './support/browser.js';
import { withBrowser, type BrowserSuite } from './support/with-browser.js';

/**
 * Issue 14: the embed field `tooltip` makes each item title carry its subtitle as a tooltip
 * (WAI-ARIA APG "Tooltip"): described by it, shown on hover after the tooltip delay and on
 * keyboard focus, kept while the pointer is on it, hidden by Escape, on leaving and on blur.
 * The tooltip's code is loaded only where the field turns it on.
 */

/** The tooltip's chunk (`features/directory/title-tooltips.ts`). */
const TOOLTIP_CHUNK = /\/title-tooltips-[^/]*\.js$/;

/** The first item title that has a tooltip: its tooltip, and the focusable element it describes. */
async function firstTip(page: Page): Promise<{ anchor: Locator; tip: Locator; tipId: string }> {
  const tip = page.locator('.dir-list:not([hidden]) .dir-item__tooltip').first();
  const tipId = (await tip.getAttribute('id')) ?? '';
  return { anchor: page.locator(`[aria-describedby="${tipId}"]`), tip, tipId };
}

/** A hydrated page (the embed with tooltips unless told), counting the tooltip chunk's requests. */
async function visitCounting(
  site: BrowserSuite,
  width: number,
  path = '/embed?tooltip=true',
): Promise<TrackedPage & { chunks: string[] }> {
  const tracked = await site.open({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  const chunks: string[] = [];
  tracked.page.on('request', (request) => {
    if (TOOLTIP_CHUNK.test(new URL(request.url()).pathname)) chunks.push(request.url());
  });
  await tracked.page.goto(`${site.baseUrl}${path}`);
  await waitForHydration(tracked.page);
  return { ...tracked, chunks };
}

/** Focus lands on the anchor from the keyboard: from it, back and forward again. */
async function tabOnto(page: Page, anchor: Locator) {
  await anchor.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  expect(await anchor.evaluate((e) => e === document.activeElement)).toBe(true);
}

describe('item titles with their subtitle as a tooltip on the embed page', { timeout: 180_000 }, () => {
  const site = withBrowser();

  for (const width of [1280, 390]) {
    it(`at ${width} px: shown on keyboard focus, hidden by Escape and blur, described by it, accessible`, async () => {
      const tracked = await visitCounting(site, width);
      const { page } = tracked;
      const { anchor, tip, tipId } = await firstTip(page);
      // The wiring: the title's focusable element is described by an element of role tooltip.
      expect(tipId).toMatch(/^item-\d+-tip$/);
      expect(await tip.getAttribute('role')).toBe('tooltip');
      expect(await anchor.count()).toBe(1);
      expect(await anchor.evaluate((e) => e.closest('.dir-item__title') !== null && e.tabIndex >= 0)).toBe(true);
      const itemId = Number(tipId.replace(/\D+/g, ''));
      const subtitle = await page.evaluate((id) => {
        const data = JSON.parse(document.getElementById('waymark-page')?.textContent ?? '{}') as {
          data: { directory: { items: unknown[][] } };
        };
        return String(data.data.directory.items.find((item) => item[0] === id)?.[3] ?? '');
      }, itemId);
      expect(subtitle).not.toBe('');
      expect(await tip.textContent()).toBe(subtitle);
      // Hidden, and the subtitle is not shown below the title as well.
      expect(await tip.isVisible()).toBe(false);
      expect(await page.locator('.dir-item__subtitle').count()).toBe(0);

      // Room below the title for the tooltip on either screen.
      await anchor.evaluate((e) => e.scrollIntoView({ block: 'center' }));
      // The tooltip's code arrives after hydration; from then on keyboard focus shows it.
      await expect
        .poll(async () => {
          await tabOnto(page, anchor);
          return tip.isVisible();
        })
        .toBe(true);
      expect(tracked.chunks).toHaveLength(1);
      // Above everything else, right under the title.
      expect(await tip.evaluate((e) => getComputedStyle(e).zIndex)).toBe(String(SHIELD.tooltip.zIndex));
      const atCentre = await tip.evaluate((e) => {
        const r = e.getBoundingClientRect();
        const found = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return e.contains(found) ? 'the tooltip' : (found?.outerHTML.slice(0, 120) ?? 'nothing');
      });
      expect(atCentre).toBe('the tooltip');
      const gap = await tip.evaluate((e) => {
        const title = e.parentElement?.querySelector('.dir-item__title');
        return Math.abs(e.getBoundingClientRect().top - (title?.getBoundingClientRect().bottom ?? 0));
      });
      expect(gap).toBeLessThan(1);
      await still(page);
      await expectAccessible(page);

      await page.keyboard.press('Escape');
      await tip.waitFor({ state: 'hidden' });
      expect(await anchor.evaluate((e) => e === document.activeElement)).toBe(true);
      // Focus coming back shows it again; focus leaving hides it.
      await tabOnto(page, anchor);
      await tip.waitFor({ state: 'visible' });
      await page.keyboard.press('Tab');
      await tip.waitFor({ state: 'hidden' });
      await expectAccessible(page);
      expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
      await tracked.close();
    });

    it(`at ${width} px: shown on hover after the delay, kept on the tooltip, hidden by Escape and on leaving`, async () => {
      const tracked = await site.open({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
      const { page } = tracked;
      // The tooltip's timing, on the page's own clock.
      await page.clock.install();
      const wired = page.waitForResponse((response) => TOOLTIP_CHUNK.test(new URL(response.url()).pathname));
      await page.goto(`${site.baseUrl}/embed?tooltip=true`);
      await waitForHydration(page);
      await wired;
      await page.clock.pauseAt(Date.now() + 60_000);
      const { anchor, tip } = await firstTip(page);
      await anchor.evaluate((e) => e.scrollIntoView({ block: 'center' }));
      const away = async () => page.mouse.move(1, 1);

      // The module may still be evaluating after its response: hover until the delay shows it.
      await expect
        .poll(async () => {
          await away();
          await anchor.hover();
          await page.clock.runFor(SHIELD.tooltip.delayMs);
          return tip.isVisible();
        })
        .toBe(true);
      await away();
      await tip.waitFor({ state: 'hidden' });

      // Not before the delay; at it.
      await anchor.hover();
      await page.clock.runFor(SHIELD.tooltip.delayMs - 1);
      expect(await tip.isVisible()).toBe(false);
      await page.clock.runFor(1);
      await tip.waitFor({ state: 'visible' });

      // The pointer moves down from the title onto the tooltip, through every point between: it stays.
      const from = await anchor.boundingBox();
      const to = await tip.boundingBox();
      if (!from || !to) throw new Error('The title or its tooltip has no box');
      const x = Math.min(from.x, to.x) + 4;
      await page.mouse.move(x, from.y + from.height / 2);
      await page.mouse.move(x, to.y + to.height / 2, { steps: 12 });
      await page.clock.runFor(SHIELD.tooltip.garbageCheckMs);
      expect(await tip.isVisible()).toBe(true);

      // Back on the title, Escape hides it while the pointer stays; moving on the title does not
      // bring it back, only leaving and coming again does.
      await page.mouse.move(x, from.y + from.height / 2, { steps: 12 });
      expect(await tip.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await tip.waitFor({ state: 'hidden' });
      await page.mouse.move(x + 2, from.y + from.height / 2);
      await page.clock.runFor(SHIELD.tooltip.delayMs);
      expect(await tip.isVisible()).toBe(false);
      await away();
      await anchor.hover();
      await page.clock.runFor(SHIELD.tooltip.delayMs);
      await tip.waitFor({ state: 'visible' });

      // Leaving the title and the tooltip hides it.
      await away();
      await tip.waitFor({ state: 'hidden' });
      expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
      await tracked.close();
    });
  }

  it('without the field, or with a value not its own, no title has a tooltip and none of its code loads', async () => {
    for (const path of ['/embed', '/embed?tooltip=nonsense', '/embed?tooltip=false', '/']) {
      const tracked = await visitCounting(site, 1280, path);
      const { page } = tracked;
      await page.waitForLoadState('networkidle');
      expect(await page.locator('[role="tooltip"]').count()).toBe(0);
      expect(await page.locator('.dir-item__title [aria-describedby]').count()).toBe(0);
      expect(await page.locator('.dir-item__subtitle').count()).toBeGreaterThan(0);
      const subtitle = page.locator('.dir-list:not([hidden]) .dir-item__subtitle').first();
      expect(await subtitle.isVisible()).toBe(true);
      expect(tracked.chunks).toEqual([]);
      if (path === '/embed') await expectAccessible(page);
      expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
      await tracked.close();
    }
  });
});
