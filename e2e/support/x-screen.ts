import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { HEIGHT, WIDTH } from './corpus-forms.js';

/**
 * The X server the corpora's real browser windows run on (Xvfb, a display of its own), the
 * operating-system input into it (xdotool, XTEST) and the browsers this machine has for it:
 * Debian's Chromium, Firefox ESR, and GNOME Web on WebKitGTK, Safari's engine.
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
