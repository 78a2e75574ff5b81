import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, waitForHydration, type TrackedPage } from './support/browser.js';
import { directoryData, filledLists, shownItems, shownLists, type DirectoryPageData } from './support/directory.js';
import { withBrowser } from './support/with-browser.js';

/**
 * Issue 11: the category, tag and search filters and the tabs of /categories are written to the
 * address (`?category`, `?tag`, `?search`, as the server reads them): a choice adds a history
 * entry, a keystroke replaces it; Back, a reload and a shared link show the same view.
 */

describe('filters in the address', { timeout: 180_000 }, () => {
  const site = withBrowser();
  const { baseUrl } = site;

  async function open(path: string, viewport = { width: 1280, height: 900 }): Promise<TrackedPage> {
    const tracked = await site.open({ viewport });
    tracked.page.setDefaultTimeout(15_000);
    await tracked.page.goto(`${baseUrl}${path}`);
    await waitForHydration(tracked.page);
    return tracked;
  }
  const query = (page: Page) => new URL(page.url()).search;
  const historyLength = (page: Page) => page.evaluate(() => history.length);
  const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search the directory' });
  const tagGroup = (page: Page) => page.getByRole('group', { name: /Filter by tags/ });
  const categories = (page: Page) => page.getByRole('navigation', { name: 'Categories' });
  const pressed = (page: Page) =>
    tagGroup(page)
      .locator('button[aria-pressed="true"]')
      .evaluateAll((buttons) => buttons.map((b) => b.textContent));
  /** Types like a person: one key at a time. */
  async function type(page: Page, text: string) {
    await searchBox(page).click();
    for (const key of text) await page.keyboard.type(key, { delay: 50 });
  }
  const listsOf = (data: DirectoryPageData, categoryId: number) =>
    filledLists(data)
      .filter((l) => l.categoryId === categoryId)
      .map((l) => l.title);

  it('writes each choice and keystroke, and Back, reload and a shared link bring the view back', async () => {
    const tracked = await open('/');
    const { page } = tracked;
    const data = await directoryData(page);
    const category = data.categories[1];
    if (!category) throw new Error('no second category');
    // An item of that category with a tag: its tag and the start of its title find it.
    const item = data.items.find((i) => data.lists[i[1]]?.categoryId === category.id && (i[14] as number[]).length > 0);
    if (!item) throw new Error('no tagged item in the category');
    const tag = data.tags[(item[14] as number[])[0] ?? 0] ?? '';
    const text = item[2].slice(0, 3).toLowerCase();
    const start = await historyLength(page);

    await categories(page).getByRole('link', { name: category.name }).click();
    await expect.poll(() => query(page)).toBe(`?category=${category.slug}`);
    await tagGroup(page).getByRole('button', { name: tag, exact: true }).click();
    await expect
      .poll(() => query(page))
      .toBe(`?category=${category.slug}&tag=${encodeURIComponent(tag).replace(/%20/g, '+')}`);
    expect(await historyLength(page)).toBe(start + 2);

    // Keystrokes replace the entry: one Back undoes the tag, not a letter.
    await type(page, text);
    const typed = `?category=${category.slug}&tag=${encodeURIComponent(tag).replace(/%20/g, '+')}&search=${encodeURIComponent(text).replace(/%20/g, '+')}`;
    await expect.poll(() => query(page)).toBe(typed);
    expect(await historyLength(page)).toBe(start + 2);
    const filtered = (await shownItems(page)).map((i) => i.id);
    expect(filtered).toContain(item[0]);
    await expectAccessible(page);

    // A reload shows the same view, from the server's rendering on.
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => searchBox(page).inputValue()).toBe(text);
    await expect.poll(() => pressed(page)).toEqual([tag]);
    await expect(
      categories(page).getByRole('link', { name: category.name }).getAttribute('aria-current'),
    ).resolves.toBe('true');
    expect((await shownItems(page)).map((i) => i.id)).toEqual(filtered);

    // Back: the category alone, then everything.
    await page.goBack();
    await expect.poll(() => query(page)).toBe(`?category=${category.slug}`);
    await expect.poll(() => searchBox(page).inputValue()).toBe('');
    await expect.poll(() => pressed(page)).toEqual(['All']);
    await expect.poll(() => shownLists(page)).toEqual(listsOf(data, category.id));
    await page.goBack();
    await expect.poll(() => query(page)).toBe('');
    await expect.poll(() => shownLists(page)).toHaveLength(filledLists(data).length);
    await expect(categories(page).getByRole('link', { name: 'All' }).getAttribute('aria-current')).resolves.toBe(
      'true',
    );
    // And Forward again.
    await page.goForward();
    await page.goForward();
    await expect.poll(() => searchBox(page).inputValue()).toBe(text);
    expect((await shownItems(page)).map((i) => i.id)).toEqual(filtered);
    await expectAccessible(page);
    expect(tracked.errors).toEqual([]);
    await tracked.close();

    // A shared link, in a new browser: the same view.
    const shared = await open(`/${typed}`);
    expect((await shownItems(shared.page)).map((i) => i.id)).toEqual(filtered);
    await expect.poll(() => searchBox(shared.page).inputValue()).toBe(text);
    await expect.poll(() => pressed(shared.page)).toEqual([tag]);
    await expectAccessible(shared.page);
    await shared.close();
  });

  it('keeps a lightbox fragment and does not count clearing the search as a choice', async () => {
    const tracked = await open('/#photos/1');
    const { page } = tracked;
    const start = await historyLength(page);
    await type(page, 'ca');
    expect(new URL(page.url()).hash).toBe('#photos/1');
    await expect.poll(() => query(page)).toBe('?search=ca');
    await searchBox(page).fill('');
    await expect.poll(() => query(page)).toBe('');
    expect(await historyLength(page)).toBe(start);
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });

  it('writes the narrow screen’s dropdown choices too', async () => {
    const tracked = await open('/', { width: 390, height: 844 });
    const { page } = tracked;
    const data = await directoryData(page);
    const category = data.categories[2];
    if (!category) throw new Error('no third category');
    await page.getByRole('button', { name: /^Category:/ }).click();
    const menu = page.getByRole('menu', { name: 'Category' });
    await menu.getByRole('menuitemradio', { name: category.name }).click();
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => query(page)).toBe(`?category=${category.slug}`);
    await page.goBack();
    await expect.poll(() => query(page)).toBe('');
    await expect(page.getByRole('button', { name: /^Category:/ }).textContent()).resolves.toContain('Category: All');
    await expect.poll(() => shownLists(page)).toHaveLength(filledLists(data).length);
    await page.goForward();
    await expect(page.getByRole('button', { name: /^Category:/ }).textContent()).resolves.toContain(
      `Category: ${category.name}`,
    );
    await expect.poll(() => shownLists(page)).toEqual(listsOf(data, category.id));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });

  it('writes the shown tab on /categories, and Back and a reload show it again', async () => {
    const tracked = await open('/categories');
    const { page } = tracked;
    const data = await directoryData(page);
    const [first, second] = data.categories;
    if (!first || !second) throw new Error('two categories expected');
    await page.locator('.dir-tabs').getByRole('tab', { name: second.name }).click();
    await expect.poll(() => query(page)).toBe(`?category=${second.slug}`);
    await page.reload();
    await waitForHydration(page);
    await expect(
      page.locator('.dir-tabs').getByRole('tab', { name: second.name }).getAttribute('aria-selected'),
    ).resolves.toBe('true');
    await expect.poll(() => shownLists(page)).toEqual(listsOf(data, second.id));
    await page.goBack();
    await expect.poll(() => query(page)).toBe('');
    await expect(
      page.locator('.dir-tabs').getByRole('tab', { name: first.name }).getAttribute('aria-selected'),
    ).resolves.toBe('true');
    await expect.poll(() => shownLists(page)).toEqual(listsOf(data, first.id));
    await expectAccessible(page);
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });
});
