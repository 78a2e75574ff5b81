import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HEIGHT, SUGGEST_PAGE, WIDTH, type WindowPage } from './corpus-forms.js';
import { sleep } from './hand.js';
import { CHROMIUM, DBUS_RUN_SESSION, EPIPHANY, FIREFOX, type PersonBrowser, type Screen } from './x-screen.js';

/**
 * A real browser's window on the corpus's X server, started as a person starts it (a fresh
 * profile, the page filling the screen) with no automation protocol attached unless a caller
 * asks for a debugging port, and ended with every helper process it started.
 */

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
