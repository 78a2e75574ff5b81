import { SHIELD_EXTRAS_PATH, SHIELD_SCRIPT_PATH } from '@waymark/protocol';
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.js';
import { withBrowser } from './support/with-browser.js';

/**
 * The standalone page script on a site that is not built with React: a plain HTML page on the
 * Waymark origin that prints the server's page configuration and contacts in the markup of
 * PROTOCOL.md section 4, and loads nothing but `/waymark/shield.js`. A person clicks (or presses
 * Enter on) an encoded contact, the script's own dialog asks the server for every contact of the
 * page, and after 3 s shows the real value; "got it" fills the page.
 */

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;
const PHONE = /\+\d[\d ]{7,}\d/;
const PLAIN_PAGE = '/plain-test.html';
// The server's inline script that prints `ctPublicFunctions` and `ctPublic`, and its two kinds of encoded contact.
const CONFIG_SCRIPT = /<script nonce="[^"]*">(var ctPublicFunctions=[^<]*)<\/script>/;
const ENCODED_SPAN =
  /<span data-original-string="[^"]+" class="apbct-email-encoder"[^>]*>(?:[^<]|<span class="apbct-blur">[^<]*<\/span>)*<\/span>/g;
const ENCODED_LINK =
  /<a href="tel:[^"]*" data-original-string="[^"]+"[^>]*>(?:[^<]|<span class="apbct-blur">[^<]*<\/span>)*<\/a>/;

interface Contacts {
  config: string;
  email: string;
  phone: string;
}

/** Real markup from real pages, fetched without running their scripts: the configuration, an e-mail and a phone. */
async function realContacts(request: APIRequestContext, baseUrl: string): Promise<Contacts> {
  const home = await (await request.get(`${baseUrl}/`)).text();
  const config = CONFIG_SCRIPT.exec(home)?.[1];
  const phone = ENCODED_LINK.exec(home)?.[0];
  expect(config, 'the home page prints the page configuration').toBeTruthy();
  expect(phone, 'the home page shows an encoded phone').toBeTruthy();
  // The demo's reviews mention contacts; one item in three has reviews.
  for (let id = 1; id <= 90; id++) {
    const page = await (await request.get(`${baseUrl}/items/${id}`)).text();
    const email = page.match(ENCODED_SPAN)?.find((span) => span.includes('</span>@'));
    if (email) return { config: config!, email, phone: phone! };
  }
  throw new Error('No item page of the demo shows an encoded e-mail address');
}

const plainPage = ({ config, email, phone }: Contacts) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>A plain page</title>
<link rel="icon" href="data:,">
<script>${config}</script>
<script src="/waymark/shield.js"></script>
</head>
<body>
<main>
<h1>Opening hours and contacts</h1>
<p>Write to ${email} for bookings.</p>
<p>Or call ${phone}.</p>
</main>
</body>
</html>`;

/** A person's pointer: a few uneven moves and a scroll, then some time reading the page. */
async function settleIn(page: Page) {
  for (const [x, y] of [
    [120, 90],
    [260, 180],
    [340, 240],
    [220, 300],
    [400, 260],
  ] as const) {
    await page.mouse.move(x, y, { steps: 5 });
  }
  await page.mouse.wheel(0, 80);
  // A few seconds on the page: the bot detector fetches its token meanwhile.
  await page.waitForTimeout(3_000);
}

describe('the standalone shield script on a plain page', () => {
  const site = withBrowser({ judged: true });
  const { baseUrl } = site;

  /** The plain page, served at an address of the Waymark origin; nothing else on it runs. */
  async function openPlainPage() {
    const tracked = await site.open();
    // A person's browser does not say it is automated; this one is driven through the automation
    // protocol, which sets navigator.webdriver, and the decoder refuses an automated browser.
    await tracked.page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }),
    );
    const contacts = await realContacts(tracked.page.context().request, baseUrl);
    const scripts: string[] = [];
    tracked.page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await tracked.page.route(`${baseUrl}${PLAIN_PAGE}`, (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: plainPage(contacts) }),
    );
    await tracked.page.goto(`${baseUrl}${PLAIN_PAGE}`);
    return { ...tracked, scripts };
  }

  it('/waymark/shield.js alone decodes an encoded address: a click, the popup, 3 s, the real value', async () => {
    const { page, errors, scripts, close } = await openPlainPage();
    try {
      const email = page.locator('span[data-original-string]');
      const phone = page.locator('a[data-original-string]');
      // The script makes both contacts keyboard buttons.
      await expect.poll(() => email.getAttribute('role')).toBe('button');
      expect(await phone.getAttribute('tabindex')).toBe('0');
      const masked = (await email.textContent()) ?? '';
      expect(masked).not.toMatch(EMAIL);
      await settleIn(page);

      await email.hover();
      await email.click();
      const popup = page.getByRole('dialog', { name: 'Waymark email decoder' });
      await expect.poll(() => popup.textContent()).toContain('The magic is on the way!');
      await expectAccessible(page);

      const gotIt = popup.getByRole('button', { name: 'Got it' });
      await gotIt.waitFor({ timeout: 10_000 });
      const shown = (await popup.locator('b').textContent()) ?? '';
      expect(shown).toMatch(EMAIL);
      // The mask keeps the first two characters of the address.
      expect(shown.slice(0, 2)).toBe(masked.slice(0, 2));
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Got it');
      await expectAccessible(page);

      await gotIt.click();
      await popup.waitFor({ state: 'detached' });
      // Only what was clicked (issue 27): the address shows its real value, the phone stays sealed.
      await expect.poll(() => page.locator('main').textContent()).toContain(`Write to ${shown} for bookings.`);
      expect(await phone.getAttribute('data-original-string')).not.toBeNull();
      // Focus is back on the contact that opened the popup.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(shown);

      // The phone, asked for on its own.
      await phone.hover();
      await phone.click();
      await gotIt.waitFor({ timeout: 10_000 });
      await gotIt.click();
      await popup.waitFor({ state: 'detached' });
      await expect.poll(() => phone.textContent()).toMatch(PHONE);
      const number = (await phone.textContent()) ?? '';
      expect(await phone.getAttribute('href')).toBe(`tel:${number}`);
      // Two seconds later they are plain text.
      await expect.poll(() => page.locator('[data-original-string]').count(), { timeout: 6_000 }).toBe(0);

      // The script, and beside it the extras it fetches for a page with encoded contacts: nothing else.
      expect(scripts).toEqual([SHIELD_SCRIPT_PATH, SHIELD_EXTRAS_PATH]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a keyboard user opens it with Enter, and Escape closes it and gives focus back', async () => {
    const { page, errors, close } = await openPlainPage();
    try {
      const phone = page.locator('a[data-original-string]');
      await expect.poll(() => phone.getAttribute('role')).toBe('button');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toMatch(/^tel:/);
      await page.waitForTimeout(3_000);

      await page.keyboard.press('Enter');
      const popup = page.getByRole('dialog', { name: 'Waymark email decoder' });
      await popup.waitFor();
      // The masked link led nowhere: the page is still the plain page.
      expect(new URL(page.url()).pathname).toBe(PLAIN_PAGE);
      await page.keyboard.press('Escape');
      await popup.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toMatch(/^tel:/);
      expect(await page.locator('[data-original-string]').count()).toBe(2);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
