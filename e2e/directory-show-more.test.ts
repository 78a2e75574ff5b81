import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, type TrackedPage } from './support/browser.js';
import { directoryData, type DirectoryPageData } from './support/directory.js';
import { withBrowser } from './support/with-browser.js';

/**
 * Issue 11, short lists: a long list shows its first page of items with a "Show more" button
 * that opens the next page and moves the focus to the first item it showed. The rule for
 * filters: every change of a filter (search, tags, category) starts each list again at the first
 * page of the items that match, so a match is never behind "Show more" unless a page of other
 * matches comes before it, and then the button says how many more match.
 */

/** Items a list without pagination shows per page (`SHOW_MORE_CHUNK`). */
const PAGE = 8;

type Item = DirectoryPageData['items'][number];

/** The longest list without pagination, and its items in order. */
function longList(data: DirectoryPageData): { title: string; id: number; items: Item[] } {
  const lists = data.lists
    .map((list, index) => ({ ...list, items: data.items.filter((item) => item[1] === index) }))
    .filter((list) => !list.paginate)
    .sort((a, b) => b.items.length - a.items.length);
  const list = lists[0];
  if (!list || list.items.length <= 2 * PAGE) throw new Error('the demo has no long list without pagination');
  return list;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const card = (page: Page, title: string) =>
  page.locator('.dir-list', { has: page.getByRole('heading', { name: new RegExp(`^${escape(title)} \\(`) }) });
const shownIds = (list: Locator) =>
  list.locator('li[data-title]').evaluateAll((els) => els.map((el) => Number(el.id.replace('item-', ''))));
/** What a button shows, less the words only a screen reader reads. */
const shownText = (button: Locator) =>
  button.evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const hidden of copy.querySelectorAll('.visually-hidden')) hidden.remove();
    return copy.textContent;
  });
/** The id of the item whose article has the focus, or null. */
const focusedItem = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.tagName === 'ARTICLE' ? Number(active.closest('li')?.id.replace('item-', '')) : null;
  });

describe('short lists with "Show more"', { timeout: 180_000 }, () => {
  const site = withBrowser();
  const { baseUrl } = site;

  const finish = async (tracked: TrackedPage) => {
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();
  };

  for (const width of [390, 1280]) {
    it(`shows a long list’s first page and opens the next on request, the focus on its first item, at ${width} px`, async () => {
      const tracked = await site.visit('/', { viewport: { width, height: 800 } });
      const { page } = tracked;
      const list = longList(await directoryData(page));
      const ids = list.items.map((item) => item[0]);
      const cardOf = card(page, list.title);
      expect(await shownIds(cardOf)).toEqual(ids.slice(0, PAGE));

      const more = cardOf.getByRole('button', { name: /^Show \d+ more/ });
      await expect(shownText(more)).resolves.toBe(`Show ${PAGE} more (${ids.length - PAGE} left)`);
      await expect(more.getAttribute('aria-label')).resolves.toBeNull();
      expect(await more.evaluate((el) => el.closest('form')?.method)).toBe('get');
      await expectAccessible(page);

      // By pointer: the next page appears where the button was, and the page does not jump.
      await more.scrollIntoViewIfNeeded();
      const buttonTop = await more.evaluate((el) => el.getBoundingClientRect().top);
      const scrolled = await page.evaluate(() => scrollY);
      await more.click();
      await expect.poll(() => shownIds(cardOf)).toEqual(ids.slice(0, 2 * PAGE));
      await expect.poll(() => focusedItem(page)).toBe(ids[PAGE]);
      expect(await page.evaluate(() => scrollY)).toBe(scrolled);
      const firstNewTop = await page.locator(`#item-${ids[PAGE]}`).evaluate((el) => el.getBoundingClientRect().top);
      expect(Math.abs(firstNewTop - buttonTop)).toBeLessThan(40);
      const left = ids.length - 2 * PAGE;
      await expect(shownText(more)).resolves.toBe(`Show ${Math.min(PAGE, left)} more (${left} left)`);
      // Its name says which list it belongs to, after what it shows.
      await expect(
        cardOf
          .getByRole('button', { name: `Show ${Math.min(PAGE, left)} more of ${list.title} (${left} left)` })
          .count(),
      ).resolves.toBe(1);
      await expectAccessible(page);

      // By keyboard: Enter on the button does the same, and Tab goes on from the first new item.
      await more.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => shownIds(cardOf)).toEqual(ids.slice(0, 3 * PAGE));
      await expect.poll(() => focusedItem(page)).toBe(ids[2 * PAGE]);
      await page.keyboard.press('Tab');
      const next = await page.evaluate(() => document.activeElement?.closest('li[data-title]')?.id);
      expect(next).toBe(`item-${ids[2 * PAGE]}`);
      await finish(tracked);
    });
  }

  it('finds an item beyond the first page by search, and pages matches like the list', async () => {
    const tracked = await site.visit('/', { viewport: { width: 1280, height: 900 } });
    const { page } = tracked;
    const list = longList(await directoryData(page));
    const last = list.items[list.items.length - 1];
    if (!last) throw new Error('no last item');
    const cardOf = card(page, list.title);
    await expect(page.locator(`#item-${last[0]}`).count()).resolves.toBe(0);

    const search = page.getByRole('searchbox', { name: 'Search the directory' });
    await search.fill(last[2]);
    await page.locator(`#item-${last[0]}`).waitFor();
    expect(await page.locator(`#item-${last[0]}`).isVisible()).toBe(true);
    await expectAccessible(page);

    // The list's heading matches each of its items: its first page of matches, and the rest behind the button.
    await search.fill(list.title);
    await expect.poll(() => shownIds(cardOf)).toEqual(list.items.slice(0, PAGE).map((i) => i[0]));
    await expect(shownText(cardOf.getByRole('button', { name: /^Show \d+ more/ }))).resolves.toBe(
      `Show ${PAGE} more (${list.items.length - PAGE} left)`,
    );

    // Opened pages start again at the first when the filter changes.
    await cardOf.getByRole('button', { name: /^Show \d+ more/ }).click();
    await expect.poll(() => shownIds(cardOf)).toHaveLength(2 * PAGE);
    await search.fill('');
    await expect.poll(() => shownIds(cardOf)).toEqual(list.items.slice(0, PAGE).map((i) => i[0]));
    await finish(tracked);
  });

  it('works without a script: "Show more" and the pager reload the page with the list’s page in the address', async () => {
    const tracked = await site.open({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const { page } = tracked;
    await page.goto(`${baseUrl}/`);
    const data = await directoryData(page);
    const list = longList(data);
    const ids = list.items.map((item) => item[0]);
    const cardOf = card(page, list.title);
    expect(await shownIds(cardOf)).toEqual(ids.slice(0, PAGE));

    await cardOf.getByRole('button', { name: /^Show \d+ more/ }).click();
    await page.waitForURL((url) => url.searchParams.get(`page-${list.id}`) === '2');
    expect(new URL(page.url()).hash).toBe(`#item-${ids[PAGE]}`);
    // (axe-core needs a script; the same markup is checked in the tests above.)
    expect(await shownIds(card(page, list.title))).toEqual(ids.slice(0, 2 * PAGE));

    // A paginated list's pager, on the same address: the list above keeps its pages.
    const paginated = data.lists.find(
      (l) => l.paginate && data.items.filter((i) => data.lists[i[1]] === l).length > l.perPage,
    );
    if (!paginated) throw new Error('no paginated list');
    const pager = page.getByRole('navigation', { name: `Pages of ${paginated.title}` });
    await pager.getByRole('button', { name: /Next/ }).click();
    await page.waitForURL((url) => url.searchParams.get(`page-${paginated.id}`) === '2');
    expect(new URL(page.url()).searchParams.get(`page-${list.id}`)).toBe('2');
    await expect(pager.getByText(/Page 2 of \d+/).count()).resolves.toBe(1);
    const pageTwo = data.items
      .filter((i) => data.lists[i[1]] === paginated)
      .slice(paginated.perPage, 2 * paginated.perPage)
      .map((i) => i[0]);
    expect(await shownIds(card(page, paginated.title))).toEqual(pageTwo);
    expect(await shownIds(card(page, list.title))).toEqual(ids.slice(0, 2 * PAGE));
    await tracked.close();
  });

  it('opens the pages a shared address names, without a hydration mismatch', async () => {
    const probe = await site.visit('/');
    const list = longList(await directoryData(probe.page));
    await probe.close();
    const tracked = await site.visit(`/?page-${list.id}=3`);
    const ids = list.items.map((item) => item[0]);
    expect(await shownIds(card(tracked.page, list.title))).toEqual(ids.slice(0, 3 * PAGE));
    await finish(tracked);
  });
});
