import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser, openPage, waitForHydration } from './support/browser.js';

const ITEM_ATTRIBUTES = [
  'data-title',
  'data-subtitle',
  'data-address',
  'data-url',
  'data-local',
  'data-phone',
  'data-businesshour',
  'data-latlon',
  'data-paid',
  'data-marker',
  'data-tag',
];

describe('home page', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('is rendered on the server with every seeded item and its data attributes', async () => {
    const res = await fetch(`${baseUrl}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const items = html.match(/<li id="item-\d+"[^>]*>/g) ?? [];
    expect(items.length).toBeGreaterThanOrEqual(300);
    for (const tag of items) for (const attribute of ITEM_ATTRIBUTES) expect(tag).toContain(`${attribute}="`);
    expect(html).toContain('var ctPublicFunctions=');
    expect(html).toContain('var ctPublic=');
  });

  it('shows the directory without JavaScript', async () => {
    const tracked = await openPage(browser, { javaScriptEnabled: false });
    await tracked.page.goto(baseUrl);
    expect(await tracked.page.locator('li[data-title]').count()).toBeGreaterThanOrEqual(300);
    await tracked.close();
  });

  it('hydrates without a mismatch or an error, with the page configuration in place', async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    await page.goto(baseUrl);
    await waitForHydration(page);
    const config = await page.evaluate(() => {
      const w = window as unknown as { ctPublicFunctions: Record<string, unknown>; ctPublic: Record<string, unknown> };
      return {
        ajax: w.ctPublicFunctions._ajax_nonce,
        rest: w.ctPublicFunctions._rest_nonce,
        pub: w.ctPublic._ajax_nonce,
      };
    });
    expect(config.ajax).toMatch(/^[0-9a-f]{10}$/);
    expect(config.rest).toMatch(/^[0-9a-f]{10}$/);
    expect(config.pub).toBe(config.ajax);
    expect(await page.locator('li[data-title]').count()).toBeGreaterThanOrEqual(300);
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });

  it('has no accessibility violation', async () => {
    const tracked = await openPage(browser);
    await tracked.page.goto(baseUrl);
    await waitForHydration(tracked.page);
    await expectAccessible(tracked.page);
    await tracked.close();
  });

  it('answers an unknown address with the 404 page', async () => {
    const tracked = await openPage(browser);
    const response = await tracked.page.goto(`${baseUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
    await waitForHydration(tracked.page);
    await expect(tracked.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Page not found');
    await expectAccessible(tracked.page);
    expect(tracked.errors.filter((e) => !e.includes('404'))).toEqual([]);
    await tracked.close();
  });
});
