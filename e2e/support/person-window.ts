import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { freePort } from '../../tools/start-server.js';
import { adminSession, type StorageState } from './admin.js';
import { expectAccessible, openPage, waitForHydration } from './browser.js';
import {
  HEIGHT,
  SUGGEST_FORM,
  SUGGEST_PAGE,
  WIDTH,
  type CorpusForm,
  type Layout,
  type Point,
  type WindowPage,
} from './corpus-forms.js';
import { devtools } from './devtools.js';
import { withBrowser } from './with-browser.js';

/**
 * The person corpus's machinery, shared by its tests and its benchmark: a real browser window
 * (Debian's Chromium, Firefox ESR or GNOME Web on WebKitGTK, Safari's engine) on an X server of its own (Xvfb), driven by operating-system
 * input from xdotool with no automation protocol attached, so the spam shield sees what it sees
 * from a person. Each session fills "Suggest a place" its own way; the administrator's spam log
 * tells the verdict.
 */

const run = promisify(execFile);

export const XVFB = '/usr/bin/Xvfb';
export const XDOTOOL = '/usr/bin/xdotool';
export const XCLIP = '/usr/bin/xclip';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/** GNOME Web (Epiphany): WebKitGTK, the engine of Safari, in the browser Linux people use it in. */
export const EPIPHANY = process.env.EPIPHANY_PATH ?? '/usr/bin/epiphany';
/** Epiphany talks to its helpers over a D-Bus session bus, which an X server alone does not give. */
export const DBUS_RUN_SESSION = '/usr/bin/dbus-run-session';

export type PersonBrowser = 'chromium' | 'firefox' | 'webkit';
export const BROWSER_PATH: Readonly<Record<PersonBrowser, string>> = {
  chromium: CHROMIUM,
  firefox: FIREFOX,
  webkit: EPIPHANY,
};

/**
 * Whether this machine has what a session in `browser` needs: the X server, xdotool, the browser,
 * and Chromium for the headless reader of the form and the spam log. The paste session needs
 * xclip too.
 */
export const canRun = (browser: PersonBrowser) =>
  [XVFB, XDOTOOL, BROWSER_PATH[browser], CHROMIUM, ...(browser === 'webkit' ? [DBUS_RUN_SESSION] : [])].every((file) =>
    existsSync(file),
  );
export const canPaste = () => existsSync(XCLIP);

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A deterministic hand: the same uneven delays for the same seed. */
export type Hand = (min: number, max: number) => number;
export function hand(seed: number): Hand {
  let s = seed;
  return (min, max) => min + ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * (max - min);
}

/** One of `items`, chosen by `random`'s hand: the same choices for the same seed. */
export const pickWith =
  (random: Hand) =>
  <T>(items: readonly T[]): T =>
    items[Math.floor(random(0, items.length))] as T;

/** An X server of its own and the operating-system input into it. */
export interface Screen {
  display: string;
  /** Runs xdotool with these arguments on this display; answers what it printed. */
  x(...args: string[]): Promise<string>;
  stop(): void;
}

/**
 * Xvfb picks a free display number itself (`-displayfd`) and writes it once it is ready, so two
 * test workers, or a test beside a benchmark, never collide on one display.
 */
export async function startScreen(): Promise<Screen> {
  const xvfb: ChildProcess = spawn(
    XVFB,
    ['-displayfd', '1', '-screen', '0', `${WIDTH}x${HEIGHT}x24`, '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const display = await new Promise<string>((resolve, reject) => {
    let written = '';
    const timer = setTimeout(() => {
      xvfb.kill();
      reject(new Error('Xvfb did not start in 10 s'));
    }, 10_000);
    xvfb.stdout?.on('data', (chunk: Buffer) => {
      written += chunk.toString();
      if (written.includes('\n')) {
        clearTimeout(timer);
        resolve(`:${written.trim()}`);
      }
    });
    xvfb.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited with ${code} before it started`));
    });
  });
  const env = { ...process.env, DISPLAY: display };
  return {
    display,
    x: async (...args) => (await run(XDOTOOL, args, { env })).stdout,
    stop: () => {
      if (xvfb.pid && xvfb.exitCode === null) process.kill(xvfb.pid);
    },
  };
}

/**
 * Measures `form` (the suggest form unless told): how many Tabs reach its first field, in a page
 * of the window's size (in a test, `accessible`, checked with axe-core too, as every page a test
 * visits is), and where its parts are in the corpus's own window.
 */
export async function measureLayout(
  browser: Browser,
  screen: Screen,
  baseUrl: string,
  accessible = true,
  form: CorpusForm = SUGGEST_FORM,
): Promise<Layout> {
  const tracked = await openPage(browser, { viewport: { width: WIDTH, height: HEIGHT } });
  const { page } = tracked;
  await page.goto(`${baseUrl}${form.page.path}`);
  await waitForHydration(page);
  if (accessible) await expectAccessible(page);
  let tabs = 0;
  for (; tabs < 60; tabs += 1) {
    if (await page.locator(form.fields[0]).evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await tracked.close();
  return { ...(await windowCentres(screen, baseUrl, form)), tabs };
}

/**
 * Where the form's parts are in the corpus's own Chromium window, as whoever drives that window
 * reads them off its screen: its classic scrollbar moves the form by pixels against a headless
 * page. Read once, over the DevTools protocol, in a window no session uses.
 */
async function windowCentres(
  screen: Screen,
  baseUrl: string,
  form: CorpusForm,
): Promise<Pick<Layout, 'fields' | 'submit'>> {
  const port = await freePort();
  const window = await openWindow(screen, 'chromium', `${baseUrl}${form.page.path}`, form.page.title, [
    `--remote-debugging-port=${port}`,
  ]);
  try {
    const cdp = await devtools(port);
    try {
      const expression = `(() => {
        const centres = ${JSON.stringify([...form.fields, form.submit])}.map((selector) => {
          const box = document.querySelector(selector)?.getBoundingClientRect();
          return box && [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)];
        });
        return document.readyState === 'complete' && centres.every(Boolean) ? centres : null;
      })()`;
      for (let tries = 0; tries < 100; tries += 1) {
        // Asked again if the page is between documents (no execution context yet): it is loading.
        const answer = (await cdp.send('Runtime.evaluate', { expression, returnByValue: true }).catch(() => ({}))) as {
          result?: { result?: { value?: Point[] | null } };
        };
        const [first, second, ...rest] = answer.result?.result?.value ?? [];
        const submit = rest.pop();
        if (first && second && submit) return { fields: [first, second, ...rest], submit };
        await sleep(200);
      }
      throw new Error(`The ${form.form} form did not show in the corpus window`);
    } finally {
      cdp.close();
    }
  } finally {
    await window.close();
  }
}

/**
 * A person's Firefox profile after its first run: no welcome tab, no default-browser question,
 * and the extensions installed for every user switched on, as a person switches on the ad
 * blocker they installed. `.ci/run` installs Debian's uBlock Origin there, so the Firefox
 * person browses with the most used content blocker and its default lists.
 */
const FIREFOX_PREFS = [
  ['browser.shell.checkDefaultBrowser', false],
  ['browser.startup.homepage_override.mstone', '"ignore"'],
  ['browser.aboutwelcome.enabled', false],
  ['datareporting.policy.dataSubmissionPolicyBypassNotification', true],
  ['toolkit.telemetry.reportingpolicy.firstRun', false],
  // Every scope (profile, user, application, system), none waiting for the person's consent.
  ['extensions.enabledScopes', 15],
  ['extensions.autoDisableScopes', 0],
] as const;

interface Launch {
  file: string;
  args: string[];
  env?: Record<string, string>;
}

/**
 * What each browser is started with: a fresh profile, full screen, the suggest page; nothing else
 * but what a caller adds to Chromium's command line (the bot corpus's debugging port).
 */
function launch(browser: PersonBrowser, profile: string, url: string, extraArgs: readonly string[] = []): Launch {
  if (browser === 'webkit') {
    return {
      file: DBUS_RUN_SESSION,
      args: ['--', EPIPHANY, '--private-instance', `--profile=${profile}`, url],
      // WebKitGTK runs its page processes in a bubblewrap sandbox, which cannot make its
      // namespaces inside this container: the page process dies at once. A person's desktop
      // has the sandbox; the page sees the same engine either way.
      env: { WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS: '1' },
    };
  }
  if (browser === 'firefox') {
    writeFileSync(
      path.join(profile, 'user.js'),
      FIREFOX_PREFS.map(([name, value]) => `user_pref("${name}", ${String(value)});\n`).join(''),
    );
    // The window's size as Firefox remembers it; with no window manager, kiosk mode keeps it.
    writeFileSync(
      path.join(profile, 'xulstore.json'),
      JSON.stringify({
        'chrome://browser/content/browser.xhtml': {
          'main-window': {
            screenX: '0',
            screenY: '0',
            width: String(WIDTH),
            height: String(HEIGHT),
            sizemode: 'normal',
          },
        },
      }),
    );
    return { file: FIREFOX, args: ['--profile', profile, '--no-remote', '--kiosk', url] };
  }
  return {
    file: CHROMIUM,
    args: [
      '--no-sandbox',
      '--test-type',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--password-store=basic',
      `--user-data-dir=${profile}`,
      '--kiosk',
      `--window-size=${WIDTH},${HEIGHT}`,
      '--window-position=0,0',
      ...extraArgs,
      url,
    ],
  };
}

/** Whether any process of the group `pgid` is still there. */
const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Ends a browser and every helper it started (its process group), and waits until they are all
 * gone: GNOME Web's page, network and D-Bus helpers outlive its main process by seconds, writing
 * into the profile, which could not be removed meanwhile. What has not ended in 5 s is killed.
 */
async function endGroup(pgid: number): Promise<void> {
  if (groupAlive(pgid)) process.kill(-pgid, 'SIGTERM');
  for (let waited = 0; groupAlive(pgid); waited += 100) {
    if (waited === 5_000) process.kill(-pgid, 'SIGKILL');
    if (waited > 10_000) throw new Error(`The browser's processes (group ${pgid}) did not end`);
    await sleep(100);
  }
}

/** A browser window on the screen, until it is closed. */
export interface Window {
  /** The X window showing the page. */
  id: string;
  close(): Promise<void>;
}

/**
 * Starts `browser` on `url` with a fresh profile and answers its window once the window's title
 * (the page's) holds `title`.
 */
export async function openWindow(
  screen: Screen,
  browser: PersonBrowser,
  url: string,
  title: string,
  extraArgs: readonly string[] = [],
): Promise<Window> {
  const profile = mkdtempSync(path.join(tmpdir(), `waymark-person-${browser}-`));
  const { file, args, env } = launch(browser, profile, url, extraArgs);
  const child = spawn(file, args, {
    // Its own process group, so its helper processes end with it.
    env: { ...process.env, ...env, DISPLAY: screen.display },
    stdio: 'ignore',
    detached: true,
  });
  const close = async () => {
    if (child.pid) await endGroup(child.pid);
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
  try {
    // Asked again and again rather than with --sync: a browser's short-lived windows can vanish
    // mid-search (BadWindow).
    for (let waited = 0; ; waited += 250) {
      const found = await screen.x('search', '--onlyvisible', '--name', title).catch(() => '');
      const id = found.split('\n')[0]?.trim();
      if (id) return { id, close };
      if (waited > 60_000) throw new Error(`No ${browser} window showed "${title}" in a minute`);
      await sleep(250);
    }
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Where the page sits in a window that cannot be full screen: GNOME Web has no kiosk mode, and
 * with no window manager on this X server it cannot go full screen either. Its window is made
 * larger than the screen by what its header bar and borders take and moved up and left by as
 * much, so that the page fills the screen as a kiosk window's does and the form is where it was
 * measured.
 */
interface WindowFrame {
  /** The page's top left corner inside the window. */
  left: number;
  top: number;
  /** What the window is wider and taller than its page. */
  extraWidth: number;
  extraHeight: number;
}

/** A page that writes where the pointer is in it, and its own size, into its title. */
const PROBE = `<!doctype html><title>waymark-probe</title><script>
const show = (x, y) => { document.title = ['waymark-probe', x, y, innerWidth, innerHeight].join(' '); };
addEventListener('mousemove', (event) => show(event.clientX, event.clientY));
show('-', '-');
</script>`;

const frames = new Map<string, Promise<WindowFrame>>();

/** Measures `browser`'s window frame once per screen, with the probe page in a window of its own. */
function frameOf(screen: Screen, browser: PersonBrowser): Promise<WindowFrame> {
  const key = `${screen.display} ${browser}`;
  let frame = frames.get(key);
  if (!frame) {
    frame = measureFrame(screen, browser);
    frames.set(key, frame);
    frame.catch(() => frames.delete(key));
  }
  return frame;
}

async function measureFrame(screen: Screen, browser: PersonBrowser): Promise<WindowFrame> {
  const folder = mkdtempSync(path.join(tmpdir(), 'waymark-probe-'));
  const probe = path.join(folder, 'probe.html');
  writeFileSync(probe, PROBE);
  const window = await openWindow(screen, browser, `file://${probe}`, 'waymark-probe');
  try {
    const geometry = Object.fromEntries(
      (await screen.x('getwindowgeometry', '--shell', window.id))
        .split('\n')
        .map((line) => line.split('='))
        .map(([name, value]) => [name, Number(value)]),
    ) as Record<string, number>;
    const [x, y] = [200, 150];
    for (let tries = 0; tries < 40; tries += 1) {
      await screen.x('mousemove', String(x + tries), String(y));
      await sleep(250);
      const [, clientX, clientY, width, height] = (await screen.x('getwindowname', window.id)).trim().split(' ');
      if (clientX === undefined || clientX === '-') continue;
      return {
        left: x + tries - Number(clientX) - (geometry.X ?? 0),
        top: y - Number(clientY) - (geometry.Y ?? 0),
        extraWidth: (geometry.WIDTH ?? 0) - Number(width),
        extraHeight: (geometry.HEIGHT ?? 0) - Number(height),
      };
    }
    throw new Error(`The ${browser} probe page never saw the pointer`);
  } finally {
    await window.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Gives the window's page the whole screen (see `WindowFrame`). */
async function fillScreen(screen: Screen, window: Window, frame: WindowFrame): Promise<void> {
  await screen.x('windowsize', window.id, String(WIDTH + frame.extraWidth), String(HEIGHT + frame.extraHeight));
  await screen.x('windowmove', window.id, String(-frame.left), String(-frame.top));
}

/**
 * Opens `page` (the suggest page unless told) in a real window of `browser` filling the screen,
 * waits until the page is there and a person would have read it, runs `use`, and closes the
 * window once `done`.
 */
export async function inWindow(
  screen: Screen,
  browser: PersonBrowser,
  baseUrl: string,
  use: () => Promise<void>,
  done: () => Promise<boolean>,
  page: WindowPage = SUGGEST_PAGE,
): Promise<void> {
  const frame = browser === 'webkit' ? await frameOf(screen, browser) : undefined;
  // The window's title is the page's once the page has arrived.
  const window = await openWindow(screen, browser, `${baseUrl}${page.path}`, page.title);
  try {
    if (frame) await fillScreen(screen, window, frame);
    // The page hydrates; a person reads the form first anyway.
    await sleep(5_000);
    await use();
    // The form is sent: the window stays until its verdict is in (or a while, if none comes).
    for (let i = 0; i < 20 && !(await done()); i += 1) await sleep(1_000);
  } finally {
    await window.close();
  }
}

/** The X keysym xdotool presses for a character: letters and digits are their own. */
const KEYSYMS: Readonly<Record<string, string>> = {
  ' ': 'space',
  '.': 'period',
  ',': 'comma',
  '!': 'exclam',
  '-': 'minus',
  '@': 'at',
};
export const keysymOf = (char: string): string => KEYSYMS[char] ?? char;

/**
 * A person's own tempo, drawn once per hand: people differ in how long they hold keys, how fast
 * they type and move the pointer, and how often they stop to think, so two sessions of the corpus
 * are two people, not one person twice.
 */
interface Tempo {
  hold: readonly [number, number];
  gap: readonly [number, number];
  pauses: number;
  steps: number;
  step: readonly [number, number];
}

const tempos = new WeakMap<Hand, Tempo>();

function tempoOf(random: Hand): Tempo {
  const known = tempos.get(random);
  if (known) return known;
  const hold = random(55, 110);
  const gap = random(70, 200);
  const step = random(8, 20);
  const tempo: Tempo = {
    hold: [hold, hold + random(30, 60)],
    gap: [gap, gap + random(150, 300)],
    pauses: random(0.05, 0.25),
    steps: Math.round(random(9, 20)),
    step: [step, step + random(10, 25)],
  };
  tempos.set(random, tempo);
  return tempo;
}

/**
 * Keys pressed and let go as a hand does, at the hand’s own tempo (holds of 55–170 ms, gaps of
 * 70–500 ms), and now and then (after a word, or on a hesitation) a longer one, so the gaps vary
 * as a typist's do.
 */
export async function type(screen: Screen, text: string, random: Hand): Promise<void> {
  const { hold, gap, pauses } = tempoOf(random);
  for (const char of text) {
    const key = keysymOf(char);
    await screen.x('keydown', key);
    await sleep(random(...hold));
    await screen.x('keyup', key);
    await sleep(random(...gap) + (char === ' ' || random(0, 1) < pauses ? random(200, 700) : 0));
  }
}

/**
 * A curved, uneven pointer path from `from` to somewhere near `to`: a hand aiming at the middle of
 * a field or a button lands a few pixels off it (Fitts: the scatter is about a quarter of the
 * target's size, here up to 12 px across and 6 px down a 40 px high box).
 */
export async function moveTo(
  screen: Screen,
  from: readonly [number, number],
  to: readonly [number, number],
  random: Hand,
): Promise<void> {
  const { steps, step } = tempoOf(random);
  const bend = random(-120, 120);
  const aim = [random(-12, 12), random(-6, 6)] as const;
  for (let i = 1; i <= steps; i += 1) {
    const t = i / steps;
    const ease = t * t * (3 - 2 * t);
    const px = from[0] + (to[0] + aim[0] - from[0]) * ease + Math.sin(Math.PI * t) * bend + random(-3, 3);
    const py = from[1] + (to[1] + aim[1] - from[1]) * ease + Math.sin(Math.PI * t) * bend * 0.4 + random(-3, 3);
    await screen.x('mousemove', String(Math.round(px)), String(Math.round(py)));
    await sleep(random(...step));
  }
}

/**
 * Pastes `text` as a person does who copied it elsewhere: the text is put on the clipboard (xclip
 * owns it until the paste is done) and Ctrl+V pressed with the keys held a while.
 */
export async function paste(screen: Screen, text: string, random: Hand): Promise<void> {
  const owner = spawn(XCLIP, ['-selection', 'clipboard', '-quiet'], {
    env: { ...process.env, DISPLAY: screen.display },
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  owner.stdin?.end(text);
  try {
    await sleep(random(300, 600));
    await screen.x('keydown', 'ctrl');
    await sleep(random(80, 160));
    await screen.x('keydown', 'v');
    await sleep(random(60, 120));
    await screen.x('keyup', 'v');
    await sleep(random(40, 100));
    await screen.x('keyup', 'ctrl');
    await sleep(random(400, 700));
  } finally {
    owner.kill();
  }
}

export type SessionKind = 'mouse' | 'keyboard' | 'paste' | 'slow-reader' | 'hesitant';

/** How a pointer user's hand fills each field and what it does on the way. */
interface PointerHabits {
  fill(text: string): Promise<void>;
  /** Before the pointer sets off for the next field or the button. */
  beforeMove?(): Promise<void>;
  /** With the pointer on its target, before the click. */
  beforeClick?(): Promise<void>;
}

/** Points at the form's two fields and its button in turn: clicks each, fills the fields. */
async function pointAndFill(
  screen: Screen,
  parts: Layout,
  random: Hand,
  [first, second]: readonly [string, string],
  habits: PointerHabits,
): Promise<void> {
  let at: readonly [number, number] = [40, 40];
  for (const [target, text] of [
    [parts.fields[0], first],
    [parts.fields[1], second],
    [parts.submit, null],
  ] as const) {
    await habits.beforeMove?.();
    await moveTo(screen, at, target, random);
    at = target;
    await habits.beforeClick?.();
    await screen.x('click', '1');
    if (text !== null) await habits.fill(text);
  }
}

/**
 * The place a person suggests, in their own words: people suggest different places, and so type
 * different numbers of keys. Typed ones in lower case, as most people type a quick suggestion;
 * a copied one as its page wrote it.
 */
function placeOf(random: Hand, copied = false): readonly [string, string] {
  const pick = pickWith(random);
  const name = `${pick(['corner', 'river', 'old mill', 'green', 'little', 'north street'])} ${pick(['bakery', 'books', 'cafe', 'garden shop', 'toy shop', 'deli'])}`;
  const address = `${Math.floor(random(1, 240))} ${pick(['main', 'quiet', 'long', 'station', 'church'])} ${pick(['street', 'lane', 'road', 'row'])}`;
  const title = (text: string) => text.replace(/\b\w/g, (first) => first.toUpperCase());
  return copied ? [title(name), title(address)] : [name, address];
}

/** How each kind of person fills the form, once the page is open and read. */
export const SESSIONS: Readonly<Record<SessionKind, (screen: Screen, layout: Layout, random: Hand) => Promise<void>>> =
  {
    mouse: (screen, parts, random) =>
      pointAndFill(screen, parts, random, placeOf(random), {
        fill: (text) => type(screen, text, random),
        beforeClick: () => sleep(random(150, 450)),
      }),
    async keyboard(screen, parts, random) {
      for (let i = 0; i < parts.tabs; i += 1) {
        await screen.x('key', 'Tab');
        await sleep(random(150, 400));
      }
      const [name, address] = placeOf(random);
      await type(screen, name, random);
      await screen.x('key', 'Tab');
      await sleep(random(200, 500));
      await type(screen, address, random);
      await screen.x('key', 'Return');
    },
    paste: (screen, parts, random) =>
      pointAndFill(screen, parts, random, placeOf(random, true), {
        fill: (text) => paste(screen, text, random),
        beforeClick: () => sleep(random(150, 450)),
      }),
    /**
     * Reads long before each move, the pointer resting away from its next target, and stops
     * mid-field to think; each click still comes at the end of a move, as most clicks do.
     */
    'slow-reader': (screen, parts, random) =>
      pointAndFill(screen, parts, random, placeOf(random), {
        async fill(text) {
          const half = text.indexOf(' ', text.length / 2);
          await type(screen, text.slice(0, half), random);
          await sleep(random(4_000, 6_000));
          await type(screen, text.slice(half), random);
        },
        beforeMove: () => sleep(random(6_000, 10_000)),
      }),
    /**
     * Rests the pointer on each field and the button a moment (reading the label, making up one's
     * mind) before clicking: a still hand on a mouse sends no pointer moves meanwhile.
     */
    hesitant: (screen, parts, random) =>
      pointAndFill(screen, parts, random, placeOf(random), {
        fill: (text) => type(screen, text, random),
        beforeClick: () => sleep(random(1_600, 3_000)),
      }),
  };

/** Where a person finds a contact to reveal: an item page with an encoded contact in view. */
export interface ContactLayout {
  page: WindowPage;
  contact: readonly [number, number];
}

/** xdotool reads a window title as an extended regular expression. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Finds, in a page of the window's size, the first item page (from the home page's cards) whose
 * first encoded contact shows without scrolling, and where that contact is.
 */
export async function measureContact(browser: Browser, baseUrl: string): Promise<ContactLayout> {
  const tracked = await openPage(browser, { viewport: { width: WIDTH, height: HEIGHT } });
  const { page } = tracked;
  try {
    await page.goto(baseUrl);
    await waitForHydration(page);
    const paths = await page
      .locator('a[href^="/items/"]')
      .evaluateAll((links) => [...new Set(links.map((a) => (a as HTMLAnchorElement).pathname))].slice(0, 20));
    for (const path of paths) {
      await page.goto(`${baseUrl}${path}`);
      await waitForHydration(page);
      const box = await page.locator('[data-original-string]').first().boundingBox();
      if (!box || box.y < 0 || box.y + box.height > HEIGHT - 40) continue;
      const title = literally((await page.title()).slice(0, 30));
      return {
        page: { path, title },
        contact: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)],
      };
    }
    throw new Error('No item page shows an encoded contact without scrolling');
  } finally {
    await tracked.close();
  }
}

/**
 * A person reveals a contact: reads the item page, points at the masked contact along a curved
 * path, clicks it, and reads the popup until the contact shows (3 s). Answers the decode verdicts.
 */
export function decodeSession(
  corpus: Corpus,
  browser: PersonBrowser,
  where: ContactLayout,
  seed: number,
): Promise<Verdict[]> {
  const { screen, baseUrl } = corpus;
  const random = hand(seed);
  const reveal = async () => {
    await moveTo(screen, [40, 40], [WIDTH / 2, HEIGHT / 2], random);
    await sleep(random(600, 1_200));
    await moveTo(screen, [WIDTH / 2, HEIGHT / 2], where.contact, random);
    await sleep(random(150, 450));
    await screen.x('click', '1');
    await sleep(4_000);
  };
  return verdictsOf(
    corpus,
    `decode (${browser})`,
    (settled) => inWindow(screen, browser, baseUrl, reveal, settled, where.page),
    'decode',
  );
}

/** A person's reveal, asserted: one verdict, allowed, passed, no reason but this X server's. */
export function expectRevealed(verdicts: readonly Verdict[]): void {
  expect(verdicts).toHaveLength(1);
  const verdict = verdicts[0] as Verdict;
  expect(verdict.allowed).toBe('allowed');
  expect(verdict.text).toContain('fate: pass');
  expect(verdict.reasons.filter((reason) => !X_SERVER_REASONS.includes(reason))).toEqual([]);
}

export interface Verdict {
  /** The spam log's number for it: later verdicts have higher ones. */
  entry: number;
  allowed: string | null;
  reasons: string[];
  /** The row's text: its evidence says the fate and the step-up. */
  text: string;
}

/** A form's verdicts (the suggest form's unless told) in the spam log, newest first, as the administrator reads them. */
export async function suggestVerdicts(
  browser: Browser,
  baseUrl: string,
  admin: StorageState,
  checkPage = false,
  form = 'suggest',
): Promise<Verdict[]> {
  const tracked = await openPage(browser, { storageState: admin });
  await tracked.page.goto(`${baseUrl}/admin/spam-log`);
  await waitForHydration(tracked.page);
  if (checkPage) await expectAccessible(tracked.page);
  const formCell = tracked.page.locator('td[data-label="Form"]').getByText(form, { exact: true });
  const rows = tracked.page.locator('tr[data-verdict]').filter({ has: formCell });
  const verdicts: Verdict[] = [];
  for (const row of await rows.all()) {
    verdicts.push({
      entry: Number((await row.getAttribute('id'))?.replace(/^entry-/, '')),
      allowed: await row.getAttribute('data-verdict'),
      reasons: await row.locator('td[data-label="Reasons"] code').allTextContents(),
      text: (await row.textContent()) ?? '',
    });
  }
  await tracked.close();
  return verdicts;
}

/**
 * The reasons a person's browser on this X server legitimately shows: Xvfb has no GPU, so WebGL
 * draws with Mesa's llvmpipe, as it does for a person on a virtual machine or a remote desktop.
 */
export const X_SERVER_REASONS: readonly string[] = ['tell_software_gl'];

/** What became of a session: passed clean, passed but flagged, asked for more, or blocked. */
export type Outcome = 'pass' | 'flagged' | 'step-up' | 'block';

/**
 * A session's outcome from its verdicts (a step-up's puzzle, solved by the page, earns a second),
 * and the reasons in them that a person's browser on this X server does not legitimately give.
 */
export function outcomeOf(verdicts: readonly Verdict[]): { outcome: Outcome; unexpected: string[] } {
  const unexpected = [
    ...new Set(verdicts.flatMap((v) => v.reasons).filter((reason) => !X_SERVER_REASONS.includes(reason))),
  ];
  const outcome: Outcome = verdicts.some((v) => v.allowed !== 'allowed')
    ? 'block'
    : verdicts.some((v) => !v.text.includes('fate: pass') || !v.text.includes('stepUp: none'))
      ? 'step-up'
      : unexpected.length > 0
        ? 'flagged'
        : 'pass';
  return { outcome, unexpected };
}

/** What a corpus run shares: the X server, the administrator and the measured form. */
export interface Corpus {
  screen: Screen;
  /** The headless Chromium that measures the form and reads the spam log (never the person's). */
  reader: Browser;
  /** Where the person's window goes: a visitor the shield judges. */
  baseUrl: string;
  /** Where the staff read the spam log: the address the shield trusts. */
  logUrl: string;
  admin: StorageState;
  /** The suggest form's. */
  layout: Layout;
}

const layouts = new WeakMap<Corpus, Map<string, Promise<Layout>>>();

/** `form`'s layout in the corpus's window, measured when first asked for. */
export function layoutOf(corpus: Corpus, form: CorpusForm): Promise<Layout> {
  if (form === SUGGEST_FORM) return Promise.resolve(corpus.layout);
  const known = layouts.get(corpus) ?? new Map<string, Promise<Layout>>();
  layouts.set(corpus, known);
  const layout = known.get(form.page.path) ?? measureLayout(corpus.reader, corpus.screen, corpus.baseUrl, false, form);
  known.set(form.page.path, layout);
  return layout;
}

/**
 * Runs `act`, one visitor's session on the suggest form, and answers the verdicts it earned,
 * oldest first: one, or a step-up and the verdict on the page's solved puzzle after it. `act`
 * is given `settled`, which says whether the session's last verdict is in.
 */
export async function verdictsOf(
  corpus: Corpus,
  label: string,
  act: (settled: () => Promise<boolean>) => Promise<void>,
  form = 'suggest',
): Promise<Verdict[]> {
  const { reader, logUrl, admin } = corpus;
  // Read while the browser starts: the form is sent seconds after its window shows. By number,
  // not by count: the log shows its newest entries only, so a long run's count stops growing.
  const before = suggestVerdicts(reader, logUrl, admin, false, form).then((rows) => rows[0]?.entry ?? 0);
  // Awaited below; a failure before then is reported there, not as an unhandled rejection.
  before.catch(() => undefined);
  let earned: Verdict[] = [];
  const settled = async () => {
    const rows = await suggestVerdicts(reader, logUrl, admin, false, form);
    const newest = await before;
    earned = rows.filter(({ entry }) => entry > newest).reverse();
    const last = earned.at(-1);
    // A step-up is not the end: the page solves its puzzle and sends the form again.
    return last !== undefined && !(last.allowed === 'allowed' && /fate: step-up/.test(last.text));
  };
  await act(settled);
  await settled();
  if (earned.length === 0) throw new Error(`The ${label} session earned no verdict`);
  return earned;
}

/** Runs one session in a person's window and answers the verdicts it earned (see `verdictsOf`). */
export function personSession(
  corpus: Corpus,
  browser: PersonBrowser,
  kind: SessionKind,
  seed: number,
): Promise<Verdict[]> {
  const { screen, baseUrl, layout } = corpus;
  return verdictsOf(corpus, `${kind} (${browser})`, (settled) =>
    inWindow(screen, browser, baseUrl, () => SESSIONS[kind](screen, layout, hand(seed)), settled),
  );
}

/**
 * A test file's corpus: the X server, the administrator's session and the measured form, set up
 * before its tests and the X server stopped after them. With `checkPages`, the two pages the
 * corpus reads (the suggest form and the spam log) are checked with axe-core too; one file of a
 * run doing so is enough. Call it inside the `describe`; the answer gives the corpus once set up.
 */
export function corpusSuite({ checkPages }: { checkPages: boolean }): () => Corpus {
  const site = withBrowser({ judged: true });
  let corpus: Corpus | undefined;
  beforeAll(async () => {
    const screen = await startScreen();
    const reader = site.browser();
    // The staff read the spam log where the shield trusts their address; the windows are judged.
    const admin = await adminSession(reader, site.trustedUrl);
    if (checkPages) await suggestVerdicts(reader, site.trustedUrl, admin, true);
    const layout = await measureLayout(reader, screen, site.baseUrl, checkPages);
    corpus = { screen, reader, baseUrl: site.baseUrl, logUrl: site.trustedUrl, admin, layout };
  });
  afterAll(() => corpus?.screen.stop());
  return () => {
    if (!corpus) throw new Error('The corpus is not set up');
    return corpus;
  };
}

/**
 * A test file's person corpus in `browser` (see `corpusSuite`): form sessions, and reveals of a
 * contact on an item page (found once, by the reader, when first asked for).
 */
export function personCorpus(browser: PersonBrowser, options: { checkPages: boolean }) {
  const corpus = corpusSuite(options);
  let contact: Promise<ContactLayout> | undefined;
  return {
    session: (kind: SessionKind, seed: number) => personSession(corpus(), browser, kind, seed),
    async reveal(seed: number) {
      contact ??= measureContact(corpus().reader, corpus().baseUrl);
      return decodeSession(corpus(), browser, await contact, seed);
    },
  };
}

/**
 * A person's session, every part of its verdict asserted: one verdict, allowed, passed, no
 * step-up, no reason but this X server's. Answers that verdict.
 */
export function expectPassWithoutStepUp(verdicts: readonly Verdict[]): Verdict {
  expect(verdicts.map((v) => v.reasons)).toHaveLength(1);
  const verdict = verdicts[0] as Verdict;
  expect(verdict.allowed).toBe('allowed');
  expect(verdict.text).toContain('fate: pass');
  expect(verdict.text).toContain('stepUp: none');
  expect(verdict.reasons.filter((reason) => !X_SERVER_REASONS.includes(reason))).toEqual([]);
  return verdict;
}
