import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BAD_AJAX_NONCE, CALLS, catalogue, DEFAULT_AJAX_PATH } from '@waymark/protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedAdminSession, type StorageState } from './support/admin.js';
import { expectAccessible, waitForHydration } from './support/browser.js';
import { clickAsPerson } from './support/person.js';
import { withBrowser } from './support/with-browser.js';

/**
 * Issue 33, "no state change from another site": a signed-in administrator visits a page of
 * another origin on the same host (another port of 127.0.0.1: the same site to the browser, so
 * it sends the session cookie along with every request the page makes, the hardest case), and
 * that page makes every call of the protocol that acts as the signed-in user, by POST and by GET,
 * and sends the site's classic forms. Every one is refused before it acts: the bookmark stays,
 * the link fetcher fetches nothing, the administrator stays signed in. The same bookmark call
 * from the site's own page works, so the refusals are the origin check's and not a broken call.
 */

const SIGNED_IN_CALLS = catalogue.filter((call) => call.access !== 'public' && call.ajax);
/** The classic forms a signed-in administrator's cookie would carry: none may act from elsewhere. */
const PAGE_FORMS = ['/logout', '/account/password', '/items/1/edit', '/admin/reviews/1', '/suggest'];
const CROSS_SITE_TEXT = 'This form was sent from another site. Please use the form on this site.';

/** The other origin's page: makes every call and sends every form once it is told the site and an item. */
const ATTACK_PAGE = `<!doctype html><html lang="en"><title>Elsewhere</title><body><script>
const params = new URLSearchParams(location.search);
const site = params.get('site');
const fields = { post_id: params.get('item'), item_code: params.get('item'), listid: '1', cat: 'x', url: params.get('bait') };
const ajax = site + ${JSON.stringify(DEFAULT_AJAX_PATH)};
const calls = JSON.parse(params.get('calls'));
const sent = [];
for (const action of calls) {
  const body = new URLSearchParams({ action, ...fields });
  sent.push(fetch(ajax, { method: 'POST', mode: 'no-cors', credentials: 'include', body }));
  sent.push(fetch(ajax + '?' + body, { mode: 'no-cors', credentials: 'include' }));
}
for (const [i, path] of JSON.parse(params.get('forms')).entries()) {
  const frame = Object.assign(document.createElement('iframe'), { name: 'f' + i, title: path });
  const form = Object.assign(document.createElement('form'), { method: 'post', action: site + path, target: 'f' + i });
  form.append(Object.assign(document.createElement('input'), { name: 'title', value: 'Taken over' }));
  document.body.append(frame, form);
  form.submit();
}
Promise.allSettled(sent).then(() => { document.title = 'sent'; });
</script></body></html>`;

describe('calls and forms from another site', { timeout: 120_000 }, () => {
  const site = withBrowser();
  // The staff's own address, where the shield does not judge them: only the origin check is tested.
  const siteUrl = site.trustedUrl;
  let admin: StorageState;
  let elsewhere: Server;
  let elsewhereUrl: string;
  let baitHits = 0;

  beforeAll(async () => {
    admin = await sharedAdminSession(site.browser(), siteUrl);
    elsewhere = createServer((request, response) => {
      if (request.url?.startsWith('/bait')) baitHits += 1;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ATTACK_PAGE);
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise<void>((resolve) => elsewhere?.close(() => resolve())));

  /** Whether the administrator's favourites list the item, read from the site's own page. */
  async function bookmarked(page: Page, item: string): Promise<boolean> {
    await page.goto(`${siteUrl}/bookmarks`);
    await waitForHydration(page);
    return (await page.locator(`[data-bookmark-item="${item}"]`).count()) > 0;
  }

  it('refuses every signed-in call and classic form a page of another origin sends with the session cookie', async () => {
    expect(SIGNED_IN_CALLS.map((call) => call.name)).toContain(CALLS.bookmarkRemove.action);
    const { page, close } = await site.open({ storageState: admin, viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(20_000);

    // The site's own page bookmarks an item: the call works from where it belongs.
    await page.goto(`${siteUrl}/?category=all`);
    await waitForHydration(page);
    await expectAccessible(page);
    const insert = page.waitForRequest((request) => request.postData()?.includes(CALLS.bookmarkInsert.action) ?? false);
    const star = page.getByRole('button', { name: /^Favourite: / }).first();
    await clickAsPerson(star);
    // The page sends its calls as multipart form data, as the protocol's page scripts do.
    const item = /name="post_id"\r\n\r\n(\d+)/.exec((await insert).postData() ?? '')?.[1] ?? '';
    await expect.poll(() => star.getAttribute('data-bookmarked')).toBe('1');
    expect(await bookmarked(page, item)).toBe(true);

    // The other origin's page makes every call as the administrator, and sends every form. The
    // site's answers never reach that page (Cross-Origin-Resource-Policy and frame-ancestors keep
    // them from it), so they are read as the browser receives them, over the DevTools protocol.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const sent = new Map<string, string>();
    const answers = new Map<string, { status: number; length: string | undefined }>();
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      if (request.url.startsWith(siteUrl)) sent.set(requestId, `${request.method} ${new URL(request.url).pathname}`);
    });
    cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode, headers }) => {
      answers.set(requestId, { status: statusCode, length: headers['content-length'] ?? headers['Content-Length'] });
    });
    const query = new URLSearchParams({
      site: siteUrl,
      item,
      bait: `${elsewhereUrl}/bait`,
      calls: JSON.stringify(SIGNED_IN_CALLS.map((call) => call.ajax?.action)),
      forms: JSON.stringify(PAGE_FORMS),
    });
    await page.goto(`${elsewhereUrl}/attack?${query}`);
    await expect.poll(() => page.title()).toBe('sent');
    const expected = SIGNED_IN_CALLS.length * 2 + PAGE_FORMS.length;
    await expect.poll(() => [...sent.keys()].filter((id) => answers.has(id)).length).toBe(expected);
    await cdp.detach();
    // Each answer is the refusal, told by its status and its body's length (the body itself never
    // reaches the page): the dispatcher's -1, or the classic forms' sentence.
    const refusal = (request: string) =>
      String(Buffer.byteLength(request.endsWith(DEFAULT_AJAX_PATH) ? BAD_AJAX_NONCE.body : CROSS_SITE_TEXT));
    const notRefused = [...sent].filter(([id, request]) => {
      const answer = answers.get(id);
      return answer?.status !== 403 || answer.length !== refusal(request);
    });
    expect(notRefused.map(([id, request]) => `${request} ${JSON.stringify(answers.get(id))}`)).toEqual([]);

    // Nothing was done: the bookmark is still there, nothing was fetched, the session still holds.
    expect(baitHits).toBe(0);
    expect(await bookmarked(page, item)).toBe(true);

    // Put back as it was, from the site's own page (`bookmarked` left the page on the list).
    await expectAccessible(page);
    await clickAsPerson(page.locator(`[data-bookmark-item="${item}"]`).getByRole('button').first());
    await expect.poll(() => page.locator(`[data-bookmark-item="${item}"]`).count()).toBe(0);
    await close();
  });
});
