import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContextOptions, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../packages/server/src/db/connect.js';
import { SESSION_COOKIE, startSession } from '../packages/server/src/plugins/session.js';
import { startServer, type RunningServer } from '../tools/start-server.js';
import { expectAccessible, waitForHydration, type TrackedPage } from './support/browser.js';
import { withBrowser } from './support/with-browser.js';

/**
 * Issue 14, the back office's items in Chromium, on a server of its own that may fetch pages
 * from loopback (FETCH_ALLOWED_HOSTS) for the generate button: an administrator adds an item
 * with an uploaded picture and a generated title, edits it, moves it, deletes it, and imports a
 * CSV file with a bad row; a member and a visitor are refused. axe-core on every page.
 */
describe('the back office items', { timeout: 240_000 }, () => {
  const site = withBrowser();
  let server: RunningServer;
  let linked: Server;
  let linkedUrl = '';
  const cookies: Record<'administrator' | 'subscriber', string> = { administrator: '', subscriber: '' };

  beforeAll(async () => {
    linked = createServer((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<title>Tide Café</title><meta name="description" content="Coffee by the harbour">');
    });
    await new Promise<void>((resolve) => linked.listen(0, '127.0.0.1', resolve));
    linkedUrl = `http://localhost:${(linked.address() as AddressInfo).port}/`;
    server = await startServer({ SEED_ITEMS: '30', FETCH_ALLOWED_HOSTS: 'localhost' }, 180_000);
    // Signed in as a sign-in would: a session row for each role, its token in the cookie.
    const storage = openStorage({ dataDir: server.dataDir });
    try {
      const now = new Date().toISOString();
      for (const role of ['administrator', 'subscriber'] as const) {
        const { id } = await storage.db
          .insertInto('users')
          .values({ email: `${role}-e2e@example.org`, name: role, password_hash: 'unused', role, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        cookies[role] = (await startSession(storage, id, 1)).token;
      }
    } finally {
      await storage.db.destroy();
    }
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => linked?.close(resolve));
  });

  const as = (role: 'administrator' | 'subscriber' | null, width = 1280): BrowserContextOptions => ({
    viewport: { width, height: 900 },
    ...(role
      ? {
          storageState: {
            cookies: [
              {
                name: SESSION_COOKIE,
                value: cookies[role],
                domain: '127.0.0.1',
                path: '/',
                expires: -1,
                httpOnly: true,
                secure: false,
                sameSite: 'Lax' as const,
              },
            ],
            origins: [],
          },
        }
      : {}),
  });
  const visit = async (path: string, options: BrowserContextOptions) => {
    const tracked = await site.open(options);
    tracked.page.setDefaultTimeout(20_000);
    await tracked.page.goto(`${server.url}${path}`);
    await waitForHydration(tracked.page);
    return tracked;
  };
  const arrive = async (page: Page, path: RegExp) => {
    await page.waitForURL(path);
    await waitForHydration(page);
  };
  const done = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).waitFor();

  it('adds an item with a picture and a generated title, edits, moves and deletes it', async () => {
    const tracked: TrackedPage = await visit('/admin/items', as('administrator'));
    const { page } = tracked;
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await expect(
      page.getByRole('navigation', { name: 'Back office' }).getByRole('link').allTextContents(),
    ).resolves.toEqual([
      'Items',
      'Lists & categories',
      'Settings',
      'People',
      'Claims',
      'Orders',
      'Listings',
      'Reviews',
      'Spam log',
      'Outbox',
    ]);
    await expectAccessible(page);
    // The table sorts by a column's header, and says so.
    await page.getByRole('columnheader', { name: 'Title', exact: true }).getByRole('link').click();
    await arrive(page, /sort=title&dir=asc/);
    await expect(
      page.getByRole('columnheader', { name: 'Title', exact: true }).getAttribute('aria-sort'),
    ).resolves.toBe('ascending');

    await page.getByRole('link', { name: 'Add an item' }).click();
    await arrive(page, /\/admin\/items\/new$/);
    await expectAccessible(page);
    // An empty link: the specification's alert.
    await page.getByRole('button', { name: 'Generate title and subtitle' }).click();
    await expect.poll(() => alerts).toEqual(['Item link field cannot left empty!']);
    await page.getByLabel('Item link').click();
    await page.keyboard.type(linkedUrl, { delay: 20 });
    await page.getByRole('button', { name: 'Generate title and subtitle' }).click();
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('Tide Café');
    await expect(page.getByLabel('Subtitle').inputValue()).resolves.toBe('Coffee by the harbour');

    // The address suggestions fill latitude and longitude with the chosen place's position.
    await page.getByRole('combobox', { name: 'Address' }).click();
    await page.keyboard.type('Paris', { delay: 40 });
    const suggestions = page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');
    await expect.poll(() => suggestions.count()).toBeGreaterThan(0);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: 'Address' }).inputValue()).resolves.toContain('Paris');
    await expect.poll(() => page.getByLabel('Latitude').inputValue()).toMatch(/^4[89]\./);
    await expect(page.getByLabel('Longitude').inputValue()).resolves.toMatch(/^2\./);
    await page.getByLabel('Tags (separate with commas)').fill('coffee, cake');
    await page.getByLabel('Paid item').check();
    await page.getByLabel('Long description').fill('<p>Fresh <strong>coffee</strong><script>alert(1)</script></p>');
    const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2a7' } })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel(/^Upload a picture/)
      .setInputFiles({ name: 'cafe.jpg', mimeType: 'image/jpeg', buffer: picture });
    await expect(page.getByAltText("Preview of the item's picture").getAttribute('src')).resolves.toMatch(/^blob:/);
    await page.getByLabel(/^What the picture shows/).fill('A green shop front');
    await page.getByRole('button', { name: 'Add the item' }).click();
    await arrive(page, /\/admin\/items\/\d+\?done=created$/);
    await done(page, 'The item is added.');
    await expect(page.getByAltText("Preview of the item's picture").getAttribute('src')).resolves.toMatch(
      /^\/media\/items\/[0-9a-f]{24}\.webp$/,
    );
    await expect(page.getByLabel('Long description').inputValue()).resolves.toBe(
      '<p>Fresh <strong>coffee</strong></p>',
    );
    await expectAccessible(page);

    // The category selector and the claim-list selector fill their areas; no list clears it.
    await page.getByLabel('Items of a category').selectOption({ index: 1 });
    await page.getByRole('region', { name: "The category's items" }).locator('li').first().waitFor();
    await page.getByLabel('Claim list', { exact: true }).selectOption({ index: 1 });
    const claimArea = page.getByRole('region', { name: "The claim list's items" });
    await claimArea.locator('li').first().waitFor();
    await page.getByLabel('Claim list', { exact: true }).selectOption('');
    await expect.poll(() => claimArea.locator('li').count()).toBe(0);
    await expectAccessible(page);

    await page.getByLabel('Subtitle').fill('Coffee and cake by the harbour');
    await page.getByRole('button', { name: 'Save the item' }).click();
    await arrive(page, /\?done=saved$/);
    await done(page, 'The item is saved.');
    await expect(page.getByLabel('Subtitle').inputValue()).resolves.toBe('Coffee and cake by the harbour');

    const move = page.getByLabel('Move to another list');
    const target = await move.locator('option:not(:checked)').first().textContent();
    await move.selectOption({ label: target ?? '' });
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    await arrive(page, /\?done=moved$/);
    await done(page, 'The item is moved to its new list.');
    await expect(page.getByLabel('List', { exact: true }).locator('option:checked').textContent()).resolves.toBe(
      target,
    );

    // Delete, confirmed in an alert dialog that opens on Cancel and gives the focus back.
    const opener = page.getByRole('button', { name: 'Delete this item' });
    await opener.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this item?' });
    await dialog.waitFor();
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Cancel');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Delete this item');
    await opener.click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await arrive(page, /\/admin\/items\?done=deleted$/);
    await done(page, 'The item is deleted.');
    await page.getByLabel('Search title, subtitle or address').fill('Tide Café');
    await page.keyboard.press('Enter');
    await arrive(page, /q=Tide/);
    await page.getByText('No items match.').waitFor();
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();
  });

  it('imports a CSV file only after a dry run without bad rows, and names each bad row', async () => {
    const tracked = await visit('/admin/items/import', as('administrator'));
    const { page } = tracked;
    await expectAccessible(page);
    const listId = await page.evaluate(async () => {
      const text = await (await fetch('/admin/items/export.csv')).text();
      return text.split('\n')[1]?.split(',')[0] ?? '';
    });
    const csv = [
      'list,title,subtitle',
      `${listId},Harbour Books,Maps`,
      `${listId},,No title`,
      `${listId},Pier Bakery,Bread`,
    ].join('\n');
    const file = { name: 'items.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };
    await page.getByLabel('CSV file').setInputFiles(file);
    await page.getByRole('button', { name: 'Check the file (dry run)' }).click();
    await arrive(page, /\/admin\/items\/import$/);
    const report = page.getByRole('alert').filter({ hasText: 'rows are refused' });
    await report.waitFor();
    await expect(report.getByRole('listitem').allTextContents()).resolves.toEqual([
      'Row 3: title: The title is required.',
    ]);
    await expectAccessible(page);

    await page.getByLabel('CSV file').setInputFiles({
      ...file,
      buffer: Buffer.from(
        csv
          .split('\n')
          .filter((_, i) => i !== 2)
          .join('\n'),
      ),
    });
    await page.getByRole('button', { name: 'Check the file (dry run)' }).click();
    await arrive(page, /\/admin\/items\/import$/);
    await done(page, 'Dry run: all 2 rows are good. Nothing was written yet.');
    await page.getByLabel('CSV file').setInputFiles({
      ...file,
      buffer: Buffer.from(
        csv
          .split('\n')
          .filter((_, i) => i !== 2)
          .join('\n'),
      ),
    });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await arrive(page, /\/admin\/items\/import$/);
    await done(page, '2 items are imported.');
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();
  });

  it('keeps the table inside its own scrolling box on a phone', async () => {
    const tracked = await visit('/admin/items', as('administrator', 390));
    const { page } = tracked;
    const widths = await page.evaluate(() => {
      const box = document.querySelector('.admin-items__scroll');
      return { page: document.documentElement.scrollWidth, box: box?.scrollWidth ?? 0, shown: box?.clientWidth ?? 0 };
    });
    expect(widths.page).toBeLessThanOrEqual(390);
    expect(widths.box).toBeGreaterThan(widths.shown);
    await expectAccessible(page);
    await tracked.close();
  });

  it('refuses a member and a visitor every item page', async () => {
    for (const role of ['subscriber', null] as const) {
      for (const path of ['/admin', '/admin/items', '/admin/items/new', '/admin/items/import']) {
        const tracked = await site.open(as(role));
        const response = await tracked.page.goto(`${server.url}${path}`);
        expect([path, response?.status()]).toEqual([path, 403]);
        await waitForHydration(tracked.page);
        await tracked.page.getByRole('heading', { name: 'Not allowed' }).waitFor();
        expect(await tracked.page.getByRole('navigation', { name: 'Back office' }).count()).toBe(0);
        if (path === '/admin/items') await expectAccessible(tracked.page);
        await tracked.close();
      }
    }
  });
});
