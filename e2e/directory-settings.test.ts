import { directorySettings } from '@waymark/protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../packages/server/src/db/connect.js';
import { writeSetting } from '../packages/server/src/settings/store.js';
import { startServer, type RunningServer } from '../tools/start-server.js';
import { expectAccessible, waitForHydration, type TrackedPage } from './support/browser.js';
import { shownItems } from './support/directory.js';
import { withBrowser } from './support/with-browser.js';

/**
 * The directory's settings at work, on a server of its own with more items than the page
 * renders at once (1,500: only the items near the screen are drawn).
 */
describe('directory settings and a windowed directory', { timeout: 180_000 }, () => {
  const site = withBrowser();
  let server: RunningServer;
  let tracked: TrackedPage;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ SEED_ITEMS: '1500' }, 180_000);
    const storage = openStorage({ dataDir: server.dataDir });
    try {
      await writeSetting(storage, directorySettings, {
        inclusiveTagFilter: true,
        combineFilters: false,
        mailto: true,
        clickableAddressAndPhone: false,
        upvotes: false,
        popupMap: false,
        noResultsText: 'Nothing here, sorry.',
        viewDetailsText: 'More about',
      });
    } finally {
      await storage.db.destroy();
    }
  });
  afterAll(async () => server?.stop());

  async function open() {
    tracked = await site.open({ viewport: { width: 1280, height: 900 } });
    page = tracked.page;
    page.setDefaultTimeout(15_000);
    await page.goto(server.url);
    await waitForHydration(page);
  }
  async function close() {
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  }
  const chips = () => page.getByRole('group', { name: /Filter by tags \(every chosen tag\)/ });
  const search = () => page.getByRole('searchbox', { name: 'Search the directory' });

  it('renders only the items near the screen, and more as the visitor scrolls', async () => {
    await open();
    const rendered = await page.locator('li[data-title]').count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(150);
    const lastCard = page.locator('.dir-list:not([hidden])').last();
    await expect(lastCard.locator('li[data-title]').count()).resolves.toBe(0);
    await lastCard.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () =>
        (document.querySelector('.dir-list:not([hidden]):last-of-type')?.querySelectorAll('li[data-title]').length ??
          0) > 0,
    );
    await expectAccessible(page);
    await close();
  });

  it('shows more of a long list without pagination on request', async () => {
    await open();
    const more = page.getByRole('button', { name: /^Show \d+ more/ }).first();
    const before = Number(/\((\d+) left\)/.exec((await more.textContent()) ?? '')?.[1]);
    expect(before).toBeGreaterThan(0);
    await more.click();
    const after = /\((\d+) left\)/.exec((await more.textContent().catch(() => '')) ?? '')?.[1];
    expect(after === undefined ? 0 : Number(after)).toBe(Math.max(0, before - 8));
    await close();
  });

  it('needs every chosen tag in inclusive mode, and lets tags and search reset each other', async () => {
    await open();
    const tags = await chips().getByRole('button').allTextContents();
    const [a = '', b = ''] = tags.slice(1);
    await chips().getByRole('button', { name: a, exact: true }).click();
    await chips().getByRole('button', { name: b, exact: true }).click();
    for (const item of await shownItems(page)) {
      expect(item.tags).toContain(a);
      expect(item.tags).toContain(b);
    }
    await search().fill('a');
    for (const tag of [a, b]) {
      await expect(chips().getByRole('button', { name: tag, exact: true }).getAttribute('aria-pressed')).resolves.toBe(
        'false',
      );
    }
    await chips().getByRole('button', { name: a, exact: true }).click();
    await expect(search().inputValue()).resolves.toBe('');
    await search().fill('no such place at all');
    await expect(page.getByText('Nothing here, sorry.').count()).resolves.toBe(1);
    await expectAccessible(page);
    await close();
  });

  it('uses its own texts, plain address and phone, no upvotes, and mailto in the popup', async () => {
    await open();
    const item = page.locator('li[data-title]').first();
    await expect(item.locator('a[href^="tel:"]').count()).resolves.toBe(0);
    await expect(page.locator('.dir-upvote').count()).resolves.toBe(0);
    const title = (await item.getAttribute('data-title')) ?? '';
    await item.getByRole('button', { name: `More about: ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.locator('.qcpd-popup__description').waitFor();
    await expect(dialog.locator('a[href^="mailto:"]').count()).resolves.toBe(1);
    await expect(dialog.locator('[data-upvote-item]').count()).resolves.toBe(0);
    await expect(dialog.locator('.qcpd-popup__map').count()).resolves.toBe(0);
    await expectAccessible(page);
    await close();
  });
});
