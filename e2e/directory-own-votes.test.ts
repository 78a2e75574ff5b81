import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, waitForHydration, type TrackedPage } from './support/browser.js';
import { withBrowser } from './support/with-browser.js';

/**
 * Issue 11: a visitor's own upvotes survive a reload (green from the server's markup on), and a
 * vote that does not count says why, in words tied to the button and in a polite live region.
 */

const ALREADY = 'You have already upvoted this place.';
const FAILED = /^Your vote could not be counted\./;
const EXPIRED = 'This page is too old to vote from. Reload it and try again.';
const GREEN = 'rgb(10, 107, 45)';

const isVote = (body: string | null) => body?.includes('qcpd_upvote_action') ?? false;

describe('the visitor’s own upvotes', { timeout: 180_000 }, () => {
  const site = withBrowser();
  const { baseUrl } = site;

  async function open(viewport = { width: 1280, height: 900 }, tracked?: TrackedPage): Promise<TrackedPage> {
    const opened = tracked ?? (await site.open({ viewport }));
    opened.page.setDefaultTimeout(15_000);
    await opened.page.goto(`${baseUrl}/`);
    await waitForHydration(opened.page);
    return opened;
  }
  /** The list copy of the nth item that is not voted yet. */
  async function unvoted(page: Page, nth: number) {
    const item = page
      .locator('li[data-title]')
      .filter({ has: page.locator('.dir-upvote[data-voted="false"]') })
      .nth(nth);
    const id = Number((await item.getAttribute('id'))?.replace('item-', ''));
    return { id, button: page.locator(`#item-${id} .dir-upvote`) };
  }
  const voteStatus = (page: Page) => page.locator('[data-vote-status]');
  /** Counts the vote calls the page makes from now on. */
  function countVotes(page: Page) {
    const counter = { calls: 0 };
    page.on('request', (r) => {
      if (r.method() === 'POST' && isVote(r.postData())) counter.calls += 1;
    });
    return counter;
  }

  it('shows a vote as counted after a reload, from the first paint, and says so on another click', async () => {
    const tracked = await open();
    const { page } = tracked;
    const { id, button } = await unvoted(page, 0);
    const before = Number(await button.locator('.dir-upvote__count').textContent());
    await button.click();
    await page.waitForFunction(
      (i) => document.querySelector(`#item-${i} .dir-upvote`)?.getAttribute('data-voted') === 'true',
      id,
    );

    // The page as the server sends it to this visitor (its cookie): already green, no flash.
    const html = await (await page.context().request.get(`${baseUrl}/`)).text();
    const card = new RegExp(`<li id="item-${id}"[\\s\\S]*?</article>`).exec(html)?.[0] ?? '';
    expect(card).toMatch(/class="dir-upvote dir-upvote--voted"[^>]*data-voted="true"/);

    await page.reload();
    await waitForHydration(page);
    const counter = countVotes(page);
    await expect(button.getAttribute('data-voted')).resolves.toBe('true');
    await expect(button.evaluate((el) => getComputedStyle(el).color)).resolves.toBe(GREEN);
    await expect(button.locator('.dir-upvote__count').textContent()).resolves.toBe(String(before + 1));
    await expect(button.getAttribute('aria-label')).resolves.toMatch(/^\d+ votes?: you upvoted /);

    // Another click sends nothing and says why: next to the button, as its description, and aloud.
    await button.click();
    const note = page.locator(`#item-${id} .dir-upvote__note`);
    await expect(note.textContent()).resolves.toBe(ALREADY);
    const describedBy = await button.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${describedBy}"]`).textContent()).resolves.toBe(ALREADY);
    await expect(voteStatus(page).getAttribute('role')).resolves.toBe('status');
    await expect(voteStatus(page).textContent()).resolves.toBe(ALREADY);
    await button.click();
    await expect(voteStatus(page).textContent()).resolves.toBe(ALREADY);
    await page.waitForTimeout(300);
    expect(counter.calls).toBe(0);
    await expectAccessible(page);

    // The popup's copy is green too, and says the same in its own live region.
    await page
      .locator(`#item-${id}`)
      .getByRole('button', { name: /View details/ })
      .click();
    const popupCopy = page.getByRole('dialog').locator(`[data-upvote-item="${id}"]`);
    await popupCopy.waitFor();
    await expect(popupCopy.getAttribute('data-voted')).resolves.toBe('true');
    await popupCopy.click();
    const popupNote = page.getByRole('dialog').locator(`[data-upvote-note="${id}"]`);
    await expect(popupNote.getAttribute('role')).resolves.toBe('status');
    await expect(popupNote.textContent()).resolves.toBe(ALREADY);
    await page.waitForTimeout(200);
    expect(counter.calls).toBe(0);
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });

  it('says why when the server refuses a vote the page thought new (another tab voted first)', async () => {
    const first = await open();
    // A second tab of the same visitor, opened before either votes.
    const second = await open(undefined, { ...first, page: await first.page.context().newPage() });
    const { id, button } = await unvoted(first.page, 1);
    await button.click();
    await first.page.waitForFunction(
      (i) => document.querySelector(`#item-${i} .dir-upvote`)?.getAttribute('data-voted') === 'true',
      id,
    );

    const stale = second.page.locator(`#item-${id} .dir-upvote`);
    await expect(stale.getAttribute('data-voted')).resolves.toBe('false');
    const answered = second.page.waitForResponse((r) => isVote(r.request().postData()));
    await stale.click();
    expect(await (await answered).json()).toMatchObject({ vote_status: 'failed' });
    const note = second.page.locator(`#item-${id} .dir-upvote__note`);
    await note.waitFor();
    await expect(note.textContent()).resolves.toMatch(FAILED);
    await expect(voteStatus(second.page).textContent()).resolves.toMatch(FAILED);
    await expect(stale.getAttribute('data-voted')).resolves.toBe('false');
    await expectAccessible(second.page);
    expect(first.errors).toEqual([]);
    await first.close();
  });

  it('asks for a reload when the page’s vote nonce is refused', async () => {
    const tracked = await open();
    const { page } = tracked;
    // The nonce as a page a day old would send it: the server refuses it as PROTOCOL.md says.
    await page.route('**/wp-admin/admin-ajax.php', async (route: Route) => {
      const body = route.request().postData() ?? '';
      if (!isVote(body)) return route.continue();
      return route.continue({ postData: body.replace(/(name="security"\r\n\r\n)[0-9a-f]{10}/, '$10123456789') });
    });
    const { id, button } = await unvoted(page, 2);
    const answered = page.waitForResponse((r) => isVote(r.request().postData()));
    await button.click();
    expect(await (await answered).json()).toEqual({ votes: 0, vote_status: 'failed', cookies: '' });
    const note = page.locator(`#item-${id} .dir-upvote__note`);
    await note.waitFor();
    await expect(note.textContent()).resolves.toBe(EXPIRED);
    await expect(voteStatus(page).textContent()).resolves.toBe(EXPIRED);
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });

  it('keeps the card within a 390 px screen with the refusal under the button', async () => {
    const tracked = await open({ width: 390, height: 844 });
    const { page } = tracked;
    const { id, button } = await unvoted(page, 3);
    await button.scrollIntoViewIfNeeded();
    await button.click();
    await page.waitForFunction(
      (i) => document.querySelector(`#item-${i} .dir-upvote`)?.getAttribute('data-voted') === 'true',
      id,
    );
    await button.click();
    const note = page.locator(`#item-${id} .dir-upvote__note`);
    await expect(note.textContent()).resolves.toBe(ALREADY);
    const [noteBox, buttonBox, card] = await Promise.all([
      note.boundingBox(),
      button.boundingBox(),
      page.locator(`#item-${id}`).boundingBox(),
    ]);
    expect(noteBox && buttonBox && noteBox.y >= buttonBox.y + buttonBox.height - 1).toBe(true);
    expect(noteBox && card && noteBox.x >= card.x && noteBox.x + noteBox.width <= card.x + card.width + 1).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });
});
