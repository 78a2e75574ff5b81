import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, waitForHydration, type TrackedPage } from './support/browser.js';
import { directoryData, filledLists, shownItems, shownLists } from './support/directory.js';
import { withBrowser } from './support/with-browser.js';

/** The shown list cards stand in columns one gutter (10 px) apart, each 10 px below the one above. */
async function expectMasonry(page: Page) {
  await page.waitForFunction(() => document.querySelector<HTMLElement>('.dir-lists')?.dataset.masonry === 'on');
  const boxes = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.dir-list:not([hidden])')).map((card) => {
      const r = card.getBoundingClientRect();
      return { x: Math.round(r.left), top: r.top, bottom: r.bottom, width: r.width };
    }),
  );
  const holderTop = await page.evaluate(() => document.querySelector('.dir-lists')?.getBoundingClientRect().top ?? 0);
  expect(boxes.length).toBeGreaterThan(1);
  const columns = [...new Set(boxes.map((b) => b.x))].sort((a, b) => a - b);
  expect(columns.length).toBeGreaterThan(1);
  const width = boxes[0]?.width ?? 0;
  for (let i = 1; i < columns.length; i += 1) {
    expect(Math.abs((columns[i] ?? 0) - (columns[i - 1] ?? 0) - width - 10)).toBeLessThan(1.5);
  }
  for (const x of columns) {
    const stack = boxes.filter((b) => b.x === x).sort((a, b) => a.top - b.top);
    expect(Math.abs((stack[0]?.top ?? 0) - holderTop)).toBeLessThan(1.5);
    for (let i = 1; i < stack.length; i += 1) {
      expect(Math.abs((stack[i]?.top ?? 0) - (stack[i - 1]?.bottom ?? 0) - 10)).toBeLessThan(1.5);
    }
  }
}

describe('directory', { timeout: 180_000 }, () => {
  const site = withBrowser();
  const { baseUrl } = site;
  let tracked: TrackedPage;
  let page: Page;

  async function open(path = '/', viewport = { width: 1280, height: 900 }) {
    tracked = await site.open({ viewport });
    page = tracked.page;
    page.setDefaultTimeout(15_000);
    await page.goto(`${baseUrl}${path}`);
    await waitForHydration(page);
  }
  async function close() {
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  }
  const search = () => page.getByRole('searchbox', { name: 'Search the directory' });
  const status = () => page.getByRole('status').filter({ hasText: /Showing|No results/ });

  it('lays the list cards out as a masonry with a 10 px gutter and no gaps', async () => {
    await open();
    await expectMasonry(page);
    await expectAccessible(page);
    await close();
  });

  it('filters by live search, case-insensitively, over title, link, tag and list heading', async () => {
    await open();
    const all = await shownItems(page);
    const data = await directoryData(page);
    const first = data.items[0];
    if (!first) throw new Error('no items');
    const title = first[2];

    await search().fill(title.toUpperCase());
    let shown = await shownItems(page);
    expect(shown.map((i) => i.id)).toContain(first[0]);
    expect(shown.length).toBeLessThan(all.length);
    for (const item of shown) {
      const entry = data.items.find((i) => i[0] === item.id);
      expect(JSON.stringify(entry).toLowerCase()).toContain(title.toLowerCase().slice(0, 3));
    }
    await expect(status().textContent()).resolves.toMatch(/^Showing \d+ of 300 places$/);
    await expectAccessible(page);

    // A list heading matches every item of that list: the list shows its first page of them
    // (its own page size when it paginates, eight before "Show more" when it does not).
    const list = data.lists[1];
    if (!list) throw new Error('no second list');
    await search().fill(list.title.toLowerCase());
    shown = await shownItems(page);
    const inList = data.items.filter((i) => i[1] === 1).length;
    expect(shown.filter((i) => i.list === list.title)).toHaveLength(Math.min(inList, list.paginate ? list.perPage : 8));

    // A link's host and a tag match too.
    const url = new URL(first[8]).host;
    await search().fill(url);
    expect((await shownItems(page)).map((i) => i.id)).toContain(first[0]);
    const tag = data.tags[0] ?? '';
    await search().fill(tag);
    shown = await shownItems(page);
    expect(shown.length).toBeGreaterThan(0);

    // Nothing matches: every list hides and the no-results text shows.
    await search().fill('zzqx no such place');
    expect(await shownLists(page)).toEqual([]);
    await expect(status().textContent()).resolves.toBe('No results found.');
    await expectAccessible(page);

    await search().fill('');
    expect(await shownItems(page)).toHaveLength(all.length);
    await close();
  });

  it('toggles tag chips: any chosen tag matches, "All" clears them', async () => {
    await open();
    const data = await directoryData(page);
    const [a = '', b = ''] = data.tags;
    const group = page.getByRole('group', { name: /Filter by tags/ });
    await group.getByRole('button', { name: a, exact: true }).click();
    await expect(group.getByRole('button', { name: a, exact: true }).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );
    await expect(group.getByRole('button', { name: 'All', exact: true }).getAttribute('aria-pressed')).resolves.toBe(
      'false',
    );
    const withA = await shownItems(page);
    expect(withA.length).toBeGreaterThan(0);
    for (const item of withA) expect(item.tags).toContain(a);
    await page.waitForTimeout(100); // the cards' new sizes reach the layout in the next frame
    await expectMasonry(page);

    await group.getByRole('button', { name: b, exact: true }).click();
    const withAOrB = await shownItems(page);
    expect(withAOrB.length).toBeGreaterThanOrEqual(withA.length);
    for (const item of withAOrB) expect(item.tags.includes(a) || item.tags.includes(b)).toBe(true);
    await expectAccessible(page);

    await group.getByRole('button', { name: 'All', exact: true }).click();
    for (const tag of [a, b]) {
      await expect(group.getByRole('button', { name: tag, exact: true }).getAttribute('aria-pressed')).resolves.toBe(
        'false',
      );
    }
    expect((await shownItems(page)).length).toBeGreaterThan(withAOrB.length);
    await close();
  });

  it('filters by category with the links: one is active and "All" shows everything', async () => {
    await open();
    const data = await directoryData(page);
    const nav = page.getByRole('navigation', { name: 'Categories' });
    const category = data.categories[1];
    if (!category) throw new Error('no second category');
    await nav.getByRole('link', { name: category.name }).click();
    await expect(nav.getByRole('link', { name: category.name }).getAttribute('aria-current')).resolves.toBe('true');
    await expect(nav.locator('[aria-current]').count()).resolves.toBe(1);
    const expected = filledLists(data)
      .filter((l) => l.categoryId === category.id)
      .map((l) => l.title);
    expect(await shownLists(page)).toEqual(expected);
    // Filtered in place, no navigation; the address says which category, for Back and sharing.
    await expect.poll(() => new URL(page.url()).search).toBe(`?category=${category.slug}`);
    await expectAccessible(page);
    await nav.getByRole('link', { name: 'All' }).click();
    expect(await shownLists(page)).toHaveLength(filledLists(data).length);
    await close();
  });

  it('paginates a list per its settings and restarts at page 1 when the tags change', async () => {
    await open();
    const data = await directoryData(page);
    const list = data.lists.find(
      (l) => l.paginate && data.items.filter((i) => data.lists[i[1]] === l).length > l.perPage,
    );
    if (!list) throw new Error('no paginated list');
    const card = page.locator('.dir-list', { has: page.getByRole('heading', { name: list.title }) });
    const pager = card.getByRole('navigation', { name: `Pages of ${list.title}` });
    const pageOne = await card.locator('li[data-title]:not([hidden])').evaluateAll((els) => els.map((e) => e.id));
    expect(pageOne).toHaveLength(list.perPage);
    await expect(pager.getByText(/Page 1 of \d+/).count()).resolves.toBe(1);
    await pager.getByRole('button', { name: /Next/ }).click();
    const pageTwo = await card.locator('li[data-title]:not([hidden])').evaluateAll((els) => els.map((e) => e.id));
    expect(pageTwo.length).toBeGreaterThan(0);
    expect(pageTwo.filter((id) => pageOne.includes(id))).toEqual([]);
    await expect(pager.getByText(/Page 2 of \d+/).count()).resolves.toBe(1);
    await expectAccessible(page);

    await page
      .getByRole('group', { name: /Filter by tags/ })
      .getByRole('button', { name: 'All', exact: true })
      .click();
    await page
      .getByRole('group', { name: /Filter by tags/ })
      .getByRole('button', { name: data.tags[0] ?? '', exact: true })
      .click();
    await page
      .getByRole('group', { name: /Filter by tags/ })
      .getByRole('button', { name: 'All', exact: true })
      .click();
    await expect(pager.getByText(/Page 1 of \d+/).count()).resolves.toBe(1);
    await close();
  });

  it('offers the category and tag dropdowns on a narrow screen', async () => {
    await open('/', { width: 390, height: 800 });
    const data = await directoryData(page);
    await expect(page.getByRole('navigation', { name: 'Categories' }).isVisible()).resolves.toBe(false);
    await expect(page.getByRole('group', { name: /Filter by tags/ }).isVisible()).resolves.toBe(false);
    await expectAccessible(page);

    const category = data.categories[2];
    if (!category) throw new Error('no third category');
    const categoryButton = page.getByRole('button', { name: /^Category:/ });
    await expect(categoryButton.getAttribute('aria-haspopup')).resolves.toBe('menu');
    await categoryButton.click();
    const menu = page.getByRole('menu', { name: 'Category' });
    await menu.waitFor();
    await expect(menu.getByRole('menuitemradio', { name: 'All' }).getAttribute('aria-checked')).resolves.toBe('true');
    await expectAccessible(page);
    await menu.getByRole('menuitemradio', { name: category.name }).click();
    await menu.waitFor({ state: 'detached' });
    expect(await shownLists(page)).toEqual(
      filledLists(data)
        .filter((l) => l.categoryId === category.id)
        .map((l) => l.title),
    );
    await expect(categoryButton.textContent()).resolves.toContain(`Category: ${category.name}`);

    // The tag dropdown, by keyboard: one tag, then pagination starts again.
    const tagButton = page.getByRole('button', { name: /^Tag:/ });
    await tagButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu', { name: 'Tag' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitemradio');
    await page.keyboard.press('ArrowDown');
    // Radix moves roving focus in a timeout: press Enter once the focus has visibly moved.
    await page.waitForFunction((tag) => document.activeElement?.textContent?.includes(tag), data.tags[0] ?? '');
    await page.keyboard.press('Enter');
    await expect(tagButton.textContent()).resolves.toContain(`Tag: ${data.tags[0]}`);
    await expect(tagButton.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    for (const item of await shownItems(page)) expect(item.tags).toContain(data.tags[0]);
    await expectAccessible(page);
    await close();
  });

  it('shows one tab at a time at /categories, by mouse or arrow keys, and resets the filters on a switch', async () => {
    await open('/categories');
    // The directory's own tab set (the footer has one of its own).
    const directoryTabs = page.locator('.dir-tabs');
    const data = await directoryData(page);
    const tabs = directoryTabs.getByRole('tab');
    await expect(tabs.count()).resolves.toBe(data.categories.length);
    await expect(directoryTabs.getByRole('tabpanel').count()).resolves.toBe(1);
    const first = data.categories[0];
    const second = data.categories[1];
    if (!first || !second) throw new Error('two categories expected');
    expect(await shownLists(page)).toEqual(
      filledLists(data)
        .filter((l) => l.categoryId === first.id)
        .map((l) => l.title),
    );
    await search().fill('a');
    await expectAccessible(page);

    await directoryTabs.getByRole('tab', { name: second.name }).click();
    await expect(directoryTabs.getByRole('tab', { name: second.name }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );
    await expect(directoryTabs.getByRole('tab', { selected: true }).count()).resolves.toBe(1);
    await expect(search().inputValue()).resolves.toBe('');
    expect(await shownLists(page)).toEqual(
      filledLists(data)
        .filter((l) => l.categoryId === second.id)
        .map((l) => l.title),
    );

    await directoryTabs.getByRole('tab', { name: second.name }).focus();
    await page.keyboard.press('ArrowRight');
    const third = data.categories[2];
    await directoryTabs.getByRole('tab', { name: third?.name, selected: true }).waitFor();
    await expect(
      directoryTabs.getByRole('tab', { name: third?.name }).evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);
    await expect(directoryTabs.getByRole('tabpanel').count()).resolves.toBe(1);
    await expectAccessible(page);
    await close();
  });

  it('opens an item in an accessible popup with its long description, map slot and upvote block', async () => {
    await open();
    const firstItem = page.locator('li[data-title]').first();
    const title = (await firstItem.getAttribute('data-title')) ?? '';
    const details = firstItem.getByRole('button', { name: `View details: ${title}` });
    await details.click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    await dialog.locator('.qcpd-popup__description').waitFor();
    await expect(
      dialog.getByRole('heading', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).count(),
    ).resolves.toBeGreaterThan(0);
    await expect(dialog.locator('.qcpd-popup__map').evaluate((el) => (el as HTMLElement).offsetHeight)).resolves.toBe(
      400,
    );
    await expect(dialog.locator('[data-upvote-item]').count()).resolves.toBe(1);
    await expect(dialog.getByRole('button', { name: 'Close (Esc)' }).count()).resolves.toBe(1);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(details.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await close();
  });

  it('counts an upvote once and turns every copy of the item green', async () => {
    await open();
    const widget = page.getByRole('complementary', { name: 'Featured places' });
    // A featured place whose list shows it on its first page too (long lists show one page).
    const ids = await widget
      .locator('[data-featured-item]')
      .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-featured-item'))));
    const at = await page.evaluate((all) => all.findIndex((i) => document.getElementById(`item-${i}`)), ids);
    expect(at).toBeGreaterThanOrEqual(0);
    const featured = widget.locator('[data-featured-item]').nth(at);
    const id = Number(await featured.getAttribute('data-featured-item'));
    const listCopy = page.locator(`#item-${id} .dir-upvote`);
    const widgetCopy = featured.locator('.dir-upvote');
    const before = Number(await listCopy.locator('.dir-upvote__count').textContent());

    let calls = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.postData()?.includes('qcpd_upvote_action')) calls += 1;
    });
    await listCopy.click();
    await page.waitForFunction(
      (sel) => document.querySelector(sel)?.getAttribute('data-voted') === 'true',
      `#item-${id} .dir-upvote`,
    );
    for (const copy of [listCopy, widgetCopy]) {
      await expect(copy.locator('.dir-upvote__count').textContent()).resolves.toBe(String(before + 1));
      await expect(copy.evaluate((el) => getComputedStyle(el).color)).resolves.toBe('rgb(10, 107, 45)');
    }
    await listCopy.click(); // the running flag: no second call
    await widgetCopy.click();
    await page.waitForTimeout(300);
    expect(calls).toBe(1);

    // The popup's copy shows the same green count.
    await featured.getByRole('button', { name: /.+/ }).first().click();
    const popupCopy = page.getByRole('dialog').locator('[data-upvote-item]');
    await popupCopy.waitFor();
    await expect(popupCopy.getAttribute('data-voted')).resolves.toBe('true');
    await expect(popupCopy.locator('[data-upvote-count]').textContent()).resolves.toBe(String(before + 1));
    // Its name is read from what it shows, so a screen reader hears the same count a person sees.
    const named = page.getByRole('dialog').getByRole('button', { name: new RegExp(`^${before + 1} ?, upvote `) });
    await expect(named.count()).resolves.toBe(1);
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    // The server kept it: a new page shows the count as this visitor's vote, and another click
    // sends nothing but says why.
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator(`#item-${id} .dir-upvote__count`).textContent()).resolves.toBe(String(before + 1));
    await expect(page.locator(`#item-${id} .dir-upvote`).getAttribute('data-voted')).resolves.toBe('true');
    calls = 0;
    await page.locator(`#item-${id} .dir-upvote`).click();
    await expect(page.locator(`#item-${id} .dir-upvote__note`).textContent()).resolves.toBe(
      'You have already upvoted this place.',
    );
    await page.waitForTimeout(300);
    expect(calls).toBe(0);
    await close();
  });

  it('votes from the popup and updates the list copy', async () => {
    await open();
    const item = page.locator('li[data-title]').nth(3);
    const id = Number((await item.getAttribute('id'))?.replace('item-', ''));
    const before = Number(await item.locator('.dir-upvote__count').textContent());
    await item.getByRole('button', { name: /View details/ }).click();
    const popupCopy = page.getByRole('dialog').locator(`[data-upvote-item="${id}"]`);
    await popupCopy.click();
    await page.waitForFunction(
      (i) => document.querySelector(`#item-${i} .dir-upvote`)?.getAttribute('data-voted') === 'true',
      id,
    );
    await expect(popupCopy.locator('[data-upvote-count]').textContent()).resolves.toBe(String(before + 1));
    await expect(item.locator('.dir-upvote__count').textContent()).resolves.toBe(String(before + 1));
    await close();
  });

  it('links addresses to a map and phone numbers to tel:, and titles only to real links', async () => {
    await open();
    const item = page.locator('li[data-title]').first();
    // The phone is sealed for an anonymous visitor: a tel: link with a masked number, for the decoder.
    const phone = item.locator('a[href^="tel:"]');
    await expect(phone.getAttribute('href')).resolves.toMatch(/^tel:\+?\d\*+\d{2}$/);
    await expect(phone.getAttribute('data-original-string')).resolves.toMatch(/^[A-Za-z0-9_-]{40,}$/);
    await expect(item.getAttribute('data-phone')).resolves.toMatch(/^\+?\d\*+\d{2}$/);
    const address = (await item.getAttribute('data-address')) ?? '';
    await expect(item.getByRole('link', { name: address }).getAttribute('href')).resolves.toContain(
      encodeURIComponent(address),
    );
    const urls = await page
      .locator('li[data-title]')
      .evaluateAll((els) =>
        els.map((el) => ({ url: el.getAttribute('data-url') ?? '', linked: !!el.querySelector('h4 a') })),
      );
    for (const { url, linked } of urls) expect(linked).toBe(url.length > 2);
    await close();
  });

  it('re-lays-out the grid 3000 ms after load, 500 and 1000 ms after filtering, and 500 ms after a resize settles', async () => {
    tracked = await site.open({ viewport: { width: 1280, height: 900 } });
    page = tracked.page;
    page.setDefaultTimeout(15_000);
    await page.clock.install({ time: new Date('2026-05-01T10:00:00Z') });
    await page.clock.pauseAt(new Date('2026-05-01T10:00:01Z'));
    // With the page's clock paused its load event may wait on timers: go on once it commits.
    await page.goto(baseUrl, { waitUntil: 'commit' });
    // The page's own timers are paused, so wait from here rather than with the page's polling.
    for (
      let tries = 0;
      !(await page.evaluate(() => document.documentElement.dataset.hydrated === 'true'));
      tries += 1
    ) {
      if (tries > 300) throw new Error('The page did not hydrate');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const scheduled = () =>
      page.evaluate(() => Number(document.querySelector<HTMLElement>('.dir-lists')?.dataset.scheduledLayouts ?? 0));
    expect(await scheduled()).toBe(0);
    await page.clock.runFor(2_999);
    expect(await scheduled()).toBe(0);
    await page.clock.runFor(1);
    expect(await scheduled()).toBe(1);

    await search().fill('a');
    await page.clock.runFor(499);
    expect(await scheduled()).toBe(1);
    await page.clock.runFor(1);
    expect(await scheduled()).toBe(2);
    await page.clock.runFor(499);
    expect(await scheduled()).toBe(2);
    await page.clock.runFor(1);
    expect(await scheduled()).toBe(3);

    // The browser fires resize events with its frames: note when the last one arrived.
    await page.evaluate(() => {
      const w = window as unknown as { lastResize: number };
      addEventListener('resize', () => (w.lastResize = Date.now()));
    });
    const lastResize = () => page.evaluate(() => (window as unknown as { lastResize?: number }).lastResize ?? 0);
    const now = () => page.evaluate(() => Date.now());
    const resize = async (width: number) => {
      const before = await lastResize();
      await page.setViewportSize({ width, height: 900 });
      for (let frames = 0; (await lastResize()) === before; frames += 1) {
        if (frames > 20) throw new Error('no resize event');
        await page.clock.runFor(16);
      }
      return lastResize();
    };
    const first = await resize(1000);
    await page.clock.runFor(100);
    const last = await resize(1100); // still resizing: the 250 ms start again
    expect(last - first).toBeGreaterThanOrEqual(100);
    expect(last - first).toBeLessThan(250);
    await page.clock.runFor(last + 749 - (await now()));
    expect(await scheduled()).toBe(3);
    await page.clock.runFor(1);
    expect(await scheduled()).toBe(4);
    await page.clock.resume(); // axe-core needs the page's timers
    await expectAccessible(page);
    await close();
  });

  it('says so in the popup when its content cannot be loaded', async () => {
    await open();
    await page.route('**/wp-admin/admin-ajax.php', (route) =>
      route.request().postData()?.includes('qcpd_load_long_description') ? route.abort() : route.continue(),
    );
    const item = page.locator('li[data-title]').first();
    await item.getByRole('button', { name: /View details/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('alert').waitFor();
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe('The content could not be loaded.');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Close (Esc)' }).click();
    await dialog.waitFor({ state: 'detached' });
    tracked.errors.splice(0); // the aborted request is logged as a failed load
    await close();
  });

  it('filters by the address without a script: category links and the search form', async () => {
    tracked = await site.open({ javaScriptEnabled: false });
    page = tracked.page;
    await page.goto(`${baseUrl}/`);
    const data = await directoryData(page);
    const category = data.categories[1];
    if (!category) throw new Error('no second category');
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: category.name }).click();
    expect(new URL(page.url()).searchParams.get('category')).toBe(category.slug);
    expect(await shownLists(page)).toEqual(
      filledLists(data)
        .filter((l) => l.categoryId === category.id)
        .map((l) => l.title),
    );

    await page.goto(`${baseUrl}/`);
    const title = data.items[0]?.[2] ?? '';
    await search().fill(title);
    await search().press('Enter');
    await page.waitForURL(/search=/);
    const shown = await shownItems(page);
    expect(shown.map((i) => i.title)).toContain(title);
    expect(shown.length).toBeLessThan(data.items.length);
    await close();
  });
});
