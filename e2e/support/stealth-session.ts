import { chromium, type Page } from 'playwright-core';
import { HEIGHT, WIDTH, type Layout, type Point } from './corpus-forms.js';
import type { Corpus } from './corpus.js';
import { sleep, type Hand } from './hand.js';
import { humanLike, isCapital, logNormal, stopsOf, until, type Driver, type Target } from './human-like.js';
import { CHROMIUM } from './x-screen.js';

/** Chrome's own user agent on Linux, as a stealth kit sets it (no "Headless"). */
const chromeAgent = (version: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Safari/537.36`;

/**
 * The usual stealth patches, as puppeteer-extra's stealth plugin and its ports apply them:
 * `navigator.webdriver`, plugins, languages, `window.chrome`, the notification permission, the
 * WebGL vendor, the outer window size, the console's stack leak, and `toString` of every patched
 * function answering "[native code]".
 */
const STEALTH_PATCHES = `(() => {
  const natives = new WeakMap();
  const nativeToString = Function.prototype.toString;
  const patched = function toString() { return natives.get(this) ?? nativeToString.call(this); };
  natives.set(patched, 'function toString() { [native code] }');
  Function.prototype.toString = patched;
  const hide = (fn, name) => (natives.set(fn, 'function ' + name + '() { [native code] }'), fn);
  const getter = (object, name, value) => Object.defineProperty(object, name, { get: hide(() => value, 'get ' + name), configurable: true });
  getter(Navigator.prototype, 'webdriver', undefined);
  getter(Navigator.prototype, 'languages', Object.freeze(['en-US', 'en']));
  getter(window, 'outerWidth', innerWidth);
  getter(window, 'outerHeight', innerHeight + 85);
  if (!window.chrome) window.chrome = { app: { isInstalled: false }, runtime: {}, csi: hide(() => ({}), 'csi'), loadTimes: hide(() => ({}), 'loadTimes') };
  getter(Notification, 'permission', 'default');
  const query = Permissions.prototype.query;
  Permissions.prototype.query = hide(function (descriptor) {
    return descriptor && descriptor.name === 'notifications' ? Promise.resolve({ state: 'prompt', onchange: null }) : query.call(this, descriptor);
  }, 'query');
  for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
    const getParameter = proto.getParameter;
    proto.getParameter = hide(function (p) {
      if (p === 37445) return 'Intel Inc.';
      if (p === 37446) return 'Intel Iris OpenGL Engine';
      return getParameter.call(this, p);
    }, 'getParameter');
  }
  for (const level of ['debug', 'log', 'info', 'warn', 'error']) {
    const original = console[level];
    console[level] = hide((...args) => original(...args.map((a) => (a instanceof Error ? String(a.message) : a))), level);
  }
})();`;

/** Headless Chromium under Playwright with the stealth patches and human-like input. */
export async function stealthSession(
  corpus: Corpus,
  target: Target,
  random: Hand,
  settled: () => Promise<boolean>,
): Promise<void> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-blink-features=AutomationControlled', '--no-first-run'],
  });
  try {
    const version = browser.version();
    const major = version.split('.')[0] ?? version;
    const context = await browser.newContext({
      userAgent: chromeAgent(`${major}.0.0.0`),
      viewport: { width: WIDTH, height: HEIGHT },
      locale: 'en-US',
      timezoneId: 'America/New_York',
    });
    await context.addInitScript({ content: STEALTH_PATCHES });
    const page = await context.newPage();
    // User agent and client hints together, so the headers agree with each other.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setUserAgentOverride', {
      userAgent: chromeAgent(`${major}.0.0.0`),
      acceptLanguage: 'en-US,en',
      platform: 'Linux x86_64',
      userAgentMetadata: {
        brands: [
          { brand: 'Chromium', version: major },
          { brand: 'Google Chrome', version: major },
          { brand: 'Not-A.Brand', version: '99' },
        ],
        fullVersion: version,
        platform: 'Linux',
        platformVersion: '6.1.0',
        architecture: 'x86',
        model: '',
        mobile: false,
      },
    });
    await page.goto(`${corpus.baseUrl}${target.form.page.path}`);
    await page.locator(target.form.opener ?? target.form.fields[0]).waitFor();
    // A look down the page and back, so the form is where the layout was measured.
    const scrolled = Math.round(random(80, 200));
    await page.mouse.wheel(0, scrolled);
    await sleep(logNormal(random, 700, 0.4));
    await page.mouse.wheel(0, -scrolled);
    await sleep(logNormal(random, 300, 0.3));
    // Aimed where its own page shows the form, as an automation library aims at an element's box.
    const driver = playwrightDriver(page);
    let from: Point | undefined;
    if (target.form.opener) {
      // The form is behind a button: pressed first, then the form's parts are found in its dialog.
      await page.locator(target.form.opener).scrollIntoViewIfNeeded();
      from = await humanLike(driver, [[await centreIn(page, target.form.opener), null]], random, target);
      await page.locator(target.form.fields[0]).waitFor();
    }
    // A list is set the way automation libraries set one, without a pointer or keys.
    if (target.form.choice) await page.selectOption(target.form.choice.field, { label: target.form.choice.option });
    await humanLike(driver, stopsOf({ ...target, layout: await layoutInPage(page, target) }), random, {
      aim: target.aim,
      from,
    });
    await until(settled);
  } finally {
    await browser.close();
  }
}

/** The middle of the first element `selector` finds in `page`. */
async function centreIn(page: Page, selector: string): Promise<Point> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on the page`);
  return [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)];
}

/** The middle of each of the form's parts in `page`, brought into view first. */
async function layoutInPage(page: Page, { form, layout }: Target): Promise<Layout> {
  await page.locator(form.fields[0]).scrollIntoViewIfNeeded();
  const [first, second, ...rest] = await Promise.all(form.fields.map((field) => centreIn(page, field)));
  return {
    fields: [first as Point, second as Point, ...rest],
    submit: await centreIn(page, form.submit),
    tabs: layout.tabs,
  };
}

function playwrightDriver(page: Page): Driver {
  return {
    async move([x, y], pause) {
      await page.mouse.move(x, y);
      await sleep(pause);
    },
    async press(hold) {
      await page.mouse.down();
      await sleep(hold);
      await page.mouse.up();
    },
    async key(char, hold) {
      const key = char === ' ' ? 'Space' : char === '\n' ? 'Enter' : char;
      if (isCapital(char)) await page.keyboard.down('Shift');
      await page.keyboard.down(key);
      await sleep(hold);
      await page.keyboard.up(key);
      if (isCapital(char)) await page.keyboard.up('Shift');
    },
  };
}
