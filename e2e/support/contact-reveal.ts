import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { openPage, waitForHydration } from './browser.js';
import type { Corpus } from './corpus.js';
import { HEIGHT, WIDTH, type WindowPage } from './corpus-forms.js';
import { verdictsOf, X_SERVER_REASONS, type Verdict } from './corpus-verdicts.js';
import { hand, sleep } from './hand.js';
import { moveTo } from './person-input.js';
import { inWindow } from './windows.js';
import type { PersonBrowser } from './x-screen.js';

/** A person reveals a masked contact in a real window: where to find one, the session, its verdict. */

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
