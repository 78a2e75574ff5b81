import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.js';
import { withBrowser } from './support/with-browser.js';

/**
 * Issue 16, section 7: Waymark's own bot-detector script, for pages that load the original page
 * script. On a plain page with the site's page configuration, it writes local storage
 * `bot_detector_event_token` as {"value","timestamp"} and the hidden `ct_bot_detector_event_token`
 * field; once a person has moved the pointer, its token opens the contact decoder.
 */
const CONFIG_SCRIPT = /<script nonce="[^"]*">(var ctPublicFunctions=[^<]*)<\/script>/;
const PLAIN_PAGE = '/plain-bot-detector.html';

describe('the bot-detector script', () => {
  const site = withBrowser();
  const { baseUrl } = site;

  it('writes the token where the original page script reads it, and a person’s token decodes', async () => {
    const { page, errors, close } = await site.open();
    try {
      // A person's browser does not say it is automated; the automation protocol sets navigator.webdriver.
      await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
      const home = await (await page.context().request.get(`${baseUrl}/`)).text();
      const config = CONFIG_SCRIPT.exec(home)?.[1] ?? '';
      const sealed = /data-original-string="([^"]+)"/.exec(home)?.[1] ?? '';
      expect(config).not.toBe('');
      await page.route(`${baseUrl}${PLAIN_PAGE}`, (route) =>
        route.fulfill({
          contentType: 'text/html; charset=utf-8',
          body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plain</title>
<link rel="icon" href="data:,"><script>${config}</script><script src="/waymark/bot-detector.js"></script></head>
<body><main><h1>Write to us</h1><form method="post" action="/nowhere"><label>Name <input name="n"></label></form></main></body></html>`,
        }),
      );
      await page.goto(`${baseUrl}${PLAIN_PAGE}`);
      const stored = () =>
        page.evaluate(() => JSON.parse(localStorage.getItem('bot_detector_event_token') ?? 'null') as unknown);
      await expect.poll(stored).toMatchObject({ value: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const first = (await stored()) as { value: string; timestamp: number };
      expect(typeof first.timestamp).toBe('number');
      expect(await page.locator('input[name="ct_bot_detector_event_token"]').inputValue()).toBe(first.value);

      for (const [x, y] of [
        [120, 90],
        [260, 180],
        [340, 240],
        [220, 300],
      ] as const) {
        await page.mouse.move(x, y, { steps: 6 });
      }
      // After the pointer moved, the script asks once more: a token issued against a person's signals.
      await expect.poll(async () => ((await stored()) as { value: string }).value).not.toBe(first.value);
      const token = ((await stored()) as { value: string }).value;
      expect(await page.locator('input[name="ct_bot_detector_event_token"]').inputValue()).toBe(token);

      const answer = await page.evaluate(
        async ({ token, sealed }) => {
          const body = new FormData();
          body.set('encodedEmails', JSON.stringify({ 0: sealed }));
          body.set('event_token', token);
          const fns = (window as unknown as { ctPublicFunctions: { _rest_nonce: string } }).ctPublicFunctions;
          const res = await fetch('/wp-json/cleantalk-antispam/v1/apbct_decode_email', {
            method: 'POST',
            body,
            headers: { 'X-WP-Nonce': fns._rest_nonce },
          });
          return (await res.json()) as { data: { is_allowed: boolean }[] };
        },
        { token, sealed },
      );
      expect(answer.data[0]?.is_allowed).toBe(true);
      await expectAccessible(page);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
