import { lightboxSettings } from '@waymark/protocol';
import type { Browser, Page } from 'playwright-core';
import { openStorage } from '../../packages/server/src/db/connect.js';
import { writeSetting } from '../../packages/server/src/settings/store.js';
import { expectAccessible, openPage, still, waitForHydration, type TrackedPage } from './browser.js';

/** Stores the lightbox settings of a running server (read again on every page request). */
export async function setLightboxSettings(dataDir: string, value: Record<string, unknown>): Promise<void> {
  const storage = openStorage({ dataDir });
  try {
    await writeSetting(storage, lightboxSettings, value);
  } finally {
    await storage.db.destroy();
  }
}

export const dialog = (page: Page) => page.locator('.wm-lb[role="dialog"]');

/** The open item's title as the lightbox shows it. */
export const shownTitle = (page: Page) => page.locator('.wm-lb__title').textContent();

/** The index of the item the lightbox shows. */
export const shownIndex = async (page: Page) => Number(await dialog(page).getAttribute('data-index'));

export const hash = (page: Page) => page.evaluate(() => location.hash);

/** Opens the lightbox with a click on the link named `name` and waits for it. */
export async function openWith(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('link', { name }).first().click();
  await dialog(page).waitFor();
}

type ContextOptions = Parameters<typeof openPage>[1];

/**
 * Opens `path` in a fresh page and waits for hydration. With `clock`, the page's timers run only
 * when the test advances Playwright's clock.
 */
export async function visit(
  browser: Browser,
  url: string,
  options: ContextOptions = {},
  clock = false,
): Promise<TrackedPage> {
  const tracked = await openPage(browser, { viewport: { width: 1280, height: 800 }, ...options });
  if (clock) await tracked.page.clock.install();
  await tracked.page.goto(url);
  await waitForHydration(tracked.page);
  if (clock) await tracked.page.clock.pauseAt(Date.now() + 60_000);
  return tracked;
}

/** Clicks `name` and lets React reveal the lazily loaded viewer, whose reveal waits on a timer. */
export async function openWithClock(page: Page, name: string | RegExp, tap = false): Promise<void> {
  const link = page.getByRole('link', { name }).first();
  await (tap ? link.tap() : link.click());
  for (let i = 0; i < 50 && (await dialog(page).count()) === 0; i++) await page.clock.runFor(50);
  await dialog(page).waitFor();
}

/** The console errors of a page, less the 404s a test provoked on purpose. */
export const unexpectedErrors = (tracked: TrackedPage) => tracked.errors.filter((e) => !e.includes('status of 404'));

/** axe-core on the lightbox once it has come to rest. */
export async function accessible(page: Page): Promise<void> {
  await still(page);
  await expectAccessible(page);
}
