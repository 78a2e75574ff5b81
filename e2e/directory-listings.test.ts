import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN } from './global-setup.js';
import { expectAccessible, waitForHydration } from './support/browser.js';
import { answerCaptcha } from './support/admin.js';
import { shownItems } from './support/directory.js';
import { withBrowser } from './support/with-browser.js';

/**
 * Issue 11: "Add your business" keeps the listing for an administrator instead of ending at
 * "Payments are not set up", behind the spam shield's honeypot like every other form; the
 * administrator approves it into a list (or rejects it) at /admin/listings.
 */

// With the shop, a saved listing waits in the buyer's cart (e2e/shop-checkout.test.ts goes on from there).
const WAITING = /Your listing is saved and waits in your cart/;
const BLOCKED = 'Submission blocked';
const suffix = Date.now().toString(36).slice(-5);
const FIRST = `Lantern Books ${suffix}`;
const SECOND = `Harbour Kayaks ${suffix}`;
const BOT = `Cheap Pills ${suffix}`;

/** A person's pointer: a few uneven moves across the page. */
async function wander(page: Page) {
  for (const [x, y] of [
    [120, 140],
    [210, 230],
    [290, 250],
    [340, 320],
    [300, 360],
  ] as const) {
    await page.mouse.move(x, y, { steps: 4 });
  }
}

/** Types like a person: a click into the field, then keys with uneven delays. */
async function typeInto(page: Page, field: Locator, text: string) {
  await field.scrollIntoViewIfNeeded();
  await field.click();
  for (const [i, key] of [...text].entries()) await page.keyboard.type(key, { delay: 45 + ((i * 37) % 60) });
}

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** Fills the form as its owner would, up to the payment button, which it answers. */
async function fillListing(page: Page, title: string, options: { recurring: boolean }) {
  await wander(page);
  await typeInto(page, textbox(page, 'Business name'), title);
  await typeInto(page, textbox(page, 'Short description'), 'Second-hand books and maps');
  // The address box is a combobox with suggestions; leaving it by Tab, as a person does, lets its list close.
  await typeInto(page, page.getByRole('combobox', { name: 'Address', exact: true }), 'Harbour Street 4, Bergen');
  await page.keyboard.press('Tab');
  await typeInto(page, textbox(page, 'Website'), 'https://lantern.example/');
  await typeInto(page, textbox(page, 'Owner e-mail address'), 'owner@lantern.example');
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ index: 1 });
  await page.getByRole('group', { name: 'Tags' }).getByRole('checkbox').first().check();
  await page.getByRole('checkbox', { name: 'Other', exact: true }).check();
  await typeInto(page, textbox(page, 'Other tags (separate with commas)'), 'Maps, Rare books');
  if (options.recurring) await page.getByRole('checkbox', { name: 'Pay monthly (recurring)' }).check();
  await page.mouse.move(260, 420, { steps: 5 });
  return page.getByRole('button', { name: options.recurring ? 'Subscribe for €9 a month' : 'Pay €49 once' });
}

describe('pending listings', { timeout: 180_000 }, () => {
  const site = withBrowser();
  const { baseUrl } = site;

  it('keeps a person’s listing for approval and says so', async () => {
    const tracked = await site.visit('/add-business', { viewport: { width: 1280, height: 900 } });
    const { page } = tracked;
    await expectAccessible(page);
    // The form carries the shield's honeypot.
    await expect(page.locator('form[data-shield-protect] #alt_s').count()).resolves.toBe(1);
    const pay = await fillListing(page, FIRST, { recurring: true });
    await page.waitForTimeout(1_200);
    await pay.click();
    await page.waitForURL(`${baseUrl}/cart?done=listing`);
    await waitForHydration(page);
    const status = page.getByRole('status').filter({ hasText: WAITING });
    await expect(status.count()).resolves.toBe(1);
    // Read first: focus is on the confirmation.
    await expect(page.evaluate(() => document.activeElement?.textContent ?? '')).resolves.toMatch(WAITING);
    await expect(page.getByText('Payments are not set up').count()).resolves.toBe(0);
    await expectAccessible(page);
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });

  it('works the same on a 390 px phone, within the screen', async () => {
    const tracked = await site.visit('/add-business', { viewport: { width: 390, height: 844 }, hasTouch: true });
    const { page } = tracked;
    const pay = await fillListing(page, SECOND, { recurring: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await page.waitForTimeout(1_200);
    await pay.click();
    await page.waitForURL(`${baseUrl}/cart?done=listing`);
    await waitForHydration(page);
    await expect(page.getByRole('status').filter({ hasText: WAITING }).count()).resolves.toBe(1);
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });

  it('blocks a submission whose honeypot is filled', async () => {
    const tracked = await site.visit('/add-business', { viewport: { width: 1280, height: 900 } });
    const { page } = tracked;
    const pay = await fillListing(page, BOT, { recurring: false });
    await page.evaluate(() => ((document.getElementById('alt_s') as HTMLInputElement).value = 'https://spam.example'));
    await page.waitForTimeout(1_200);
    const answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await pay.click();
    expect((await answer).status()).toBe(403);
    await page.getByRole('heading', { name: BLOCKED }).waitFor();
    await tracked.close();
  });

  it('lets only an administrator approve a listing into a list, or reject it', async () => {
    // Not signed in: the page asks for a sign-in first.
    const tracked = await site.visit('/admin/listings', { viewport: { width: 1280, height: 900 } });
    const { page } = tracked;
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.mouse.move(200, 200, { steps: 5 });
    await page.getByLabel('E-mail address').click();
    await page.keyboard.type(ADMIN.email, { delay: 40 });
    await page.getByLabel('Password').click();
    await page.keyboard.type(ADMIN.password, { delay: 40 });
    await answerCaptcha(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/admin/listings`);
    await waitForHydration(page);
    await expectAccessible(page);

    const listing = (title: string) => page.getByRole('article', { name: title });
    await expect(listing(FIRST).count()).resolves.toBe(1);
    await expect(listing(SECOND).count()).resolves.toBe(1);
    await expect(listing(BOT).count()).resolves.toBe(0);
    await expect(listing(FIRST).getByText('owner@lantern.example').count()).resolves.toBe(1);
    await expect(
      listing(FIRST)
        .getByText(/Maps, Rare books/)
        .count(),
    ).resolves.toBe(1);

    // The same page fits a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    const select = listing(FIRST).getByRole('combobox', { name: 'Add to list' });
    const listTitle = (await select.locator('option:checked').textContent()) ?? '';
    await listing(FIRST).getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/admin\/listings\?status=pending&done=approve$/);
    await waitForHydration(page);
    await expect(page.getByRole('status').textContent()).resolves.toContain('approved');
    await expect(listing(FIRST).count()).resolves.toBe(0);

    await listing(SECOND).getByRole('button', { name: 'Reject' }).click();
    await page.waitForURL(/done=reject$/);
    await waitForHydration(page);
    await expect(listing(SECOND).count()).resolves.toBe(0);
    await page.getByRole('link', { name: /^Rejected \(\d+\)$/ }).click();
    await waitForHydration(page);
    await expect(listing(SECOND).count()).resolves.toBe(1);
    await expectAccessible(page);

    // The approved listing is an item of the chosen list now, found by the directory's search.
    await page.goto(`${baseUrl}/?search=${encodeURIComponent(FIRST)}`);
    await waitForHydration(page);
    const shown = await shownItems(page);
    expect(shown.map((i) => [i.title, i.list])).toEqual([[FIRST, listTitle]]);
    expect(shown[0]?.tags).toEqual(expect.arrayContaining(['Maps', 'Rare books']));
    await page.goto(`${baseUrl}/?search=${encodeURIComponent(SECOND)}`);
    await waitForHydration(page);
    expect(await shownItems(page)).toEqual([]);
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });
});
