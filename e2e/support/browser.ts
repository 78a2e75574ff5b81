import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import { chromium, type Browser, type BrowserContextOptions, type Frame, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { takeTab } from './tab-pool.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// axe-core's browser build, evaluated in the page under test.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Debian's Chromium, headless, with nothing reaching outside this machine. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface TrackedPage {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/**
 * The user agent of the same Chromium with a window: headless Chromium names itself
 * "HeadlessChrome", an automation tell the spam shield weighs (a step-up at least), and these
 * pages stand for people using the site. The shield's corpus tests judge automation on purpose
 * and pass their own.
 */
const personAgent = (browser: Browser) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`;

/** A page as fresh as a new context's (see `takeTab`) that records every console error and page exception. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<TrackedPage> {
  const { page, release } = await takeTab(browser, { userAgent: personAgent(browser), ...options });
  const errors: string[] = [];
  page.on('console', (message) => {
    // The browser asks every site for /favicon.ico on its own; that 404 is no error of the page.
    const at = message.location().url;
    // A failed load names no address in its text; the address is what a reader of the failure needs.
    if (message.type() === 'error' && !at.endsWith('/favicon.ico')) {
      errors.push(
        message.text().startsWith('Failed to load resource') && at ? `${message.text()} (${at})` : message.text(),
      );
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors, close: release };
}

/**
 * Puts axe-core into a frame that lacks it. A page keeps it until it navigates, so a test that
 * checks one page in several states reads the half-megabyte source once.
 */
async function withAxe(frame: Frame): Promise<void> {
  if (await frame.evaluate('typeof window.axe === "object"')) return;
  await frame.evaluate(AXE_SOURCE);
}

/** Whether no transition or finite animation runs. */
const settled = () =>
  document
    .getAnimations()
    .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity);

/** Runs axe-core on the page as it is now and fails with a readable list of any violation. */
export async function expectAccessible(page: Page): Promise<void> {
  // A fade still running would show axe half-faded text: give it a moment to end, as a reader
  // would, and check anyway if something keeps moving (a slider's next slide).
  await page.waitForFunction(settled, undefined, { timeout: 2_000 }).catch(() => undefined);
  await withAxe(page.mainFrame());
  // axe reaches into same-origin frames only (its default), and each must hold its own copy; a
  // cross-origin frame, such as a video host's player, is outside the site's markup. A frame
  // still loading cannot take it, as with any page script, and is then left out.
  for (const frame of page.frames().slice(1)) {
    await Promise.race([withAxe(frame), new Promise((done) => setTimeout(done, 1_000))]).catch(() => undefined);
  }
  // axe runs in the page itself. Only violations carry node details: listing every passing node
  // of the 300-item home page cost seconds a check.
  const options: RunOptions = { resultTypes: ['violations'] };
  const { violations } = await page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run(c: Document, o: RunOptions): Promise<AxeResults> } }).axe.run(
        document,
        runOptions,
      ),
    options,
  );
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join('\n  ')}`,
  );
  expect(summary, `axe-core violations on ${page.url()}`).toEqual([]);
}

/** Waits until React has hydrated the server-rendered page. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Waits until no transition or finite animation runs (a fade would make axe see half-faded text). */
export async function still(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(settled)).toBe(true);
}
