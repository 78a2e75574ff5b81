import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page } from 'playwright-core';
import { TestRunner } from 'vitest';

/**
 * Tabs with a fresh visitor's state, without a fresh browser context for each.
 *
 * On this two-core machine a new context and its first page cost one to two core-seconds of
 * renderer start-up before any page loads; a file of thirty tests paid that thirty times. A
 * closed tab is therefore kept, wiped, and handed to the next test that asks for the same
 * kind of context: cookies, local and session storage, IndexedDB, cache storage, the HTTP
 * cache, permissions and the tab's history go; the viewport and the reduced-motion preference,
 * which a page can change, are set anew each time. A tab whose test reached for anything a wipe
 * cannot undo (an init script, a route, the fake clock, another tab) is closed instead, and so
 * is one whose test failed, so a failure never leaks into the next test.
 *
 * `E2E_FRESH_CONTEXTS=1` gives every test a new context again, to rule the pool out.
 */

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

const DEFAULT_VIEWPORT = { width: 1280, height: 720 } as const;

/** Calls after which a tab's state is more than a wipe can undo. */
const PAGE_TAINTS = ['addInitScript', 'route', 'routeFromHAR', 'routeWebSocket', 'exposeFunction', 'exposeBinding'];
const CONTEXT_TAINTS = [...PAGE_TAINTS, 'grantPermissions', 'setGeolocation', 'setOffline', 'setExtraHTTPHeaders'];
const CLOCK_CALLS = ['install', 'fastForward', 'runFor', 'pauseAt', 'resume', 'setFixedTime', 'setSystemTime'];

interface Tab {
  key: string;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** Origins the tab has shown, whose storage a wipe clears. */
  origins: Set<string>;
  /** Origins only its frames have shown (a video host's player, say). */
  frameOrigins: Set<string>;
  tainted: boolean;
}

const idleTabs = new WeakMap<Browser, Tab[]>();

/**
 * What a reused tab must have been opened with, or undefined when the options cannot be pooled.
 * The viewport and the media features are left out: a tab sets them anew (see `prepare`).
 */
function poolKey(options: BrowserContextOptions): string | undefined {
  const { viewport, reducedMotion, colorScheme, storageState, ...fixed } = options;
  void reducedMotion;
  void colorScheme;
  if (viewport === null || typeof storageState === 'string') return undefined;
  if (Object.keys(fixed).some((name) => !['userAgent', 'javaScriptEnabled', 'hasTouch', 'isMobile'].includes(name))) {
    return undefined;
  }
  return JSON.stringify([fixed.userAgent, fixed.javaScriptEnabled, fixed.hasTouch, fixed.isMobile, storageState]);
}

/** Wraps `target`'s methods `names` so that calling any of them marks the tab as beyond a wipe. */
function taintOn(tab: Tab, target: object, names: readonly string[]): void {
  const methods = target as Record<string, unknown>;
  for (const name of names) {
    const method = methods[name];
    if (typeof method !== 'function') continue;
    methods[name] = (...args: unknown[]) => {
      tab.tainted = true;
      return (method as (...a: unknown[]) => unknown).apply(target, args);
    };
  }
}

async function createTab(browser: Browser, key: string, options: BrowserContextOptions): Promise<Tab> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const tab: Tab = {
    key,
    context,
    page,
    cdp: await context.newCDPSession(page),
    origins: new Set(),
    frameOrigins: new Set(),
    tainted: false,
  };
  taintOn(tab, page, PAGE_TAINTS);
  taintOn(tab, context, CONTEXT_TAINTS);
  taintOn(tab, context.clock, CLOCK_CALLS);
  context.on('page', (other) => {
    if (other !== page) tab.tainted = true;
  });
  return tab;
}

/** Sets what a tab may have changed since it was opened back to what `options` ask for. */
async function prepare(tab: Tab, options: BrowserContextOptions): Promise<void> {
  // Playwright's own default, which a test may have changed for its page.
  tab.page.setDefaultTimeout(30_000);
  tab.page.setDefaultNavigationTimeout(30_000);
  await tab.page.setViewportSize(options.viewport ?? DEFAULT_VIEWPORT);
  await tab.page.emulateMedia({
    reducedMotion: options.reducedMotion ?? 'no-preference',
    colorScheme: options.colorScheme ?? 'light',
  });
  const state = options.storageState as StorageState | undefined;
  if (!state) return;
  await tab.context.addCookies(state.cookies);
  for (const { origin, localStorage } of state.origins) {
    if (localStorage.length === 0) continue;
    await tab.page.goto(`${origin}/robots.txt`);
    await tab.page.evaluate((entries) => {
      for (const { name, value } of entries) window.localStorage.setItem(name, value);
    }, localStorage);
  }
}

/** Forgets everything a visitor left in the tab; false when it could not. */
async function wipe(tab: Tab): Promise<boolean> {
  const { page, context, cdp } = tab;
  if (tab.tainted || page.isClosed() || context.pages().length !== 1) return false;
  try {
    page.removeAllListeners();
    for (const origin of tab.origins) {
      // Session storage belongs to the tab, not the origin's storage, so only the page can clear it.
      await page.goto(`${origin}/robots.txt`);
      await page.evaluate(() => window.sessionStorage.clear());
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    }
    for (const origin of tab.frameOrigins) {
      if (!tab.origins.has(origin)) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    }
    tab.origins.clear();
    tab.frameOrigins.clear();
    await page.goto('about:blank');
    await context.clearCookies();
    await context.clearPermissions();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Page.resetNavigationHistory');
    return !tab.tainted;
  } catch {
    return false;
  }
}

/**
 * A tab in a context made with `options`, as fresh to the site as a new context's, and the way
 * to give it back.
 */
export async function takeTab(
  browser: Browser,
  options: BrowserContextOptions,
): Promise<{ page: Page; release(): Promise<void> }> {
  const key = process.env.E2E_FRESH_CONTEXTS ? undefined : poolKey(options);
  if (key === undefined) {
    const context = await browser.newContext(options);
    return { page: await context.newPage(), release: () => context.close() };
  }
  const idle = idleTabs.get(browser) ?? [];
  idleTabs.set(browser, idle);
  const at = idle.findIndex((t) => t.key === key);
  const tab = at >= 0 ? idle.splice(at, 1)[0]! : await createTab(browser, key, options);
  if (at >= 0) await prepare(tab, options);
  tab.page.on('framenavigated', (frame) => {
    const { origin } = new URL(frame.url());
    if (origin.startsWith('http')) (frame === tab.page.mainFrame() ? tab.origins : tab.frameOrigins).add(origin);
  });
  let released = false;
  return {
    page: tab.page,
    async release() {
      if (released) return;
      released = true;
      // A failed test's tab may be anywhere: a key held down, a dialog up, a request hanging.
      if (TestRunner.getCurrentTest()?.result?.state !== 'fail' && (await wipe(tab)) && browser.isConnected())
        idle.push(tab);
      else await tab.context.close().catch(() => undefined);
    },
  };
}
