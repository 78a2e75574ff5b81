import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser, openPage, waitForHydration, type TrackedPage } from './browser.js';

/** The browser of a test file or suite, and the site it visits. */
export interface BrowserSuite {
  /** The running browser; it exists from the suite's first beforeAll to its last afterAll. */
  browser(): Browser;
  /**
   * The address of the server the global set-up started for the whole run: by IPv4 loopback, on
   * the spam shield's allow list; with `judged`, by IPv6 loopback, where the shield judges every
   * post on merit.
   */
  baseUrl: string;
  /** The same server on the allow list: for what a test does as the site's staff, unjudged. */
  trustedUrl: string;
  /** A page as fresh to the site as a new context's that records console errors and page exceptions (see `openPage`). */
  open(options?: BrowserContextOptions): Promise<TrackedPage>;
  /**
   * Takes an open page to `path` (on `baseUrl` when it starts with a slash, else an address of its
   * own) and waits until React has hydrated it: a person going on in the same tab.
   */
  go(page: Page, path: string): Promise<void>;
  /** `open`, then `go` to `path`. */
  visit(path: string, options?: BrowserContextOptions): Promise<TrackedPage>;
}

/**
 * One Chromium for the tests of the calling file or `describe`: launched before them and closed
 * after them (which also closes any page a failing test left open).
 */
export function withBrowser({ judged = false }: { judged?: boolean } = {}): BrowserSuite {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  const running = () => {
    if (!browser) throw new Error('The browser is not running yet');
    return browser;
  };
  const baseUrl = inject(judged ? 'judgedUrl' : 'baseUrl');
  const open = (options: BrowserContextOptions = {}) => openPage(running(), options);
  const go = async (page: Page, path: string) => {
    await page.goto(path.startsWith('/') ? `${baseUrl}${path}` : path);
    await waitForHydration(page);
  };
  return {
    browser: running,
    baseUrl,
    trustedUrl: inject('baseUrl'),
    open,
    go,
    async visit(path, options) {
      const tracked = await open(options);
      await go(tracked.page, path);
      return tracked;
    },
  };
}
