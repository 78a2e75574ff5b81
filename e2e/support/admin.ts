import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { inject } from 'vitest';
import { createCaptchaKeys } from '../../packages/server/src/captcha/token.js';
import { ADMIN, E2E_SECRET } from '../global-setup.js';
import { typeAsPerson, wanderAsPerson } from './person.js';
import { openPage, waitForHydration } from './browser.js';

/** The label of every captcha's answer field. */
export const CAPTCHA_LABEL = 'Type the characters in the picture';

/**
 * What the form's captcha picture shows, as a person reads it: the test knows the server's
 * secret, so it finds the characters from the hidden code (which does not carry them).
 */
export async function captchaAnswer(page: Page, secret = E2E_SECRET): Promise<string> {
  const code = await page.locator('input[name="ccaptcha"]').inputValue();
  return createCaptchaKeys(secret).answer(code.split('.')[0] ?? '');
}

/**
 * Clicks into the captcha's field and types what its picture shows, at a person's pace; where
 * the form shows no picture (the shield asks one only in doubt), nothing.
 */
export async function answerCaptcha(page: Page, secret = E2E_SECRET): Promise<void> {
  if ((await page.getByLabel(CAPTCHA_LABEL).count()) === 0) return;
  const answer = await captchaAnswer(page, secret);
  await page.getByLabel(CAPTCHA_LABEL).click();
  await page.keyboard.type(answer, { delay: 50 });
}

/**
 * What Chromium logs for a doubted sign-in: the puzzle page (403), then the picture (400, issue
 * 27). The shield working, not an error of the page.
 */
export const DOUBTED_SIGN_IN_LOG = /status of 40[03] .*\/login\)$/;

/**
 * Sends the sign-in form as a person does, and if the shield doubted them (the form comes back
 * with the picture, the password field empty), reads the picture, types the password again and
 * sends once more: what a doubted person does.
 */
export async function sendSignIn(page: Page, password: string, secret = E2E_SECRET): Promise<void> {
  await page.keyboard.press('Enter');
  const picture = page.getByRole('img', { name: /^Captcha/ });
  await Promise.race([
    page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 }),
    picture.waitFor({ timeout: 30_000 }),
  ]);
  if (new URL(page.url()).pathname !== '/login' || (await picture.count()) === 0) return;
  await waitForHydration(page);
  await answerCaptcha(page, secret);
  await page.getByLabel('Password').click();
  await typeAsPerson(page, password);
  await page.keyboard.press('Enter');
}

/** A signed-in browser context's cookies and storage, to open further contexts with. */
export type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/**
 * Signs the administrator in as a person would (the spam shield judges sign-in: pointer moves,
 * clicks into the fields, typing at a person's pace) and returns the session, so a test file
 * signs in once and opens as many administrator's pages as it likes with `{ storageState }`.
 */
export async function adminSession(browser: Browser, baseUrl: string): Promise<StorageState> {
  const tracked = await openPage(browser);
  const { page } = tracked;
  await page.goto(`${baseUrl}/login`);
  await waitForHydration(page);
  await wanderAsPerson(page);
  await page.getByLabel('E-mail address').click();
  await typeAsPerson(page, ADMIN.email);
  await page.getByLabel('Password').click();
  await typeAsPerson(page, ADMIN.password);
  await answerCaptcha(page);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${baseUrl}/`);
  await waitForHydration(page);
  const state = await page.context().storageState();
  await tracked.close();
  if (!state.cookies.some((cookie) => cookie.name === 'waymark_session')) {
    throw new Error('The administrator could not sign in: no session cookie');
  }
  return state;
}

/**
 * The administrator's session on the run's shared server, signed in once per address and shared
 * by every file of the run: signing in as a person costs each file ten seconds, and no file
 * signs this session out.
 */
export async function sharedAdminSession(browser: Browser, baseUrl: string): Promise<StorageState> {
  const file = path.join(
    inject('runDir'),
    `admin-${createHash('sha256').update(baseUrl).digest('hex').slice(0, 16)}.json`,
  );
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as StorageState;
  const state = await adminSession(browser, baseUrl);
  writeFileSync(file, JSON.stringify(state));
  return state;
}
