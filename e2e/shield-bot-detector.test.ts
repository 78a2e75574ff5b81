import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.js';
import { withBrowser } from './support/with-browser.js';

/**
 * Issue 16, section 7: Waymark's own bot-detector script, for pages that load the original page
 * script. On a plain page with the site's page configuration, it writes local storage
 * `bot_detector_event_token` as {"value","timestamp"} and the hidden `ct_bot_detector_event_token`
 * field. (Whether its second token, asked for once the pointer moved, opens the decoder depends on
 * how much of the path it saw by then; that is not settled, so it is not claimed here.)
 */
const CONFIG_SCRIPT = /<script nonce="[^"]*">(var ctPublicFunctions=[^<]*)<\/script>/;
const PLAIN_PAGE = '/plain-bot-detector.html';

describe('the bot-detector script', () => {
  const site = withBrowser({ judged: true });
  const { baseUrl } = site;

  it('writes the token where the original page script reads it', async () => {
    const { page, errors, close } = await site.open();
    try {
      // A person's browser does not say it is automated; the automation protocol sets navigator.webdriver.
      await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
      const home = await (await page.context().request.get(`${baseUrl}/`)).text();
      const config = CONFIG_SCRIPT.exec(home)?.[1] ?? '';
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

      await expectAccessible(page);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
