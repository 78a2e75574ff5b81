import { chromium, type Page } from 'playwright-core';
import { freePort } from '../../tools/start-server.js';
import { devtools } from './devtools.js';
import { HEIGHT, SUGGEST_FORM, WIDTH, type CorpusForm, type Layout, type Point } from './corpus-forms.js';
import type { Corpus } from './corpus.js';
import { verdictsOf, type Verdict } from './corpus-verdicts.js';
import { hand, pickWith, sleep, type Hand } from './hand.js';
import { layoutOf } from './layouts.js';
import { keysymOf } from './person-input.js';
import { inWindow, openWindow } from './windows.js';
import { CHROMIUM, type PersonBrowser, type Screen } from './x-screen.js';

/**
 * The bot corpus of today's attacker tools, as issue 26 names them, each written the way its users
 * write it and not tuned to what the shield looks for: an automation library in headless Chromium
 * with the usual stealth patches and human-like input; a headful Chromium driven over the raw
 * DevTools protocol (only `Input.dispatch*` and `Page.navigate`, the Runtime domain never
 * enabled); and an ordinary Chromium window driven by operating-system input (XTEST through
 * xdotool), once with scripted timing and once with human-like timing. Every session posts what a
 * farm posts: a listing made from a template. The verdicts are read from the spam log, as for the
 * person corpus.
 */

export type AttackerClass = 'stealth' | 'raw-cdp' | 'os-scripted' | 'os-human';
export const ATTACKER_CLASSES: readonly AttackerClass[] = ['stealth', 'raw-cdp', 'os-scripted', 'os-human'];

/** Chrome's own user agent on Linux, as a stealth kit sets it (no "Headless"). */
const chromeAgent = (version: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Safari/537.36`;

/** A farm's listing: a template with the words spun per session. */
export function farmListing(random: Hand): readonly [string, string] {
  const pick = pickWith(random);
  const trade = pick(['Plumbing', 'Locksmith', 'Movers', 'Roofing', 'Dental', 'Car Repair']);
  const name = `${pick(['Best', 'Top', 'Quality', 'Fast'])} ${trade} ${pick(['Pros', 'Experts', 'Service', 'Co'])}`;
  const address = `${Math.floor(random(2, 400))} ${pick(['Main', 'Oak', 'High', 'Market'])} ${pick(['Street', 'Road', 'Avenue'])}`;
  return [name, address];
}

/** A review farm's review: praise from a template, the words spun per session. */
export function farmReview(random: Hand): readonly [string, string] {
  const pick = pickWith(random);
  const author = `${pick(['Mike', 'Sarah', 'John', 'Emma', 'David', 'Laura'])} ${pick(['R.', 'T.', 'K.', 'M.'])}`;
  const body = [
    pick(['Amazing', 'Great', 'Excellent', 'Wonderful']),
    pick(['service', 'experience', 'place', 'team']),
    pick(['and very friendly staff.', 'and fair prices.', 'and quick work.']),
    pick(['Highly recommend', 'Will come back', 'Five stars']),
    pick(['to everyone!', 'for sure!', 'without doubt!']),
  ].join(' ');
  return [author, body];
}

/**
 * A credential-stuffing farm's try: an address and password from a leaked list (here made up per
 * session), at an address the site may or may not know.
 */
export function stuffedCredential(random: Hand): readonly [string, string] {
  const pick = pickWith(random);
  const user = `${pick(['john', 'mary', 'alex', 'kim', 'sam', 'lee'])}${pick(['.smith', '.jones', '', '.lee'])}${Math.floor(random(1, 999))}`;
  const password = `${pick(['Summer', 'Welcome', 'Password', 'Dragon', 'Monkey'])}${Math.floor(random(1, 2_030))}`;
  return [`${user}@${pick(['mail.example', 'post.example', 'inbox.example'])}`, password];
}

/** A fake-account farm's sign-up: a made-up name, a throwaway address, a password long enough. */
export function fakeAccount(random: Hand): readonly [string, string, string] {
  const pick = pickWith(random);
  const first = pick(['Anna', 'Brian', 'Chloe', 'Daniel', 'Ella', 'Frank']);
  const last = pick(['Miller', 'Baker', 'Wilson', 'Moore', 'Taylor']);
  const tag = Math.floor(random(10_000, 99_999));
  return [`${first} ${last}`, `${first.toLowerCase()}${tag}@temp.example`, `Qx${tag}farm${Math.floor(random(10, 99))}`];
}

/** What a farm types into `form`'s fields, in their order. */
function farmTexts(form: CorpusForm, random: Hand): readonly string[] {
  if (form.form === 'review') return farmReview(random);
  if (form.form === 'sign-in') return stuffedCredential(random);
  if (form.form === 'registration') return fakeAccount(random);
  return farmListing(random);
}

/** What a session posts, where: the form, its layout in the window, the texts it types, one a field. */
interface Target {
  form: CorpusForm;
  layout: Layout;
  texts: readonly string[];
}

/** The stops of a session's pointer: each field with the text it gets, then the button. */
const stopsOf = ({ layout, texts }: Target): [Point, string | null][] => [
  ...layout.fields.map((field, index): [Point, string | null] => [field, texts[index] ?? '']),
  [layout.submit, null],
];

/** A log-normal delay around `median` ms: the shape of human key and pause times. */
function logNormal(random: Hand, median: number, sigma: number): number {
  const u = Math.max(random(0, 1), 1e-9);
  const v = random(0, 1);
  return median * Math.exp(sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v));
}

/**
 * A human-looking path as the stealth kits draw it: a cubic Bézier with random control points,
 * an overshoot past the target and back, a pixel or two of jitter, eased so it starts and ends
 * slowly. Answers the points and the pause after each.
 */
export function bezierPath(random: Hand, from: Point, to: Point): [Point, number][] {
  const distance = Math.hypot(to[0] - from[0], to[1] - from[1]);
  const steps = Math.max(8, Math.round(distance / 25));
  const spread = Math.min(200, distance / 3);
  const c1: Point = [from[0] + (to[0] - from[0]) / 3 + random(-spread, spread), from[1] + random(-spread, spread)];
  const c2: Point = [from[0] + ((to[0] - from[0]) * 2) / 3 + random(-spread, spread), to[1] + random(-spread, spread)];
  const overshoot: Point = [to[0] + random(-12, 12), to[1] + random(-8, 8)];
  const points: [Point, number][] = [];
  for (let i = 1; i <= steps; i += 1) {
    const t = i / steps;
    const e = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
    const u = 1 - e;
    const x = u ** 3 * from[0] + 3 * u * u * e * c1[0] + 3 * u * e * e * c2[0] + e ** 3 * overshoot[0];
    const y = u ** 3 * from[1] + 3 * u * u * e * c1[1] + 3 * u * e * e * c2[1] + e ** 3 * overshoot[1];
    points.push([[Math.round(x + random(-1.5, 1.5)), Math.round(y + random(-1.5, 1.5))], logNormal(random, 14, 0.4)]);
  }
  points.push([to, logNormal(random, 60, 0.5)]);
  return points;
}

/** The keys of a text as a hand presses them: each key's hold and the gap after it, log-normal. */
export function keyTimes(random: Hand, text: string): { char: string; hold: number; gap: number }[] {
  return [...text].map((char) => ({
    char,
    hold: logNormal(random, 85, 0.3),
    gap: logNormal(random, 150, 0.5) + (char === ' ' ? logNormal(random, 120, 0.6) : 0),
  }));
}

const isCapital = (char: string) => char !== char.toLowerCase();

/** The moves, clicks and keys of one session, whatever sends them. */
interface Driver {
  move(to: Point, pause: number): Promise<void>;
  press(hold: number): Promise<void>;
  key(char: string, hold: number): Promise<void>;
}

/** Reads, moves to each field along Bézier paths, clicks, types with log-normal keys, sends. */
async function humanLike(driver: Driver, target: Target, random: Hand) {
  let at: Point = [random(100, 400), random(60, 200)];
  await driver.move(at, 0);
  await sleep(logNormal(random, 1_500, 0.4));
  for (const [stop, text] of stopsOf(target)) {
    for (const [point, pause] of bezierPath(random, at, stop)) await driver.move(point, pause);
    at = stop;
    await driver.press(logNormal(random, 95, 0.3));
    if (text === null) break;
    await sleep(logNormal(random, 400, 0.4));
    for (const { char, hold, gap } of keyTimes(random, text)) {
      await driver.key(char, hold);
      await sleep(gap);
    }
  }
}

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
async function stealthSession(
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
    await page.locator(target.form.fields[0]).waitFor();
    // A look down the page and back, so the form is where the layout was measured.
    const scrolled = Math.round(random(80, 200));
    await page.mouse.wheel(0, scrolled);
    await sleep(logNormal(random, 700, 0.4));
    await page.mouse.wheel(0, -scrolled);
    await sleep(logNormal(random, 300, 0.3));
    // Aimed where its own page shows the form, as an automation library aims at an element's box.
    await humanLike(playwrightDriver(page), { ...target, layout: await layoutInPage(page, target) }, random);
    await until(settled);
  } finally {
    await browser.close();
  }
}

/** The middle of each of the form's parts in `page`, brought into view first. */
async function layoutInPage(page: Page, { form, layout }: Target): Promise<Layout> {
  await page.locator(form.fields[0]).scrollIntoViewIfNeeded();
  const centre = async (selector: string): Promise<Point> => {
    const box = await page.locator(selector).first().boundingBox();
    if (!box) throw new Error(`${selector} is not on the page`);
    return [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)];
  };
  const [first, second, ...rest] = await Promise.all(form.fields.map(centre));
  return { fields: [first as Point, second as Point, ...rest], submit: await centre(form.submit), tabs: layout.tabs };
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
      const key = char === ' ' ? 'Space' : char;
      if (isCapital(char)) await page.keyboard.down('Shift');
      await page.keyboard.down(key);
      await sleep(hold);
      await page.keyboard.up(key);
      if (isCapital(char)) await page.keyboard.up('Shift');
    },
  };
}

/** Waits, as a farm does, until its post is answered (here: its verdict is in), at most 20 s. */
async function until(settled: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 20 && !(await settled()); i += 1) await sleep(1_000);
}

/** The DOM key code and Windows virtual key code Chromium wants for a character. */
function keyCodes(char: string): { code: string; keyCode: number } {
  if (char === ' ') return { code: 'Space', keyCode: 32 };
  if (/[a-z]/i.test(char)) return { code: `Key${char.toUpperCase()}`, keyCode: char.toUpperCase().charCodeAt(0) };
  if (/\d/.test(char)) return { code: `Digit${char}`, keyCode: char.charCodeAt(0) };
  return { code: '', keyCode: 0 };
}

/**
 * A headful Chromium on the X server with automation flags off, driven only by `Page.navigate`
 * and `Input.dispatch*` over its debugging port, with the same human-like input.
 */
async function rawCdpSession(
  corpus: Corpus,
  target: Target,
  random: Hand,
  settled: () => Promise<boolean>,
): Promise<void> {
  const port = await freePort();
  const url = `${corpus.baseUrl}${target.form.page.path}`;
  const window = await openWindow(corpus.screen, 'chromium', url, target.form.page.title, [
    `--remote-debugging-port=${port}`,
    '--disable-blink-features=AutomationControlled',
  ]);
  try {
    const cdp = await devtools(port);
    try {
      await cdp.send('Page.navigate', { url });
      await sleep(4_000);
      const mouse = (type: string, [x, y]: Point, buttons: number) =>
        cdp.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', buttons, clickCount: 1 });
      let at: Point = [0, 0];
      await humanLike(
        {
          async move(to, pause) {
            at = to;
            await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: to[0], y: to[1], buttons: 0 });
            await sleep(pause);
          },
          async press(hold) {
            await mouse('mousePressed', at, 1);
            await sleep(hold);
            await mouse('mouseReleased', at, 0);
          },
          async key(char, hold) {
            const { code, keyCode } = keyCodes(char);
            const shift = isCapital(char);
            const modifiers = shift ? 8 : 0;
            const key = (type: string, extra: object) =>
              cdp.send('Input.dispatchKeyEvent', { type, modifiers, ...extra });
            const shiftKey = { key: 'Shift', code: 'ShiftLeft', windowsVirtualKeyCode: 16 };
            if (shift) await key('rawKeyDown', shiftKey);
            await key('keyDown', { key: char, code, text: char, windowsVirtualKeyCode: keyCode });
            await sleep(hold);
            await key('keyUp', { key: char, code, windowsVirtualKeyCode: keyCode });
            if (shift) await key('keyUp', shiftKey);
          },
        },
        target,
        random,
      );
      await until(settled);
    } finally {
      cdp.close();
    }
  } finally {
    await window.close();
  }
}

/** xdotool's moves along a straight line in even steps at a steady pace: a plain script. */
async function straightTo(screen: Screen, from: Point, to: Point): Promise<void> {
  for (let i = 1; i <= 10; i += 1) {
    const x = from[0] + ((to[0] - from[0]) * i) / 10;
    const y = from[1] + ((to[1] - from[1]) * i) / 10;
    await screen.x('mousemove', String(Math.round(x)), String(Math.round(y)));
    await sleep(10);
  }
}

/** The ordinary window, scripted: straight lines, `xdotool type` at a fixed 40 ms delay, no pause. */
async function osScripted(screen: Screen, target: Target): Promise<void> {
  let at: Point = [40, 40];
  for (const [point, text] of stopsOf(target)) {
    await straightTo(screen, at, point);
    at = point;
    await screen.x('click', '1');
    if (text !== null) await screen.x('type', '--delay', '40', text);
  }
}

/** The ordinary window with human-like timing: Bézier paths, log-normal keys, reading pauses. */
async function osHuman(screen: Screen, target: Target, random: Hand): Promise<void> {
  await humanLike(
    {
      async move([x, y], pause) {
        await screen.x('mousemove', String(x), String(y));
        await sleep(pause);
      },
      async press(hold) {
        await screen.x('mousedown', '1');
        await sleep(hold);
        await screen.x('mouseup', '1');
      },
      async key(char, hold) {
        const key = keysymOf(char);
        await screen.x('keydown', key);
        await sleep(hold);
        await screen.x('keyup', key);
      },
    },
    target,
    random,
  );
}

/** The classes that drive an ordinary window by operating-system input: they can drive any browser. */
export const OS_CLASSES: readonly AttackerClass[] = ['os-scripted', 'os-human'];

/**
 * Runs one attacker session of `kind` on `form` (the suggest form unless told) and answers the
 * verdicts it earned, oldest first. The operating-system classes drive a window of `browser`
 * (Chromium unless told); the others are Chromium's own tools.
 */
export async function attackerSession(
  corpus: Corpus,
  kind: AttackerClass,
  seed: number,
  form: CorpusForm = SUGGEST_FORM,
  browser: PersonBrowser = 'chromium',
): Promise<Verdict[]> {
  if (browser !== 'chromium' && !OS_CLASSES.includes(kind)) throw new Error(`The ${kind} bot drives Chromium only`);
  const random = hand(seed);
  const target: Target = {
    form,
    layout: await layoutOf(corpus, form),
    texts: farmTexts(form, random),
  };
  return verdictsOf(
    corpus,
    `${kind} bot (${browser})`,
    async (settled) => {
      if (kind === 'stealth') return stealthSession(corpus, target, random, settled);
      if (kind === 'raw-cdp') return rawCdpSession(corpus, target, random, settled);
      const script = kind === 'os-scripted' ? osScripted : osHuman;
      await inWindow(
        corpus.screen,
        browser,
        corpus.baseUrl,
        () => script(corpus.screen, target, random),
        settled,
        form.page,
      );
    },
    form.form,
  );
}

/**
 * Whether the shield caught a session, as issue 26 counts it: blocked, held, or stepped up to a
 * price it did not pay (no verdict after the step-up). A puzzle paid and then passed is not caught.
 */
export function caught(verdicts: readonly Verdict[]): boolean {
  const last = verdicts.at(-1);
  if (!last) return false;
  return (
    verdicts.some((v) => v.allowed !== 'allowed' || /fate: (?:hold|block)/.test(v.text)) ||
    /fate: step-up/.test(last.text)
  );
}
