import { describe, expect, it } from 'vitest';
import { expectAccessible, waitForHydration } from './support/browser.js';
import type { DirectoryPageData } from './support/directory.js';
import { withBrowser } from './support/with-browser.js';

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

/** Items a list without pagination shows before "Show more". */
const SHOW_MORE_PAGE = 8;

/** The items the page shows at first: each list's first page (issue 11: long lists are cut to one). */
function firstPages(html: string): number {
  const json = /<script type="application\/json" id="waymark-page">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}';
  const data = (JSON.parse(json) as { data: { directory: DirectoryPageData } }).data.directory;
  // Every item travels in the data: the 300 seeded ones, and any listing another test file had
  // an administrator approve on this shared server; the page's own count says how many there are.
  const text = html.replace(/<!-- -->/g, '');
  const total = Number(/Showing [\d,]+ of ([\d,]+) places/.exec(text)?.[1]?.replace(/,/g, ''));
  expect(total).toBeGreaterThanOrEqual(300);
  expect(data.items).toHaveLength(total);
  return data.lists.reduce((sum, list, index) => {
    const items = data.items.filter((item) => item[1] === index).length;
    return sum + Math.min(items, list.paginate ? list.perPage : SHOW_MORE_PAGE);
  }, 0);
}

describe('home page', () => {
  const site = withBrowser();
  const { baseUrl } = site;

  it('is rendered on the server with each list’s first page, every item in its data, and their data attributes', async () => {
    const res = await fetch(`${baseUrl}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const items = html.match(/<li id="item-\d+"[^>]*>/g) ?? [];
    expect(items).toHaveLength(firstPages(html));
    for (const tag of items) for (const attribute of ITEM_ATTRIBUTES) expect(tag).toContain(`${attribute}="`);
    expect(html).toContain('var ctPublicFunctions=');
    expect(html).toContain('var ctPublic=');
  });

  it('shows the directory without JavaScript', async () => {
    const tracked = await site.open({ javaScriptEnabled: false });
    await tracked.page.goto(baseUrl);
    const shown = firstPages(await tracked.page.content());
    expect(shown).toBeGreaterThan(0);
    expect(await tracked.page.locator('li[data-title]').count()).toBe(shown);
    await tracked.close();
  });

  it('hydrates without a mismatch or an error, with the page configuration in place', async () => {
    const tracked = await site.visit('/');
    const { page } = tracked;
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
    expect(await page.locator('li[data-title]').count()).toBe(firstPages(await page.content()));
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });

  it('serves later visitors the page rendered once, hydrated, with nonces of their own that work', async () => {
    // The first visit renders the page for the cache; the two after it are served from it.
    for (let visit = 0; visit < 3; visit += 1) {
      const tracked = await site.visit('/');
      const { page } = tracked;
      expect(tracked.errors).toEqual([]);
      const item = page
        .locator('li[data-title]')
        .filter({ has: page.locator('.dir-upvote[data-voted="false"]') })
        // Another item each time: one address may add only a few votes to one item.
        .nth(visit);
      const id = Number((await item.getAttribute('id'))?.replace('item-', ''));
      await item.locator('.dir-upvote').click();
      // The vote counts only with this visitor's own nonce: a copy of another's would be refused.
      await page.waitForFunction(
        (i) => document.querySelector(`#item-${i} .dir-upvote`)?.getAttribute('data-voted') === 'true',
        id,
      );
      expect(tracked.errors).toEqual([]);
      await tracked.close();
    }
  });

  it('has no accessibility violation', async () => {
    const tracked = await site.visit('/');
    await expectAccessible(tracked.page);
    await tracked.close();
  });

  it('answers an unknown address with the 404 page', async () => {
    const tracked = await site.open();
    const response = await tracked.page.goto(`${baseUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
    await waitForHydration(tracked.page);
    await expect(tracked.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Page not found');
    await expectAccessible(tracked.page);
    expect(tracked.errors.filter((e) => !e.includes('404'))).toEqual([]);
    await tracked.close();
  });
});
