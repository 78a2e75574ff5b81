import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../packages/server/src/content/sanitize.js';
import { openStorage } from '../packages/server/src/db/connect.js';
import { startServer, type RunningServer } from '../tools/start-server.js';
import type { TrackedPage } from './support/browser.js';
import { accessible, dialog, hash, setLightboxSettings, visit } from './support/lightbox.js';
import { withBrowser } from './support/with-browser.js';

/**
 * The site lightbox beyond the gallery: mounted by the app shell, it opens the image links of any
 * page (here a directory item's custom content on the home page), loads its viewer only then, and
 * gives a lone link a deep link of its own.
 */

const VIEWER_CHUNK = /\/assets\/Viewer-[\w-]+\.js$/;
const POSTER = '/gallery/assets/poster.webp';

describe('the site lightbox on every page', () => {
  const { browser } = withBrowser();
  let server: RunningServer;
  let tracked: TrackedPage;
  let page: Page;
  let itemId = 0;

  beforeAll(async () => {
    server = await startServer({ SEED_ITEMS: '3' });
    // An administrator's custom content, written as the site writes rich text: sanitized.
    const storage = openStorage({ dataDir: server.dataDir });
    try {
      const first = await storage.db.selectFrom('items').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
      itemId = first.id;
      const content = sanitizeRichText(
        `<p>Our terrace: <a href="${POSTER}" rel="iLightbox"><img src="${POSTER}" alt="The terrace" width="64" height="36"></a></p>`,
      );
      await storage.db.updateTable('items').set({ content }).where('id', '=', itemId).execute();
    } finally {
      await storage.db.destroy();
    }
  });
  afterAll(async () => server?.stop());

  async function done() {
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();
  }

  it("opens an image link in a directory item's content, loading the viewer only on first open", async () => {
    tracked = await visit(browser(), `${server.url}/`);
    page = tracked.page;
    const scripts: string[] = [];
    page.on('request', (r) => scripts.push(new URL(r.url()).pathname));
    const link = page.locator(`#item-${itemId} a[href="${POSTER}"]`);
    await link.scrollIntoViewIfNeeded();
    await expect(link.getAttribute('class')).resolves.toBeNull(); // bound, not marked no-lightbox
    expect(scripts.filter((s) => VIEWER_CHUNK.test(s))).toEqual([]);

    await link.click();
    await dialog(page).waitFor();
    await page.locator('.wm-lb__slide[data-type="image"][data-status="ready"]').waitFor();
    expect(scripts.filter((s) => VIEWER_CHUNK.test(s))).toHaveLength(1);
    expect(page.url()).toMatch(/\/#single-[0-9a-z]+\/0$/);
    await accessible(page);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(() => hash(page)).toBe('');
    await expect(link.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await done();
  });

  it('leaves every link alone when the lightbox is off', async () => {
    await setLightboxSettings(server.dataDir, { status_lightbox: false });
    try {
      // A write from outside the server (this test's own connection) shows on cached pages only
      // within a minute: the categories page holds the same items and was not shown before.
      tracked = await visit(browser(), `${server.url}/categories`);
      page = tracked.page;
      const csp = await page.evaluate(async () => (await fetch(location.href)).headers.get('content-security-policy'));
      expect(csp).not.toContain('youtube');
      await page.locator(`#item-${itemId} a[href="${POSTER}"]`).click();
      await page.waitForURL(`${server.url}${POSTER}`);
      expect(await dialog(page).count()).toBe(0);
      await done();
    } finally {
      await setLightboxSettings(server.dataDir, {});
    }
  });
});

describe('a lone link', () => {
  const { browser, baseUrl } = withBrowser();
  let tracked: TrackedPage;
  let page: Page;

  it('writes a deep link of its own: Back closes, Forward and a reload open it again', async () => {
    tracked = await visit(browser(), `${baseUrl}/gallery`);
    page = tracked.page;
    const start = await page.evaluate(() => history.length);
    await page.getByRole('link', { name: 'One picture on its own' }).click();
    await dialog(page).waitFor();
    await expect.poll(() => hash(page)).toMatch(/^#single-[0-9a-z]+\/0$/);
    const link = await hash(page);
    expect(await page.evaluate(() => history.length)).toBe(start + 1);
    expect(await page.locator('.wm-lb__title').textContent()).toBe('Market, on its own');
    // A gallery of one: nowhere to move, and the keys leave the fragment as it is.
    await page.keyboard.press('ArrowRight');
    expect(await hash(page)).toBe(link);
    await expect(page.locator('.wm-lb__btn--next').isDisabled()).resolves.toBe(true);

    await page.goBack();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await hash(page)).toBe('');
    await page.goForward();
    await dialog(page).waitFor();
    expect(await page.locator('.wm-lb__title').textContent()).toBe('Market, on its own');

    await page.reload();
    await dialog(page).waitFor();
    expect(await hash(page)).toBe(link);
    expect(await page.locator('.wm-lb__title').textContent()).toBe('Market, on its own');
    await page.locator('.wm-lb__slide[data-status="ready"]').waitFor();
    await accessible(page);
    await page.locator('.wm-lb__btn--close').click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await hash(page)).toBe('');
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();
  });
});
