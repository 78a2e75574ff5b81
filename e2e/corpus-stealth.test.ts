import { STEP_UP_ANSWER } from '@waymark/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSession, type StorageState } from './support/admin.js';
import { openPage, waitForHydration } from './support/browser.js';
import { withBrowser } from './support/with-browser.js';

/**
 * The stealth class of the bot corpus in Chromium: headless, `navigator.webdriver` patched to
 * false, an ordinary user agent, synthetic pointer paths (straight lines at a steady pace) and
 * typing at a fixed delay, on the "Suggest a place" form. At least 90 % of its sessions must be
 * blocked or stepped up, and the spam log must name what gave each away.
 */

const ORDINARY_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SESSIONS = 10;

describe('bot corpus: stealth automation', () => {
  const site = withBrowser({ judged: true });
  let admin: StorageState;
  beforeAll(async () => {
    // The staff read the spam log where the shield trusts their address; the sessions are judged.
    admin = await adminSession(site.browser(), site.trustedUrl);
  });

  async function suggestVerdicts() {
    const tracked = await openPage(site.browser(), { storageState: admin });
    await tracked.page.goto(`${site.trustedUrl}/admin/spam-log`);
    await waitForHydration(tracked.page);
    const texts = await tracked.page
      .locator('tr[data-verdict]')
      .filter({ hasText: /suggest/ })
      .allTextContents();
    await tracked.close();
    return texts;
  }

  it('blocks or steps up at least 90 % of sessions, naming what gave each away', async () => {
    const before = (await suggestVerdicts()).filter((text) => !text.includes('step_up_solved')).length;
    for (let i = 0; i < SESSIONS; i += 1) {
      const tracked = await site.visit('/suggest', { userAgent: ORDINARY_UA });
      const { page } = tracked;
      await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
      await page.reload();
      await waitForHydration(page);
      const delay = 60 + i * 7;
      await page.mouse.move(100, 100);
      await page.mouse.move(600, 380, { steps: 25 });
      await page.getByRole('textbox', { name: 'Name of the place (required)' }).click();
      await page.keyboard.type(`stealth shop number ${i}`, { delay });
      await page.getByRole('textbox', { name: 'Street address (required)' }).click();
      await page.keyboard.type(`${i} automation avenue`, { delay });
      await page.mouse.move(200, 600, { steps: 25 });
      // The last answer: a step-up's puzzle is solved in the page and the form sent again.
      const answered = page.waitForResponse(
        async (r) =>
          r.url().endsWith('/wp-admin/admin-ajax.php') && !(await r.text().catch(() => '')).includes(STEP_UP_ANSWER),
      );
      await page.getByRole('button', { name: 'Send suggestion' }).click();
      await answered;
      await tracked.close();
    }
    // One verdict per session on what it sent; a solved puzzle's second sending has its own row.
    const all = (await suggestVerdicts()).filter((text) => !text.includes('step_up_solved'));
    expect(all).toHaveLength(before + SESSIONS);
    const verdicts = all.slice(0, SESSIONS);
    const caught = verdicts.filter((text) => /fate: (?:step-up|block)/.test(text));
    expect(caught.length / SESSIONS).toBeGreaterThanOrEqual(0.9);
    // Each names what gave it away: the browser's own tells or the hand it lacks.
    const giveaway =
      /tell_[a-z_]+|hints_mismatch|headers_inconsistent|typing_uniform|key_hold_robotic|pointer_synthetic|click_without_approach/g;
    for (const text of verdicts) expect(text.match(giveaway)?.length ?? 0).toBeGreaterThan(0);
  });
});
