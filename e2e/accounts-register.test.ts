import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaKeys } from '../packages/server/src/captcha/token.js';
import type { RunningServer } from '../tools/start-server.js';
import { answerCaptcha } from './support/admin.js';
import { expectAccessible, waitForHydration } from './support/browser.js';
import { startMailingSite, type ReceivedMail, type MailingSite, type TestSmtp } from './support/smtp.js';
import { withBrowser } from './support/with-browser.js';

/**
 * Issue 13: a visitor's account in Chromium, against a server of its own that mails through a
 * real SMTP server on loopback: register with the captcha (and its reload link), confirm the
 * address through the link in the mail, sign in, bookmark; then forget the password and choose
 * a new one through the reset link.
 */

const SECRET = 'e2e-accounts-register-secret-0123456789ab';
const captcha = createCaptchaKeys(SECRET);
const EMAIL = 'rosa@example.org';
const FIRST = 'tulip-first-passphrase';
const SECOND = 'tulip-second-passphrase';

async function type(page: Page, label: string, text: string) {
  await page.getByLabel(label, { exact: true }).click();
  for (const [i, key] of [...text].entries()) await page.keyboard.type(key, { delay: 40 + ((i * 23) % 50) });
}

/** The link of a given path in a received message's plain text. */
function linkIn(mail: ReceivedMail | undefined, path: string): string {
  const found = new RegExp(`https?://\\S+${path}\\?token=\\S+`).exec(mail?.text ?? '')?.[0];
  if (!found) throw new Error(`No ${path} link in:\n${mail?.text}`);
  return found;
}

describe('a visitor’s account', { timeout: 240_000 }, () => {
  const site = withBrowser();
  let mailing: MailingSite;
  let smtp: TestSmtp;
  let server: RunningServer;

  beforeAll(async () => {
    mailing = await startMailingSite(SECRET);
    ({ smtp, server } = mailing);
  });
  afterAll(async () => mailing?.stop());

  async function signIn(page: Page, password: string) {
    await page.goto(`${server.url}/login?next=%2F`);
    await waitForHydration(page);
    await page.mouse.move(150, 180, { steps: 5 });
    await type(page, 'E-mail address', EMAIL);
    await type(page, 'Password', password);
    await answerCaptcha(page, SECRET);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/`);
    await waitForHydration(page);
  }

  it('registers, confirms through the mailed link, signs in and bookmarks', async () => {
    const { page } = await site.open({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(20_000);
    await page.goto(`${server.url}/register`);
    await waitForHydration(page);
    await expectAccessible(page);

    // The reload link swaps the picture and the hidden code together.
    const code = page.locator('input[name="ccaptcha"]');
    const picture = page.getByRole('img', { name: /^Captcha/ });
    const before = { code: await code.inputValue(), src: await picture.getAttribute('src') };
    await page.getByRole('button', { name: 'New picture' }).click();
    await expect.poll(() => code.inputValue()).not.toBe(before.code);
    expect(await picture.getAttribute('src')).not.toBe(before.src);
    expect(await picture.getAttribute('src')).toContain(encodeURIComponent(await code.inputValue()));

    await page.mouse.move(200, 160, { steps: 5 });
    await type(page, 'Your name', 'Rosa Member');
    await type(page, 'E-mail address', EMAIL);
    await type(page, 'Password', FIRST);
    const answer = captcha.answer((await code.inputValue()).split('.')[0] ?? '');
    await type(page, 'Type the characters in the picture', answer);
    await page.mouse.move(320, 420, { steps: 4 });
    await page.getByRole('button', { name: 'Make my account' }).click();
    await page.getByText(`We sent a message to ${EMAIL}.`).waitFor();
    await expectAccessible(page);

    const [mail] = await smtp.waitFor(1, 30_000);
    expect(mail?.envelopeTo).toEqual([EMAIL]);
    await page.goto(linkIn(mail, '/account/verify'));
    await waitForHydration(page);
    await page.getByRole('status').filter({ hasText: 'Thank you: your e-mail address is confirmed.' }).waitFor();
    await expectAccessible(page);

    await signIn(page, FIRST);
    const star = page.getByRole('button', { name: /^Favourite: / }).first();
    await star.click();
    await expect.poll(() => star.getAttribute('data-bookmarked')).toBe('1');

    await page.goto(`${server.url}/account`);
    await waitForHydration(page);
    expect(await page.getByText(`Rosa Member, ${EMAIL} (confirmed)`).count()).toBe(1);
    await expectAccessible(page);
  });

  it('chooses a new password through the single-use reset link', async () => {
    const { page } = await site.open({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(20_000);
    await page.goto(`${server.url}/login`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await waitForHydration(page);
    await page.mouse.move(180, 200, { steps: 5 });
    await type(page, 'E-mail address', EMAIL);
    await page.mouse.move(300, 380, { steps: 4 });
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByText(/^If an account uses this address/).waitFor();
    await expectAccessible(page);

    const mails = await smtp.waitFor(2, 30_000);
    const reset = linkIn(mails.at(-1), '/account/reset');
    await page.goto(reset);
    await waitForHydration(page);
    await page.mouse.move(180, 200, { steps: 5 });
    await type(page, 'New password', SECOND);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('Your password is changed. Sign in with the new one.').waitFor();
    await expectAccessible(page);

    // The link worked once.
    await page.goto(reset);
    await waitForHydration(page);
    await page
      .getByRole('status')
      .filter({ hasText: /^This link is not valid any more/ })
      .waitFor();

    await signIn(page, SECOND);
    expect(
      await page
        .getByRole('button', { name: /^Favourite: / })
        .first()
        .getAttribute('data-bookmarked'),
    ).toBeDefined();
  });
});
