import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerCaptcha, sharedAdminSession, type StorageState } from './support/admin.js';
import { expectAccessible, waitForHydration } from './support/browser.js';
import { withBrowser } from './support/with-browser.js';

/**
 * Issue 14, the back office beyond the items: an administrator creates a category and lists and
 * puts them in order from the keyboard, changes a setting and sees it on the public page, and a
 * business owner's claim is approved, the owner made an editor and editing their item. axe-core
 * on every page, at a phone's width and a desktop's.
 */

const OWNER = { name: 'Olga Owner', email: 'olga.owner@example.org', password: 'olive-grove-passphrase-7' };
const RUN = Date.now().toString(36);
const CATEGORY = `E2E category ${RUN}`;

/** Types into the labelled field at a person's pace. */
async function type(page: Page, label: string | RegExp, text: string) {
  await page.getByLabel(label).first().click();
  for (const [i, key] of [...text].entries()) await page.keyboard.type(key, { delay: 35 + ((i * 17) % 45) });
}

describe('the back office', { timeout: 300_000 }, () => {
  const site = withBrowser();
  const { baseUrl } = site;
  let admin: StorageState;

  beforeAll(async () => {
    admin = await sharedAdminSession(site.browser(), baseUrl);
  });

  /** An administrator's page at a width, checked by axe once it has hydrated. */
  async function adminPage(path: string, width = 1280) {
    const tracked = await site.visit(path, { storageState: admin, viewport: { width, height: 900 } });
    tracked.page.setDefaultTimeout(20_000);
    await expectAccessible(tracked.page);
    return tracked;
  }

  it('creates a category and two lists, and reorders them from the keyboard and by dragging, said in the live region', async () => {
    const { page, errors, close } = await adminPage('/admin/lists');
    await type(page, 'New category', CATEGORY);
    await page.getByRole('button', { name: 'Add the category' }).click();
    await waitForHydration(page);
    await page
      .getByRole('status')
      .filter({ hasText: `The category “${CATEGORY}” is added.` })
      .waitFor();

    for (const title of ['First list', 'Second list']) {
      await type(page, 'New list', `${title} ${RUN}`);
      await page.getByLabel('In the category').selectOption({ label: CATEGORY });
      await page.getByRole('button', { name: 'Add the list' }).click();
      await waitForHydration(page);
      await page
        .getByRole('status')
        .filter({ hasText: `“${title} ${RUN}” is added` })
        .waitFor();
    }
    const lists = page.getByRole('list', { name: `Lists of ${CATEGORY}, in order` });
    const names = () => lists.locator('.bo-lists__name').allTextContents();
    expect(await names()).toEqual([`First list ${RUN}`, `Second list ${RUN}`]);
    await expectAccessible(page);

    // From the keyboard: Tab to the second list's Move up button, and Enter.
    const up = page.getByRole('button', { name: `Move Second list ${RUN} up` });
    await up.focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: `Second list ${RUN} moved to position 1 of 2.` })
      .waitFor();
    expect(await names()).toEqual([`Second list ${RUN}`, `First list ${RUN}`]);
    // The moved row's button keeps the focus, or its other button once it reached the top.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Move Second list ${RUN} down`,
    );
    // Saved: the page loaded again shows the new order.
    await expect
      .poll(async () => {
        await page.reload();
        await waitForHydration(page);
        return names();
      })
      .toEqual([`Second list ${RUN}`, `First list ${RUN}`]);

    // With the pointer: drag the first list back above the other.
    await lists
      .getByRole('listitem')
      .filter({ hasText: `First list ${RUN}` })
      .dragTo(lists.getByRole('listitem').first());
    await page
      .getByRole('status')
      .filter({ hasText: `First list ${RUN} moved to position 1 of 2.` })
      .waitFor();
    await expect
      .poll(async () => {
        await page.reload();
        await waitForHydration(page);
        return names();
      })
      .toEqual([`First list ${RUN}`, `Second list ${RUN}`]);

    // The delete dialog: modal, asks what happens to the list's items, and Escape gives the focus back.
    const opener = page.getByRole('button', { name: `Delete First list ${RUN}` });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: `Delete the list “First list ${RUN}”?` });
    await dialog.waitFor();
    expect(await dialog.getByText('It holds nothing.').count()).toBe(1);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('changes a setting, seen on the public page at once', async () => {
    const { page, errors, close } = await adminPage('/admin/settings/directory');
    const field = page.getByLabel('View details text');
    const before = await field.inputValue();
    try {
      await field.fill('Open this card');
      await page.getByRole('button', { name: 'Save the directory settings' }).click();
      await waitForHydration(page);
      await page.getByRole('status').filter({ hasText: 'The directory settings are saved.' }).waitFor();
      await expectAccessible(page);

      // A bad value is refused by its field, and nothing is saved.
      await page.getByLabel('Per page').fill('0');
      await page.getByRole('button', { name: 'Save the directory settings' }).click();
      await waitForHydration(page);
      await page.getByRole('alert').filter({ hasText: 'Nothing was saved' }).waitFor();
      expect(await page.getByLabel('Per page').getAttribute('aria-invalid')).toBe('true');
      await expectAccessible(page);

      const visitor = await site.visit('/', { viewport: { width: 390, height: 800 } });
      expect(await visitor.page.getByText('Open this card').count()).toBeGreaterThan(0);
      await visitor.close();
    } finally {
      // The shared server's other browser tests expect the default text.
      await page.goto(`${baseUrl}/admin/settings/directory`);
      await waitForHydration(page);
      await page.getByLabel('View details text').fill(before);
      await page.getByRole('button', { name: 'Save the directory settings' }).click();
      await page.getByRole('status').filter({ hasText: 'The directory settings are saved.' }).waitFor();
    }
    // The refused save answered 400, which the browser logs; nothing else may go wrong.
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    await close();
  });

  it("takes an owner's claim, approves it, makes the owner an editor, and the owner edits the item", async () => {
    // The owner makes an account, as a person does, and is signed in by it.
    const owner = await site.visit('/register', { viewport: { width: 390, height: 800 } });
    const { page } = owner;
    page.setDefaultTimeout(20_000);
    await page.mouse.move(120, 160, { steps: 5 });
    await type(page, 'Your name', OWNER.name);
    await type(page, 'E-mail address', OWNER.email);
    await type(page, 'Password', OWNER.password);
    await answerCaptcha(page);
    await page.mouse.move(200, 500, { steps: 4 });
    await page.getByRole('button', { name: 'Make my account' }).click();
    // Registration signs the new member in (issue 27).
    await page.getByText(`Welcome: you are signed in. We sent a message to ${OWNER.email}`).waitFor();

    // A member is refused every back-office page.
    for (const path of ['/admin/lists', '/admin/settings/directory', '/admin/people', '/admin/claims']) {
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status(), path).toBe(403);
    }
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);

    // The first item of the directory, from its own page.
    const itemLink = await page.locator('a[href^="/items/"]').first().getAttribute('href');
    const itemPath = itemLink?.match(/^\/items\/\d+/)?.[0] ?? '';
    expect(itemPath).not.toBe('');
    await page.goto(`${baseUrl}${itemPath}`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Claim this business' }).click();
    await waitForHydration(page);
    await expectAccessible(page);
    await page.mouse.move(100, 300, { steps: 6 });
    await type(page, /How are you connected/, 'I run this place; call the shop on 555-0100 and ask for Olga.');
    await page.mouse.move(180, 600, { steps: 4 });
    await page.getByRole('button', { name: 'Send the claim' }).click();
    await page.getByText('Thank you. An administrator will check your claim').waitFor();
    await expectAccessible(page);

    // The administrator approves it, at a phone's width.
    const claims = await adminPage('/admin/claims', 390);
    const claim = claims.page.getByRole('article').filter({ hasText: OWNER.email });
    await claim.getByRole('button', { name: /^Approve/ }).click();
    await waitForHydration(claims.page);
    await claims.page.getByRole('status').filter({ hasText: 'The claim is approved.' }).waitFor();
    await expectAccessible(claims.page);
    expect(claims.errors).toEqual([]);
    await claims.close();

    // ... and makes the owner an editor.
    const people = await adminPage('/admin/people');
    await people.page.getByLabel(`Role of ${OWNER.name}`, { exact: true }).selectOption({ label: 'Editor' });
    await people.page.getByRole('button', { name: `Change the role of ${OWNER.name}` }).click();
    await waitForHydration(people.page);
    await people.page
      .getByRole('status')
      .filter({ hasText: `${OWNER.name} is now editor.` })
      .waitFor();
    expect(await people.page.getByLabel(`Role of ${OWNER.name}`, { exact: true }).inputValue()).toBe('editor');
    await expectAccessible(people.page);
    expect(people.errors).toEqual([]);
    await people.close();

    // The owner edits the item's public fields.
    await page.goto(`${baseUrl}${itemPath}/claim`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Edit this business' }).click();
    await waitForHydration(page);
    await expectAccessible(page);
    await page.getByLabel('Opening hours').fill('Every day 8–18');
    await page.getByRole('button', { name: 'Save the changes' }).click();
    await waitForHydration(page);
    await page.getByRole('status').filter({ hasText: 'Your changes are saved.' }).waitFor();
    await page.goto(`${baseUrl}${itemPath}`);
    await waitForHydration(page);
    expect(await page.getByText('Every day 8–18').count()).toBeGreaterThan(0);
    // The member's refused visits answered 403, which the browser logs; nothing else may go wrong.
    expect(owner.errors.filter((error) => !error.includes('status of 403'))).toEqual([]);
    await owner.close();
  });

  it('sends a visitor to sign in from every back-office page', async () => {
    const visitor = await site.open();
    for (const path of ['/admin/lists', '/admin/settings/directory', '/admin/people', '/admin/claims']) {
      await visitor.page.goto(`${baseUrl}${path}`);
      await visitor.page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
      await visitor.page.waitForURL(`${baseUrl}/login?next=${encodeURIComponent(path)}`);
    }
    await visitor.close();
  });
});
