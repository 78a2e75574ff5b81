import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import type { StorageState } from './admin.js';
import { expectAccessible, openPage, waitForHydration } from './browser.js';
import type { Corpus } from './corpus.js';

/**
 * What the shield made of a corpus session, read as the administrator reads it, from the spam
 * log, and what a person's session must earn.
 */

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
