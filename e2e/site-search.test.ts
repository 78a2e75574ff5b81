import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, still, waitForHydration } from './support/browser.js';
import { withBrowser } from './support/with-browser.js';

/**
 * Issue 15, "Header live search": the header's search box as an APG combobox over pages,
 * articles and directory items, by keyboard and by mouse, its no-results message, its hiding on
 * blur and when the pointer leaves, and the search page it submits to without a script.
 */

const box = (page: Page) => page.getByRole('combobox', { name: 'Search the site' });
const listbox = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' });
const status = (page: Page) => page.locator('.site-search__status');

describe('the header live search', { timeout: 120_000 }, () => {
  const site = withBrowser();

  it('is used with the keyboard alone: type, arrow to a suggestion, Enter opens the article', async () => {
    const tracked = await site.visit('/pages/privacy', { viewport: { width: 1280, height: 900 } });
    const { page } = tracked;
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('admin-ajax')) asked.push(request.url());
    });
    // Tab from the top of the page: past the skip link, the site's name and links, to the box.
    const focused = () => box(page).evaluate((el) => el === document.activeElement);
    for (let i = 0; i < 12 && !(await focused()); i++) await page.keyboard.press('Tab');
    await expect(focused()).resolves.toBe(true);
    await expect(box(page).getAttribute('aria-expanded')).resolves.toBe('false');

    // Typed in one go: one search, after the last keystroke.
    await page.keyboard.type('repair caf');
    const option = page.getByRole('option', { name: /Repair cafés: fix it instead of binning it/ });
    await option.waitFor();
    expect(asked).toHaveLength(1);
    await expect(box(page).getAttribute('aria-expanded')).resolves.toBe('true');
    await expect.poll(() => status(page).textContent()).toMatch(/results? (is|are) available/);
    await still(page);
    await expectAccessible(page);

    const options = page.getByRole('option');
    const index = (await options.allTextContents()).findIndex((text) => text.startsWith('Repair cafés'));
    for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
    const activeId = await box(page).getAttribute('aria-activedescendant');
    expect(activeId).toBe(await option.getAttribute('id'));
    await expect(option.getAttribute('aria-selected')).resolves.toBe('true');
    // Focus stays in the text box throughout.
    await expect(focused()).resolves.toBe(true);

    await Promise.all([page.waitForURL(`${site.baseUrl}/articles/repair-cafes`), page.keyboard.press('Enter')]);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Repair cafés: fix it instead of binning it',
    );
    await expectAccessible(page);
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();
  });

  it('closes with Escape, and clears the box with a second Escape', async () => {
    const tracked = await site.visit('/pages/privacy', { viewport: { width: 1280, height: 900 } });
    const { page } = tracked;
    await box(page).click();
    await page.keyboard.type('about this');
    await page.getByRole('option', { name: /About this directory/ }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => box(page).getAttribute('aria-expanded')).toBe('false');
    await expect(listbox(page).isVisible()).resolves.toBe(false);
    await page.keyboard.press('Escape');
    await expect(box(page).inputValue()).resolves.toBe('');
    await tracked.close();
  });

  it('is used with the mouse: a click on a suggestion opens the page', async () => {
    const tracked = await site.visit('/', { viewport: { width: 1280, height: 900 } });
    const { page } = tracked;
    await box(page).click();
    await page.keyboard.type('About this');
    const option = page.getByRole('option', { name: /About this directory/ });
    await option.hover();
    await expect(option.getAttribute('aria-selected')).resolves.toBe('true');
    await Promise.all([page.waitForURL(`${site.baseUrl}/pages/about`), option.click()]);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('About this directory');
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();
  });

  it('shows the no-results message, and hides on blur and when the pointer leaves', async () => {
    const tracked = await site.visit('/pages/privacy', { viewport: { width: 1280, height: 900 } });
    const { page } = tracked;
    await box(page).click();
    await page.keyboard.type('qzxvqzxv');
    const none = page.getByText('No search results match your query. Please try again.', { exact: true }).first();
    await none.waitFor();
    await expect.poll(() => status(page).textContent()).toBe('No search results match your query. Please try again.');
    await still(page);
    await expectAccessible(page);

    // Blur: Tab moves on, the dropdown goes.
    await page.keyboard.press('Tab');
    await expect.poll(() => box(page).getAttribute('aria-expanded')).toBe('false');
    await expect(page.locator('.site-search__popup').isHidden()).resolves.toBe(true);

    // Back in the box, the answer shows again; the pointer leaving the search hides it.
    await box(page).hover();
    await box(page).focus();
    await expect.poll(() => box(page).getAttribute('aria-expanded')).toBe('true');
    await page.mouse.move(5, 800);
    await expect.poll(() => box(page).getAttribute('aria-expanded')).toBe('false');
    expect(tracked.errors, tracked.errors.join('\n')).toEqual([]);
    await tracked.close();
  });

  it('submits to the search page without a script', async () => {
    const tracked = await site.open({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const { page } = tracked;
    await page.goto(`${site.baseUrl}/pages/privacy`);
    await box(page).fill('saturday market');
    await Promise.all([page.waitForURL(/\/search\?q=saturday\+market$/), box(page).press('Enter')]);
    const result = page.getByRole('link', { name: 'A morning at the Saturday market' });
    await expect(result.count()).resolves.toBe(1);
    await Promise.all([page.waitForURL(`${site.baseUrl}/articles/saturday-market-guide`), result.click()]);
    await tracked.close();

    // axe-core runs as a script: the same results page, checked where scripts run.
    const scripted = await site.visit('/search?q=saturday+market', { viewport: { width: 1280, height: 900 } });
    await expect(scripted.page.getByRole('link', { name: 'A morning at the Saturday market' }).count()).resolves.toBe(
      1,
    );
    await expectAccessible(scripted.page);
    expect(scripted.errors, scripted.errors.join('\n')).toEqual([]);
    await scripted.close();
  });
});
