import { HELD_TEXT } from '@waymark/protocol';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedAdminSession, type StorageState } from './support/admin.js';
import { openPage, waitForHydration } from './support/browser.js';
import { typeAsPerson, wanderAsPerson } from './support/person.js';
import { withBrowser } from './support/with-browser.js';

/**
 * Issue 16, "one fate for every form", and issue 26, "a step-up is a price, not a pass", in
 * Chromium: a visitor the shield doubts (a browser whose user agent names it headless, though a
 * person's hand drives it) is asked for the step-up puzzle on the classic "Add your business"
 * post (the "Checking your browser…" page), on the cart's add-item call and on the suggest call.
 * The page solves each puzzle and sends the form again; the doubt outlives the puzzle, so what
 * an administrator reads anyway (the listing, the suggestion) is held for them, and the cart,
 * which nobody reads, refuses in words that say so. The spam log shows the step-up and the hold.
 */

const HEADLESS_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function typeInto(page: Page, field: Locator, text: string) {
  await field.click();
  await typeAsPerson(page, text);
}

describe('the step-up puzzle in the page', () => {
  const site = withBrowser({ judged: true });
  let admin: StorageState;
  beforeAll(async () => {
    // The staff read the spam log where the shield trusts their address; the visitor is judged.
    admin = await sharedAdminSession(site.browser(), site.trustedUrl);
  });

  /** The spam log's rows of one form, newest first, as text. */
  async function verdicts(form: string) {
    const tracked = await openPage(site.browser(), { storageState: admin });
    await tracked.page.goto(`${site.trustedUrl}/admin/spam-log`);
    await waitForHydration(tracked.page);
    const texts = await tracked.page
      .locator('tr[data-verdict]')
      .filter({ has: tracked.page.locator('td', { hasText: new RegExp(`^${form}$`) }) })
      .allTextContents();
    await tracked.close();
    return texts;
  }

  /** The newest two verdicts of the form: the step-up, then the hold with the solved puzzle. */
  async function expectSteppedUpThenHeld(form: string) {
    const [held, asked] = await verdicts(form);
    expect(asked).toMatch(/fate: step-up/);
    expect(asked).toMatch(/step_up(?!_)/);
    expect(held).toMatch(/fate: hold/);
    expect(held).toContain('step_up_solved');
  }

  it('has a doubted visitor pay the puzzle on add-business, cart add-item and suggest, and holds what is left', async () => {
    const tracked = await site.visit('/add-business', { userAgent: HEADLESS_UA });
    const { page } = tracked;
    await page.addInitScript({
      content: "Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });",
    });
    await page.reload();
    await waitForHydration(page);

    // The classic post: the step-up page solves the puzzle and posts the same fields again.
    // A kept listing answers 303; a 403 to the post is the step-up page (its body is gone once it posts on).
    const checking = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/add-business' && r.status() === 403,
    );
    await wanderAsPerson(page);
    const title = `Step-up Florist ${Date.now()}`;
    await typeInto(page, textbox(page, 'Business name'), title);
    await typeInto(page, textbox(page, 'Owner e-mail address'), 'owner@step-up.example');
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ index: 1 });
    await page.getByRole('radio', { name: /^Paid listing/ }).check();
    await wanderAsPerson(page);
    await page.waitForTimeout(1_200);
    await page.getByRole('button', { name: 'Pay €29' }).click();
    await checking;
    await page.waitForURL(/\/cart\?done=listing$/).catch(async (error: Error) => {
      const headings = await page.locator('h1, p, .form-error').allTextContents();
      throw new Error(`${error.message} at ${page.url()}: ${headings.join(' | ')}`);
    });
    await waitForHydration(page);
    await expectSteppedUpThenHeld('add-business');

    // The cart's add-item call: the step-up answer, the puzzle solved, the call sent again, and
    // refused: a cart has no moderator.
    const offer = page.getByRole('region', { name: `Make “${title}” featured` });
    await wanderAsPerson(page);
    // A person reads the cart a few seconds before choosing: the shield's minimum time is 3 s
    // from the page's load, and sooner with this doubted browser is a block, not a step-up.
    await page.waitForTimeout(2_500);
    await offer.getByRole('button', { name: 'Feature it for €49' }).click();
    await expect.poll(() => page.getByText(HELD_TEXT).count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByRole('rowheader').allTextContents()).not.toEqual(
      expect.arrayContaining([expect.stringContaining('Featured listing')]),
    );
    await expectSteppedUpThenHeld('checkout');
    await page.keyboard.press('Escape');

    // The suggest call, the same way.
    await page.goto(`${site.baseUrl}/suggest`);
    await waitForHydration(page);
    await wanderAsPerson(page);
    await typeInto(page, page.getByRole('textbox', { name: 'Name of the place (required)' }), 'Puzzle Bakery');
    await typeInto(page, page.getByRole('textbox', { name: 'Street address (required)' }), '9 Hash Lane');
    await wanderAsPerson(page);
    await page.waitForTimeout(1_200);
    await page.getByRole('button', { name: 'Send suggestion' }).click();
    await expect
      .poll(() => page.getByText('Thank you! Your suggestion was received').count(), { timeout: 15_000 })
      .toBe(1);
    await expectSteppedUpThenHeld('suggest');
    // The one the browser reports is the puzzle page's own status: nothing was taken at first.
    expect(tracked.errors).toEqual([expect.stringMatching(/status of 403 .*\/add-business\)$/)]);
    await tracked.close();
  });
});
