import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN } from './global-setup.js';
import { DOUBTED_SIGN_IN_LOG, sendSignIn } from './support/admin.js';
import { expectAccessible, waitForHydration } from './support/browser.js';
import { withBrowser } from './support/with-browser.js';

/**
 * The spam shield in Chromium, on the "Suggest a place" form: people pass whichever way they
 * fill it in; a post without a script, a script that posts within a second, a filled honeypot
 * and a reused token are blocked, and the page shows the server's message in the block modal.
 */

const BLOCK_MESSAGE =
  'Your submission looks automated, so it was not sent. If you are a person, please wait a few seconds and try again.';
const THANKS = 'Thank you! Your suggestion was received and will be reviewed.';
const TOKEN_FIELD = /name="ct_bot_detector_event_token"\r\n\r\n([0-9a-f]{64})/;

/**
 * A person's browser says what it is without "Headless": headless Chromium's own user agent is an
 * automation tell the shield weighs (a step-up at least), so the sessions that stand for people
 * carry an ordinary one. They are still automated, and the shield's own corpus (the server's and
 * the Xvfb one) judges automation; here the forms' flow is under test.
 */
const PERSON = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

const nameField = (page: Page) => page.getByRole('textbox', { name: 'Name of the place (required)' });
const addressField = (page: Page) => page.getByRole('textbox', { name: 'Street address (required)' });
const submitButton = (page: Page) => page.getByRole('button', { name: 'Send suggestion' });

/** A person's pointer: a few uneven moves across the page. */
async function wander(page: Page) {
  const points: [number, number][] = [
    [180, 140],
    [260, 210],
    [330, 236],
    [420, 300],
    [470, 288],
    [520, 330],
  ];
  for (const [x, y] of points) await page.mouse.move(x, y, { steps: 4 });
}

/** Types like a person: a click into the field, then keys with uneven delays. */
async function typeInto(page: Page, field: ReturnType<typeof nameField>, text: string) {
  await field.click();
  for (const [i, key] of [...text].entries()) await page.keyboard.type(key, { delay: 60 + ((i * 37) % 70) });
}

async function fillLikeAPerson(page: Page, name: string) {
  await wander(page);
  await typeInto(page, nameField(page), name);
  await typeInto(page, addressField(page), '12 Main Street');
  await page.mouse.move(300, 420, { steps: 5 });
}

/** The block modal shows the server's message over an overlay faded to 0.7, and closes on the overlay. */
/**
 * Pauses the page's fake clock a few milliseconds from now. On a loaded machine the clock may pass
 * the chosen instant before the pause arrives, and Playwright refuses to go back, so aim again.
 */
async function pauseSoon(page: Page) {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 20));
      return;
    } catch (error) {
      if (attempt === 5 || !String(error).includes('to the past')) throw error;
    }
  }
}

async function expectBlockModal(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Submission blocked' });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(BLOCK_MESSAGE);
  await page.waitForFunction(
    () => getComputedStyle(document.querySelector('.shield-block__overlay') as Element).opacity === '0.7',
  );
  await expectAccessible(page);
  // Focus is inside the dialog and stays there.
  for (let i = 0; i < 3; i += 1) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
  }
  await page.mouse.click(8, 8);
  await dialog.waitFor({ state: 'detached' });
  // Focus goes back to where it was: the form's button.
  expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/Send suggestion|Sending/);
}

describe('spam shield', () => {
  const site = withBrowser({ judged: true });
  const { baseUrl } = site;

  it('lets a person through: pointer moves, typing with human delays, a few seconds on the page', async () => {
    const tracked = await site.visit('/suggest', PERSON);
    const { page } = tracked;
    await expectAccessible(page);
    await fillLikeAPerson(page, 'Corner Bakery');
    await page.waitForTimeout(1_200);
    await submitButton(page).click();
    await page.getByText(THANKS).waitFor();
    expect(await nameField(page).inputValue()).toBe('');
    await expectAccessible(page);
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });

  it('lets a keyboard-only person through', async () => {
    const tracked = await site.visit('/suggest', PERSON);
    const { page } = tracked;
    for (let i = 0; i < 40 && !(await nameField(page).evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    expect(await nameField(page).evaluate((el) => el === document.activeElement)).toBe(true);
    for (const text of ['Keyboard Books', '3 Quiet Lane']) {
      for (const [i, key] of [...text].entries()) await page.keyboard.type(key, { delay: 70 + ((i * 29) % 60) });
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.getByText(THANKS).waitFor();
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });

  it('lets a person who only pastes through', async () => {
    const tracked = await site.visit('/suggest', PERSON);
    const { page } = tracked;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.waitForTimeout(1_200);
    for (const [field, text] of [
      [nameField(page), 'Pasted Pantry'],
      [addressField(page), '8 Copy Street'],
    ] as const) {
      await field.focus();
      await page.evaluate((value) => navigator.clipboard.writeText(value), text);
      await page.keyboard.press('ControlOrMeta+V');
      expect(await field.inputValue()).toBe(text);
      await page.waitForTimeout(900);
    }
    const typing = await page.evaluate(() => localStorage.getItem('apbct:ct_typing_data'));
    expect(JSON.parse(typing ?? '{}').value.name.isUseBuffer).toBe(true);
    await submitButton(page).focus();
    await page.keyboard.press('Enter');
    await page.getByText(THANKS).waitFor();
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });

  it('blocks a script that fills the form and posts it within a second', async () => {
    const tracked = await site.open();
    const { page } = tracked;
    await page.clock.install();
    await page.goto(`${baseUrl}/suggest`);
    await waitForHydration(page);
    // Stop the page's clock now: from here the script acts within the same instant.
    await pauseSoon(page);
    await nameField(page).fill('Fast Bot Shop');
    await addressField(page).fill('1 Script Road');
    const sent = page.waitForResponse((r) => r.url().endsWith('/wp-admin/admin-ajax.php'));
    await submitButton(page).click();
    await sent;
    await page.clock.resume();
    await expectBlockModal(page);
    expect(await page.getByText(THANKS).count()).toBe(0);
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });

  it('blocks a post with the honeypot filled', async () => {
    const tracked = await site.visit('/suggest', PERSON);
    const { page } = tracked;
    await fillLikeAPerson(page, 'Honey Trap Inn');
    // A bot fills every field it finds, the hidden decoy included.
    await page.evaluate(() => ((document.getElementById('alt_s') as HTMLInputElement).value = 'https://spam.example'));
    await page.waitForTimeout(1_200);
    await submitButton(page).click();
    await expectBlockModal(page);
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });

  it('blocks a post that reuses a spent token', async () => {
    const tracked = await site.visit('/suggest', PERSON);
    const { page } = tracked;
    await fillLikeAPerson(page, 'First Visit Cafe');
    await page.waitForTimeout(1_200);
    const first = page.waitForRequest((r) => r.url().endsWith('/wp-admin/admin-ajax.php'));
    await submitButton(page).click();
    const spent = TOKEN_FIELD.exec((await first).postData() ?? '')?.[1];
    expect(spent).toMatch(/^[0-9a-f]{64}$/);
    await page.getByText(THANKS).waitFor();

    // The page fetches a new token; the replayed request swaps the spent one back in.
    await page.waitForFunction((old) => {
      const raw = localStorage.getItem('apbct:bot_detector_event_token');
      const token = raw ? (JSON.parse(raw) as { value: string }).value : '';
      return token.length === 64 && token !== old;
    }, spent);
    await page.route('**/wp-admin/admin-ajax.php', async (route, request: Request) => {
      const body = request.postData() ?? '';
      const fresh = TOKEN_FIELD.exec(body)?.[1];
      await route.continue({ postData: fresh && spent ? body.replaceAll(fresh, spent) : body });
    });
    await fillLikeAPerson(page, 'Second Visit Cafe');
    await submitButton(page).click();
    await expectBlockModal(page);
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });

  it('blocks the form posted without JavaScript, with a page that shows the message', async () => {
    const tracked = await site.open({ javaScriptEnabled: false });
    const { page } = tracked;
    await page.goto(`${baseUrl}/suggest`);
    await nameField(page).fill('No Script Diner');
    await addressField(page).fill('5 Plain Street');
    await page.waitForTimeout(1_200);
    await submitButton(page).click();
    await page.getByRole('heading', { name: 'Submission blocked' }).waitFor();
    expect(await page.getByText(BLOCK_MESSAGE).count()).toBe(1);
    await tracked.close();

    // axe needs a script: the same page, reached by a classic post of a filled honeypot.
    const withScript = await site.visit('/suggest', PERSON);
    await nameField(withScript.page).fill('No Script Diner');
    await addressField(withScript.page).fill('5 Plain Street');
    await withScript.page.evaluate(() => {
      (document.getElementById('alt_s') as HTMLInputElement).value = 'spam';
      (document.querySelector('form.suggest__form') as HTMLFormElement).submit();
    });
    await withScript.page.getByRole('heading', { name: 'Submission blocked' }).waitFor();
    await waitForHydration(withScript.page);
    await expectAccessible(withScript.page);
    // The refused post answers 403, which Chromium logs; nothing else may be logged.
    expect(withScript.errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
    await withScript.close();
  });

  it('gives administrators the honeypot test block and a spam log with every verdict and its reasons', async () => {
    const tracked = await site.visit('/login?next=/suggest', PERSON);
    const { page } = tracked;
    await wander(page);
    await typeInto(page, page.getByLabel('E-mail address'), ADMIN.email);
    await typeInto(page, page.getByLabel('Password'), ADMIN.password);
    await sendSignIn(page, ADMIN.password);
    await page.waitForURL(`${baseUrl}/suggest`);
    await waitForHydration(page);

    const toggle = page.getByRole('button', { name: 'Act as Spam Bot' });
    await toggle.click();
    await page.getByRole('button', { name: 'Acting as Spam Bot' }).waitFor();
    expect(await page.locator('#alt_s').count()).toBe(0);
    expect(await page.locator('input[name="wm_form_key"]').count()).toBe(0);
    await expectAccessible(page);
    await fillLikeAPerson(page, 'Admin Test Bot');
    await page.waitForTimeout(1_200);
    await submitButton(page).click();
    await expectBlockModal(page);
    await page.getByRole('button', { name: 'Acting as Spam Bot' }).click();
    expect(await page.locator('#alt_s').count()).toBe(1);

    await page.getByRole('link', { name: 'Back office' }).click();
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Spam log' }).click();
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Spam log' }).waitFor();
    const table = await page.locator('table').textContent();
    for (const reason of ['honeypot_missing', 'honeypot_filled', 'token_replayed', 'too_fast', 'no_javascript']) {
      expect(table).toContain(reason);
    }
    expect(await page.locator('tr[data-verdict="allowed"]').count()).toBeGreaterThanOrEqual(4);
    await expectAccessible(page);
    expect(tracked.errors.filter((error) => !DOUBTED_SIGN_IN_LOG.test(error))).toEqual([]);
    await tracked.close();
  });
});
