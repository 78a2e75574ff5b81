import type { Browser, BrowserContextOptions } from 'playwright-core';
import { ADMIN } from '../global-setup.js';
import { openPage, waitForHydration } from './browser.js';

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
  await page.mouse.move(120, 160, { steps: 5 });
  await page.mouse.move(260, 300, { steps: 6 });
  await page.getByLabel('E-mail address').click();
  await page.keyboard.type(ADMIN.email, { delay: 50 });
  await page.getByLabel('Password').click();
  await page.keyboard.type(ADMIN.password, { delay: 50 });
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
