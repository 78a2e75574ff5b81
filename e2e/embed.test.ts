import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedAdminSession, type StorageState } from './support/admin.js';
import { expectAccessible } from './support/browser.js';
import { withBrowser } from './support/with-browser.js';

/**
 * The list-embed modal and the embed page: an administrator generates a snippet for one list,
 * and a page of another origin on loopback shows the directory in its iframe as the fields say.
 */
describe('embedding a list on another site', () => {
  const site = withBrowser();
  const { baseUrl } = site;
  let admin: StorageState;
  let host: Server;
  let hostUrl = '';
  let hostHtml = '';

  beforeAll(async () => {
    admin = await sharedAdminSession(site.browser(), baseUrl);
    // The other site: one page with whatever snippet the test pasted into it.
    host = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(hostHtml);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostUrl = `http://localhost:${(host.address() as AddressInfo).port}/`;
  });
  afterAll(async () => new Promise<void>((resolve) => host.close(() => resolve())));

  it('generates a snippet that another origin frames, with the fields taking effect', async () => {
    const tracked = await site.visit('/admin/listings', {
      storageState: admin,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const { page } = tracked;
    const link = page.locator('a.embed-open').first();
    const listTitle = (await link.locator('..').locator('span').first().textContent()) ?? '';
    await link.click();
    const dialog = page.getByRole('dialog', { name: 'Embed code' });
    await dialog.getByLabel(/^Style/).waitFor();
    await expect(dialog.getByLabel(/^Lists shown/).inputValue()).resolves.toBe('one');
    await dialog.getByLabel(/^Height/).fill('900');
    await dialog.getByLabel(/^Width/).fill('100');
    await dialog.getByLabel(/^Unit/).selectOption('%');
    await dialog.getByLabel(/^Style/).selectOption('style-3');
    await dialog.getByLabel(/^Search box/).selectOption('false');
    await dialog.getByLabel(/^Item counts/).selectOption('false');
    await dialog.getByLabel(/^Order items by/).selectOption('title');
    await dialog.getByLabel(/^Right to left/).selectOption('true');
    await dialog.getByLabel(/^Item title font size/).fill('22');
    await dialog.getByLabel(/^Credit text/).fill('Listed with <Waymark>');
    await dialog.getByLabel(/^Credit link/).fill('https://example.org/');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await dialog.getByText('The embed code is copied to the clipboard.').waitFor();
    const snippet = await dialog.getByLabel('Embed code').inputValue();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    expect(snippet).toContain('height="900%" width="100%"');
    expect(snippet).toContain('>Listed with &lt;Waymark&gt;</a>');
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();

    hostHtml = `<!doctype html><html lang="en"><head><title>Another site</title></head><body><main><h1>Another site</h1>${snippet}</main></body></html>`;
    const other = await site.open();
    await other.page.goto(hostUrl);
    const frame = await (await other.page.locator('iframe').elementHandle())?.contentFrame();
    if (!frame) throw new Error('The snippet drew no frame');
    await frame.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const wrapper = frame.locator('.embed');
    await expect(wrapper.getAttribute('dir')).resolves.toBe('rtl');
    await expect(wrapper.getAttribute('class')).resolves.toContain('embed--style-3');
    expect(await frame.locator('.dir-search').isVisible()).toBe(false);
    expect(await frame.locator('.dir-list__count').first().isVisible()).toBe(false);
    expect(await frame.locator('.site-header').isVisible()).toBe(false);
    // One list, its items by title.
    const lists = await frame.locator('.dir-list:not([hidden]) .dir-list__title').allTextContents();
    expect(lists.map((t) => t.replace(/\s*\(\d+\)$/, '').trim())).toEqual([listTitle]);
    const titles = await frame.locator('.dir-item__title').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(
      await frame
        .locator('.dir-item__title')
        .first()
        .evaluate((e) => getComputedStyle(e).fontSize),
    ).toBe('22px');
    await expect(other.page.getByRole('link', { name: 'Listed with <Waymark>' }).getAttribute('href')).resolves.toBe(
      'https://example.org/',
    );
    await expectAccessible(other.page);
    expect(other.errors, other.errors.join('\n')).toEqual([]);
    await other.close();
  });

  it("opens the modal for a list from the public list card's administrators' link", async () => {
    const tracked = await site.visit('/', { storageState: admin });
    const { page } = tracked;
    const card = page.locator('.dir-list:not([hidden])').first();
    const listId = ((await card.getAttribute('id')) ?? '').replace('list-', '');
    await card.locator('a.dir-list__embed').click();
    await page.waitForURL(/\/admin\/listings\?embed_list=\d+#waymark-embed-modal$/);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const dialog = page.getByRole('dialog', { name: 'Embed code' });
    await dialog.getByLabel(/^List id/).waitFor();
    await expect(dialog.getByLabel(/^List id/).inputValue()).resolves.toBe(listId);
    await expectAccessible(page);
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();
    const visitor = await site.visit('/');
    expect(await visitor.page.locator('a.dir-list__embed').count()).toBe(0);
    await visitor.close();
  });

  it('the embed page itself is accessible; the home page still refuses framing', async () => {
    const tracked = await site.visit('/embed?search=false&enable_tag_filter=true&map=false');
    await expectAccessible(tracked.page);
    await tracked.close();
    const home = await fetch(`${baseUrl}/`);
    expect(home.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });
});
