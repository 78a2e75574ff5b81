import { ANTISPAM_CALLS, DIRECTORY_TEXTS } from '@waymark/protocol';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaKeys } from '../packages/server/src/captcha/token.js';
import type { RunningServer } from '../tools/start-server.js';
import { expectAccessible, waitForHydration } from './support/browser.js';
import { startMailingSite, type MailingSite, type TestSmtp } from './support/smtp.js';
import { withBrowser } from './support/with-browser.js';

/**
 * Issue 13: the e-mail popup form to an item's owner, in Chromium, against a server of its own
 * that delivers to a real SMTP server on loopback and asks the captcha on every message (the
 * specification's behaviour): every alert in the specification's order, a refused message (a
 * wrong captcha) with the server's words, and a sent one the owner receives. Issue 27: a sender
 * who cannot read the picture has a link e-mailed instead, and the message goes when it is opened.
 */

const SECRET = 'e2e-contact-owner-secret-0123456789abcdef';
const captcha = createCaptchaKeys(SECRET);

/** A person's browser: unlike this automated one, it does not announce `navigator.webdriver`. */
const notAutomated = () => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });

async function typeLikeAPerson(page: Page, field: Locator, text: string) {
  await field.click();
  for (const [i, key] of [...text].entries()) await page.keyboard.type(key, { delay: 45 + ((i * 29) % 70) });
}

describe('contacting an item’s owner', { timeout: 180_000 }, () => {
  const site = withBrowser();
  let mailing: MailingSite;
  let smtp: TestSmtp;
  let server: RunningServer;

  beforeAll(async () => {
    mailing = await startMailingSite(SECRET, { captcha: { contactOwner: 'always' } });
    ({ smtp, server } = mailing);
  });
  afterAll(async () => mailing?.stop());

  it('alerts each empty field in order, says why a message was refused, and sends one', async () => {
    const { page } = await site.open({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(20_000);
    await page.addInitScript(notAutomated);
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    await page.mouse.move(200, 180, { steps: 5 });

    const open = page.getByRole('button', { name: /^E-mail the owner of / }).first();
    const title = ((await open.getAttribute('aria-label')) ?? '').replace('E-mail the owner of ', '');
    await open.click();
    const dialog = page.getByRole('dialog', { name: `E-mail the owner of ${title}` });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => dialog.getByRole('img', { name: /^Captcha/ }).isVisible()).toBe(true);
    await expectAccessible(page);

    const send = dialog.getByRole('button', { name: 'Send' });
    const alert = dialog.getByRole('alert');
    const fill = [
      ['Your name', 'Ada Visitor'],
      ['Your e-mail address', 'ada@example.org'],
      ['Subject', 'Opening hours'],
      ['Message', 'Are you open on Sunday morning?'],
    ] as const;
    const alerts = [
      DIRECTORY_TEXTS.email.name,
      DIRECTORY_TEXTS.email.email,
      DIRECTORY_TEXTS.email.subject,
      DIRECTORY_TEXTS.email.message,
    ];
    for (const [i, [label, value]] of fill.entries()) {
      await send.click();
      await expect.poll(() => alert.textContent()).toBe(alerts[i]);
      // The empty field is the one marked, and focus is on it.
      await expect.poll(() => dialog.getByLabel(label, { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await typeLikeAPerson(page, dialog.getByLabel(label, { exact: true }), value);
    }
    await send.click();
    await expect.poll(() => alert.textContent()).toBe(DIRECTORY_TEXTS.email.captcha);
    expect(smtp.received).toEqual([]);

    // A wrong answer: the server's message, and a new picture.
    const code = dialog.locator('input[name="ccaptcha"]');
    const first = await code.inputValue();
    await typeLikeAPerson(page, dialog.getByLabel('Type the characters in the picture'), 'zzzzz');
    await page.mouse.move(420, 520, { steps: 4 });
    // A submission spends the bot detector's event token; a person's next one comes after the
    // page has fetched a fresh one, as it does here.
    const { action, route } = ANTISPAM_CALLS.botDetector;
    const freshToken = page
      .waitForResponse((r) => r.url().includes(route) || (r.request().postData() ?? '').includes(action), {
        timeout: 15_000,
      })
      .catch(() => null);
    await send.click();
    await expect.poll(() => alert.textContent()).toMatch(/do not match the picture/);
    await freshToken;
    await expect.poll(() => code.inputValue()).not.toBe(first);

    // The right one: sent, with the configured e-mail-sent text.
    const answer = captcha.answer((await code.inputValue()).split('.')[0] ?? '');
    await typeLikeAPerson(page, dialog.getByLabel('Type the characters in the picture'), answer.toUpperCase());
    await send.click();
    await expect
      .poll(() => dialog.locator('.contact-owner__notes').innerText(), { timeout: 20_000 })
      .toBe('Your message has been sent.');
    await expectAccessible(page);

    const [mail] = await smtp.waitFor(1, 30_000);
    expect(mail?.headers['reply-to']).toBe('ada@example.org');
    expect(mail?.headers.from).toBe('Waymark <no-reply@waymark.test>');
    expect(mail?.envelopeTo).toHaveLength(1);
    expect(mail?.envelopeTo[0]).toMatch(/@.+\.example$/);
    expect(mail?.text).toContain('> Are you open on Sunday morning?');
    expect(mail?.headers.subject).toBe(`Opening hours (about ${title})`);

    // Esc closes the popup and focus goes back to the control that opened it.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('sends the message of a sender who cannot read the picture once the link mailed to them is opened, by keyboard', async () => {
    const { page, errors } = await site.open({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(20_000);
    await page.addInitScript(notAutomated);
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    await page.mouse.move(120, 160, { steps: 5 });
    const open = page.getByRole('button', { name: /^E-mail the owner of / }).nth(1);
    const title = ((await open.getAttribute('aria-label')) ?? '').replace('E-mail the owner of ', '');
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `E-mail the owner of ${title}` });
    await expect.poll(() => dialog.getByRole('img', { name: /^Captcha/ }).isVisible()).toBe(true);
    for (const [label, value] of [
      ['Your name', 'Bo Reader'],
      ['Your e-mail address', 'bo@example.org'],
      ['Subject', 'Step-free entrance'],
      ['Message', 'Is there a step-free way in?'],
    ] as const) {
      await typeLikeAPerson(page, dialog.getByLabel(label, { exact: true }), value);
    }
    const instead = dialog.getByRole('checkbox', { name: /^I cannot read the picture/ });
    await instead.focus();
    await page.keyboard.press('Space');
    await expectAccessible(page);
    const before = smtp.received.length;
    await dialog.getByRole('button', { name: 'Send' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dialog.locator('.contact-owner__notes').innerText(), { timeout: 20_000 })
      .toMatch(/^We sent a link to bo@example\.org\. Your message goes to the owner when you open it/);
    const link = (await smtp.waitFor(before + 1, 30_000)).at(-1);
    expect(link?.envelopeTo).toEqual(['bo@example.org']);
    const href = /https?:\/\/\S+\/confirm\?token=\S+/.exec(link?.text ?? '')?.[0] ?? '';
    expect(href).not.toBe('');

    await page.goto(href);
    await waitForHydration(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Send my message' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(`Your message is on its way to the owner of ${title}.`).waitFor();
    await expectAccessible(page);
    const owner = await smtp.waitFor(before + 2, 30_000);
    expect(owner.at(-1)?.text).toContain('> Is there a step-free way in?');
    expect(owner.at(-1)?.headers['reply-to']).toBe('bo@example.org');
    expect(errors).toEqual([]);
  });
});
