import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.js';
import { withBrowser } from './support/with-browser.js';

describe('add your business (paid listing form)', { timeout: 120_000 }, () => {
  const site = withBrowser();

  it('swaps the one-time payment button for the recurring one', async () => {
    const tracked = await site.visit('/add-business');
    const { page } = tracked;
    await expectAccessible(page);
    const once = page.getByRole('button', { name: /^Pay €49 once$/ });
    const monthly = page.getByRole('button', { name: /^Subscribe for €9 a month$/ });
    await expect(once.count()).resolves.toBe(1);
    await expect(monthly.count()).resolves.toBe(0);

    await page.getByRole('checkbox', { name: 'Pay monthly (recurring)' }).check();
    await expect(once.count()).resolves.toBe(0);
    await expect(monthly.count()).resolves.toBe(1);
    await expectAccessible(page);

    await page.getByRole('checkbox', { name: 'Pay monthly (recurring)' }).uncheck();
    await expect(once.count()).resolves.toBe(1);
    await expect(monthly.count()).resolves.toBe(0);
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });

  it('enables and requires the extra tags input only while "Other" is checked', async () => {
    const tracked = await site.visit('/add-business');
    const { page } = tracked;
    const extra = page.getByRole('textbox', { name: 'Other tags (separate with commas)' });
    await expect(extra.isDisabled()).resolves.toBe(true);
    await expect(extra.evaluate((el: HTMLInputElement) => el.required)).resolves.toBe(false);

    await page.getByRole('textbox', { name: 'Business name' }).fill('Corner Bakery');
    await page.getByRole('textbox', { name: 'Owner e-mail address' }).fill('owner@corner.example');
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ index: 1 });
    await page.getByRole('checkbox', { name: 'Other' }).check();
    await expect(extra.isEnabled()).resolves.toBe(true);
    await expect(extra.evaluate((el: HTMLInputElement) => el.required)).resolves.toBe(true);
    await expectAccessible(page);

    // Empty while required: the browser refuses the form, and the page stays.
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(extra.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).resolves.toBe(true);
    await expect(page.locator('.add-business__status').textContent()).resolves.toBe('');
    expect(new URL(page.url()).pathname).toBe('/add-business');

    await extra.fill('Bakery, Bread');
    await expect(extra.evaluate((el: HTMLInputElement) => el.validity.valid)).resolves.toBe(true);
    await expectAccessible(page);

    // Unchecked again: disabled, and no longer required even when empty.
    await extra.fill('');
    await page.getByRole('checkbox', { name: 'Other' }).uncheck();
    await expect(extra.isDisabled()).resolves.toBe(true);
    await expect(extra.evaluate((el: HTMLInputElement) => el.required)).resolves.toBe(false);
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });
});
