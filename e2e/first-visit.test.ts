import { PIXEL_PATH, shieldSettings } from '@waymark/protocol';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../packages/server/src/db/connect.js';
import { writeSetting } from '../packages/server/src/settings/store.js';
import { startDnsServer, type TestDnsServer } from '../packages/server/test/support/dns-server.js';
import { startServer, type RunningServer } from '../tools/start-server.js';
import { expectAccessible, waitForHydration, type TrackedPage } from './support/browser.js';
import { withBrowser } from './support/with-browser.js';

/**
 * A newcomer's first visit, as Chromium sees it: the page and its script arrive compressed, the
 * script cached for good; the site has an icon; our own pages see where the visitor came from;
 * and, on a plain-http server whose resolver cannot reach the internet, the spam shield's pixel
 * loads and e-mail addresses are "could not check" instead of "cannot receive e-mail".
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

describe('first visit', () => {
  const site = withBrowser();
  const { baseUrl } = site;

  describe('the home page on a phone', () => {
    let tracked: TrackedPage;
    const responses: Response[] = [];

    beforeAll(async () => {
      tracked = await site.open({ viewport: PHONE });
      tracked.page.on('response', (response) => responses.push(response));
      await tracked.page.goto(`${baseUrl}/`);
      await waitForHydration(tracked.page);
    });
    afterAll(async () => tracked?.close());

    const headersOf = async (response: Response | undefined) => {
      if (!response) throw new Error('no such response');
      return { sent: await response.request().allHeaders(), received: await response.allHeaders() };
    };

    it('arrives in brotli, which Chromium offers', async () => {
      const page = await headersOf(responses.find((r) => r.url() === `${baseUrl}/`));
      expect(page.sent['accept-encoding']).toMatch(/\bbr\b/);
      expect(page.received['content-encoding']).toBe('br');
      expect(page.received.vary).toMatch(/accept-encoding/i);
      expect(page.received.etag).toMatch(/^W\/"/);
    });

    it('loads its scripts and styles in brotli, cached for a year as immutable', async () => {
      const assets = responses.filter((r) => new URL(r.url()).pathname.startsWith('/assets/'));
      const scripts = assets.filter((r) => r.request().resourceType() === 'script');
      expect(scripts.length).toBeGreaterThan(0);
      expect(assets.some((r) => r.request().resourceType() === 'stylesheet')).toBe(true);
      for (const asset of assets) {
        const { received } = await headersOf(asset);
        expect(asset.status(), asset.url()).toBe(200);
        expect(received['content-encoding'], asset.url()).toBe('br');
        expect(received['cache-control'], asset.url()).toBe('public, max-age=31536000, immutable');
      }
      // The biggest script, the page's entry, travels at a small part of its size.
      const sized = await Promise.all(
        scripts.map(async (r) => ({
          size: (await r.body()).length,
          sent: (await r.request().sizes()).responseBodySize,
        })),
      );
      const { size, sent } = sized.reduce((a, b) => (b.size > a.size ? b : a));
      expect(sent).toBeLessThan(size / 2);
    });

    it('has an icon that answers and draws', async () => {
      const { page } = tracked;
      const icon = await page.evaluate(async () => {
        const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
        if (!link) return null;
        const answer = await fetch(link.href);
        const image = new Image();
        image.src = link.href;
        await image.decode();
        return { href: link.href, status: answer.status, type: answer.headers.get('content-type'), width: image.width };
      });
      expect(icon).toMatchObject({ href: `${baseUrl}/favicon.ico`, status: 200 });
      expect(icon?.type).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
      expect(icon?.width).toBeGreaterThanOrEqual(16);
      // Whatever Chromium asked for on its own (it asks for /favicon.ico on a first visit) answered too.
      for (const asked of responses.filter((r) => new URL(r.url()).pathname === '/favicon.ico')) {
        expect(asked.status()).toBe(200);
      }
      expect(tracked.errors).toEqual([]);
    });

    it('has no accessibility violation', async () => {
      await expectAccessible(tracked.page);
    });
  });

  it('tells our own next page the whole address the visitor came from, on a desktop', async () => {
    const tracked = await site.visit('/suggest', { viewport: DESKTOP });
    const { page } = tracked;
    await expectAccessible(page);
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/login'),
      page.getByRole('link', { name: 'Sign in' }).click(),
    ]);
    expect(await response.headerValue('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(await response.request().headerValue('referer')).toBe(`${baseUrl}/suggest`);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.referrer)).toBe(`${baseUrl}/suggest`);
    await expectAccessible(page);
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });
});

describe('a plain-http install whose resolver cannot reach the internet', { timeout: 180_000 }, () => {
  const site = withBrowser();
  let dns: TestDnsServer;
  let server: RunningServer;
  let tracked: TrackedPage;
  let page: Page;

  beforeAll(async () => {
    // Every name is NXDOMAIN, gmail.com and the DNS_CANARY domain too, as on a firewalled machine.
    dns = await startDnsServer({});
    server = await startServer({ DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: '5000', SEED_ITEMS: '20' }, 180_000);
    const storage = openStorage({ dataDir: server.dataDir });
    try {
      // The pixel drawn by the server, and the e-mail check whose answer the page shows.
      await writeSetting(storage, shieldSettings, { pixel: 1, emailCheckExistPost: true });
    } finally {
      await storage.db.destroy();
    }
    tracked = await site.open({ viewport: DESKTOP });
    page = tracked.page;
    page.setDefaultTimeout(20_000);
    // The server reads its shield settings again within a few seconds.
    const deadline = Date.now() + 30_000;
    for (;;) {
      await page.goto(`${server.url}/suggest`);
      const on = await page.evaluate(() => (globalThis as { ctPublic?: Record<string, unknown> }).ctPublic);
      if (on?.pixel__setting === 1 && on.data__email_check_exist_post === 1) break;
      if (Date.now() > deadline) throw new Error('the server never took the pixel and e-mail check settings');
      await page.waitForTimeout(1_000);
    }
    await waitForHydration(page);
  });
  afterAll(async () => {
    await tracked?.close();
    await server?.stop();
    await dns?.close();
  });

  it("draws the spam shield's pixel from the site's own http address, and it loads", async () => {
    const pixelUrl = `${server.url}${PIXEL_PATH}`;
    expect(
      await page.evaluate(() => (globalThis as unknown as { ctPublic: { pixel__url: string } }).ctPublic.pixel__url),
    ).toBe(pixelUrl);
    const pixel = page.locator('img.apbct-pixel');
    expect(await pixel.getAttribute('src')).toBe(pixelUrl);
    await expect
      .poll(() => pixel.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 })
      .toBe(1);
    expect(tracked.errors).toEqual([]);
  });

  it('calls an address "could not check", not "cannot receive e-mail"', async () => {
    // A person takes longer than the second before the form is wired to get to the field.
    await page.mouse.move(300, 200, { steps: 5 });
    await page.waitForTimeout(1_500);
    const answered = page.waitForResponse((r) => r.url().includes('check_email_exist_post'));
    const field = page.getByLabel('Contact e-mail');
    await field.click();
    await field.pressSequentially('jane@gmail.com', { delay: 60 });
    await field.press('Tab');
    const answer = (await (await answered).json()) as { result: { result: string; text_result: string } };
    expect(answer.result).toEqual({ result: 'MX_ERROR', text_result: 'The address could not be checked right now.' });
    expect(dns.queries).toContain('gmail.com/15');
    // However the page shows it, it says so, and nowhere that the address is bad.
    await expect.poll(() => page.content()).toContain('could not be checked');
    expect(await page.content()).not.toContain('cannot receive e-mail');
    await expectAccessible(page);
  });
});
