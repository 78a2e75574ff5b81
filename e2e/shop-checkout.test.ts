import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sharedAdminSession } from './support/admin.js';
import { expectAccessible, waitForHydration } from './support/browser.js';
import { wanderAsPerson } from './support/person.js';
import { withBrowser } from './support/with-browser.js';

/**
 * Issue 15, the shop: a buyer goes from "Add your business" through the cart (quantity
 * steppers, the featured offer with its recurring toggle, the shipping calculator) and the
 * checkout (country and state selects, the review step) to an order; the administrator marks it
 * paid and the item is paid on the directory. Steppers and selects are used by keyboard alone,
 * on a 390 px phone and a 1280 px desktop; axe-core checks every page.
 */

const suffix = Date.now().toString(36).slice(-5);
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function wander(page: Page) {
  for (const [x, y] of [
    [120, 140],
    [210, 230],
    [290, 250],
    [340, 320],
  ] as const) {
    await page.mouse.move(x, y, { steps: 4 });
  }
}

async function typeInto(page: Page, field: Locator, text: string) {
  await field.scrollIntoViewIfNeeded();
  await field.click();
  for (const [i, key] of [...text].entries()) await page.keyboard.type(key, { delay: 30 + ((i * 37) % 50) });
}

/** Presses Tab until `target` has focus, as a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, shift = false) {
  for (let i = 0; i < 80; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
  }
  throw new Error('Tab never reached the control');
}

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const valueOf = (field: Locator) => field.inputValue();

/** Fills "Add your business" as its owner would and presses its payment button. */
async function addBusiness(page: Page, title: string, product: 'paid' | 'featured') {
  await wander(page);
  await typeInto(page, textbox(page, 'Business name'), title);
  await typeInto(page, textbox(page, 'Short description'), 'Flowers and plants');
  await typeInto(page, textbox(page, 'Website'), 'https://shop-e2e.example/');
  await typeInto(page, textbox(page, 'Owner e-mail address'), 'owner@shop-e2e.example');
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ index: 1 });
  if (product === 'paid') await page.getByRole('radio', { name: /^Paid listing/ }).check();
  await page.mouse.move(260, 420, { steps: 5 });
  await page.waitForTimeout(1_200);
  const pay = page.getByRole('button', { name: product === 'paid' ? 'Pay €29' : 'Pay €49 once' });
  await pay.click();
  await page.waitForURL(/\/cart\?done=listing$/).catch(async (error: Error) => {
    // Say where the form went instead: its errors or the blocked page.
    const headings = await page.locator('h1, .form-error').allTextContents();
    throw new Error(`${error.message} at ${page.url()}: ${headings.join(' | ')}`);
  });
  await waitForHydration(page);
}

/** Chooses an option of a native select by typing its name, keyboard only. */
async function chooseByKeys(page: Page, select: Locator, name: string) {
  await tabTo(page, select);
  // A select's type-ahead joins keys typed within a second: a person pauses between two choices.
  await page.waitForTimeout(1_100);
  await page.keyboard.type(name, { delay: 60 });
  await expect.poll(() => select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent)).toBe(name);
}

const fitsWidth = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe('the shop', { timeout: 300_000 }, () => {
  const site = withBrowser();
  const { baseUrl } = site;

  it('takes a paid listing from "Add your business" to a paid item on the directory (desktop)', async () => {
    const title = `Paid Pantry ${suffix}`;
    const tracked = await site.visit('/add-business', { viewport: DESKTOP });
    const { page } = tracked;
    await addBusiness(page, title, 'paid');
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /waits in your cart/ })
        .count(),
    ).resolves.toBe(1);
    await expectAccessible(page);

    // The paid listing's stepper: max 1, and minus stops at 0.
    const quantity = page.getByRole('spinbutton', { name: `Quantity of ${title}` });
    await tabTo(page, quantity);
    await page.keyboard.press('ArrowUp');
    expect(await valueOf(quantity)).toBe('1');
    await page.keyboard.press('ArrowDown');
    expect(await valueOf(quantity)).toBe('0');
    await page.keyboard.press('ArrowDown');
    expect(await valueOf(quantity)).toBe('0');
    await page.keyboard.press('End');
    expect(await valueOf(quantity)).toBe('1');

    // The featured offer: its recurring toggle swaps the buttons; adding goes through the shield.
    const offer = page.getByRole('region', { name: `Make “${title}” featured` });
    await expect(offer.getByRole('button', { name: 'Feature it for €49' }).count()).resolves.toBe(1);
    await offer.getByRole('checkbox', { name: 'Pay monthly (recurring)' }).check();
    await expect(offer.getByRole('button', { name: 'Feature it for €49' }).count()).resolves.toBe(0);
    // A person reads the offer before taking it. The shield times the add-item from the cart
    // page's load: the steppers and the checkbox above take a script well under a second, too
    // fast for anyone (and before the page has its bot-detector token).
    await wanderAsPerson(page);
    await page.waitForTimeout(1_200);
    await offer.getByRole('button', { name: 'Feature it monthly for €9 a month' }).click();
    await page.waitForURL(`${baseUrl}/cart`);
    await waitForHydration(page);
    await expect(page.getByRole('rowheader').first().textContent()).resolves.toContain('Featured listing (monthly)');

    // Months by keyboard: arrows, Page Up to the maximum of 12, Page Down, then Update cart.
    await tabTo(page, quantity);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await valueOf(quantity)).toBe('3');
    await page.keyboard.press('PageUp');
    expect(await valueOf(quantity)).toBe('12');
    await page.keyboard.press('ArrowUp');
    expect(await valueOf(quantity)).toBe('12');
    await page.keyboard.press('PageDown');
    expect(await valueOf(quantity)).toBe('2');
    await tabTo(page, page.getByRole('button', { name: 'Update cart' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/done=updated$/);
    await waitForHydration(page);
    await expect(page.getByRole('table', { name: 'Your cart' }).textContent()).resolves.toContain('€18');

    // The shipping calculator's pair by keyboard: the state turns into a select of Germany's states.
    const calcCountry = page.getByRole('combobox', { name: 'Country / Region' });
    await chooseByKeys(page, calcCountry, 'Germany');
    const state = page.getByRole('combobox', { name: 'State / County' });
    await state.waitFor();
    await chooseByKeys(page, state, 'Bayern');
    await tabTo(page, page.getByRole('button', { name: 'Update shipping' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/done=calculated$/);
    await waitForHydration(page);
    await expect(page.getByText('Shipping to Bayern, Germany').count()).resolves.toBe(1);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await waitForHydration(page);
    await expect(page.getByRole('combobox', { name: 'Country / Region' }).inputValue()).resolves.toBe('DE');
    await expect(page.getByRole('combobox', { name: 'State / County' }).inputValue()).resolves.toBe('BY');
    await expectAccessible(page);
    await typeInto(page, textbox(page, 'First name'), 'Ada');
    await typeInto(page, textbox(page, 'Last name'), 'Lovelace');
    await typeInto(page, textbox(page, 'Street address'), 'Marienplatz 1');
    await typeInto(page, textbox(page, 'Town / City'), 'München');
    await typeInto(page, textbox(page, 'E-mail address'), 'ada@shop-e2e.example');
    await page.getByRole('button', { name: 'Review order' }).click();
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Review your order' }).waitFor();
    await expect(page.getByText('Ada Lovelace, Marienplatz 1, München, Bayern, Germany').count()).resolves.toBe(1);
    await expectAccessible(page);
    // A person reads the review before placing the order.
    await page.mouse.move(300, 400, { steps: 5 });
    await page.waitForTimeout(1_200);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/order\/\d+\?key=/);
    await waitForHydration(page);
    const orderId = Number(/\/order\/(\d+)/.exec(page.url())?.[1]);
    await expect(page.getByText('Waiting for payment').count()).resolves.toBe(1);
    await expectAccessible(page);
    expect(tracked.errors).toEqual([]);
    await tracked.close();

    // The administrator marks the order paid.
    const admin = await site.open({
      viewport: DESKTOP,
      storageState: await sharedAdminSession(site.browser(), baseUrl),
    });
    await admin.page.goto(`${baseUrl}/admin/orders`);
    await waitForHydration(admin.page);
    await expectAccessible(admin.page);
    await admin.page.getByRole('button', { name: `Mark order ${orderId} paid` }).click();
    await admin.page.waitForURL(/done=paid$/);
    await waitForHydration(admin.page);
    await expect(admin.page.getByRole('status').filter({ hasText: 'marked paid' }).count()).resolves.toBe(1);
    await expectAccessible(admin.page);

    // The item is on the directory now, paid and, as a featured listing was bought, featured.
    await admin.page.goto(`${baseUrl}/?search=${encodeURIComponent(title)}`);
    await waitForHydration(admin.page);
    const item = admin.page.locator(`li[data-title="${title}"]`).first();
    await expect(item.getAttribute('data-paid')).resolves.toBe('1');
    await expect(item.locator('.dir-item__badge').textContent()).resolves.toBe('Featured');
    expect(admin.errors).toEqual([]);
    await admin.close();
  });

  it('works by keyboard on a 390 px phone, switches the state field, and shows the block modal for a blocked checkout', async () => {
    const title = `Phone Florist ${suffix}`;
    const tracked = await site.visit('/add-business', { viewport: PHONE, hasTouch: true });
    const { page } = tracked;
    await addBusiness(page, title, 'featured');
    await fitsWidth(page, PHONE.width);
    await expectAccessible(page);
    const quantity = page.getByRole('spinbutton', { name: `Quantity of ${title}` });
    await tabTo(page, quantity);
    await page.keyboard.press('ArrowUp');
    expect(await valueOf(quantity)).toBe('1');
    await page.keyboard.press('Home');
    expect(await valueOf(quantity)).toBe('0');
    await page.keyboard.press('ArrowUp');
    expect(await valueOf(quantity)).toBe('1');

    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await waitForHydration(page);
    await fitsWidth(page, PHONE.width);
    await expectAccessible(page);
    await typeInto(page, textbox(page, 'First name'), 'Grace');
    await typeInto(page, textbox(page, 'Last name'), 'Hopper');
    await typeInto(page, textbox(page, 'Street address'), 'Main Street 5');
    await typeInto(page, textbox(page, 'Town / City'), 'Gibraltar');
    await typeInto(page, textbox(page, 'E-mail address'), 'grace@shop-e2e.example');

    // The billing pair by keyboard: a country without regions turns the state into a text input,
    // its label kept; another with regions turns it back into a select.
    const country = page.getByRole('combobox', { name: 'Country / Region' });
    await chooseByKeys(page, country, 'Gibraltar');
    const stateText = page.getByRole('textbox', { name: /^State \/ County/ });
    await stateText.waitFor();
    await expect(page.locator('label[for="billing-state"]').textContent()).resolves.toMatch(/^State \/ County/);
    await chooseByKeys(page, country, 'Germany');
    const stateSelect = page.getByRole('combobox', { name: 'State / County' });
    await stateSelect.waitFor();
    await chooseByKeys(page, stateSelect, 'Berlin');
    await chooseByKeys(page, country, 'Gibraltar');
    await stateText.waitFor();
    await tabTo(page, stateText);
    await page.keyboard.type('Upper Town', { delay: 40 });
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Review order' }).click();
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Review your order' }).waitFor();
    await fitsWidth(page, PHONE.width);
    await expectAccessible(page);

    // A bot's checkout: the decoy field filled. The block modal opens and the page stays.
    await page.evaluate(() => {
      const decoy = document.querySelector<HTMLInputElement>('form.shop-place #alt_s');
      if (decoy) decoy.value = 'https://spam.example/';
    });
    await page.getByRole('button', { name: 'Place order' }).click();
    const modal = page.getByRole('dialog');
    await modal.waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/checkout');

    // A person's checkout goes through: back to the form, review again, place.
    await page.getByRole('button', { name: 'Change details' }).click();
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Review order' }).click();
    await waitForHydration(page);
    await page.mouse.move(200, 300, { steps: 5 });
    await page.waitForTimeout(1_200);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/order\/\d+\?key=/);
    await waitForHydration(page);
    await expect(page.getByText('Upper Town, Gibraltar').count()).resolves.toBeGreaterThan(0);
    await fitsWidth(page, PHONE.width);
    await expectAccessible(page);
    await tracked.close();
  });
});
