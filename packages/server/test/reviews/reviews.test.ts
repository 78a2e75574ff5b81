import { NONCE_ACTIONS, REVIEW_TEXTS, SIGNAL, TELL, type PageContext } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, startSession } from '../../src/plugins/session.js';
import { bootstrap } from '../../src/bootstrap.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { fixtureSeeder } from '../support/fixture.js';
import { shieldFields } from '../support/shield-fields.js';
import { DIALECTS } from '../support/storage.js';

const AJAX = '/wp-admin/admin-ajax.php';
const REVIEW = {
  author: 'Ada Visitor',
  email: 'ada@example.org',
  body: 'Lovely bread.\n\nCall me on +44 20 7946 0958.',
};

/** The page context a rendered page carries for hydration. */
function contextOf(html: string): PageContext {
  const json = /<script type="application\/json" id="waymark-page">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
  return JSON.parse(json) as PageContext;
}

describe.each(DIALECTS)('reviews on %s', (dialect) => {
  let t: TestApp;
  let itemId: number;
  let ajaxNonce: string;
  let admin: string;
  let clients = 0;
  const client = () => ({ 'x-forwarded-for': `203.0.${(clients += 1)}.7` });

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { SEED_DEMO: 'true', SEED_ITEMS: '12', ADMIN_PASSWORD: 'admin-password-1', TRUST_PROXY: 'true' },
    });
    await bootstrap(t.app.storage, t.config, () => {}, fixtureSeeder);
    itemId = (await t.app.storage.db.selectFrom('items').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    ajaxNonce = t.app.nonces.create(NONCE_ACTIONS.ajax, '');
    const user = await t.app.storage.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    admin = (await startSession(t.app.storage, user.id, 1)).token;
  });
  afterAll(async () => t?.close());

  const post = (fields: Record<string, string>, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: AJAX,
      headers: { ...FORM_HEADERS, ...headers },
      payload: form({ action: 'waymark_post_review', _ajax_nonce: ajaxNonce, subject: `item:${itemId}`, ...fields }),
    });
  const asPerson = async (fields: Record<string, string> = {}, signals?: Record<string, unknown>) => {
    const headers = client();
    return post({ ...REVIEW, ...(await shieldFields(t.app, { headers, signals })), ...fields }, headers);
  };
  const rows = () => t.app.storage.db.selectFrom('reviews').selectAll().orderBy('id').execute();
  const latest = async () => (await rows()).at(-1);
  const itemPage = (cookies: Record<string, string> = {}) => t.app.inject({ url: `/items/${itemId}`, cookies });

  it('publishes a person’s review at once, with the real-person badge, and shows it on the item’s page', async () => {
    const res = await asPerson();
    expect(res.statusCode).toBe(200);
    const answer = res.json() as { success: boolean; status: string; message: string; review: { realPerson: boolean } };
    expect(answer).toMatchObject({ success: true, status: 'published', message: REVIEW_TEXTS.published });
    expect(answer.review.realPerson).toBe(true);
    expect(await latest()).toMatchObject({
      status: 'published',
      real_person: 1,
      author: 'Ada Visitor',
      item_id: itemId,
    });

    const page = await itemPage();
    expect(page.statusCode).toBe(200);
    const data = contextOf(page.body).data;
    if (data.page !== 'item') throw new Error(`not the item page: ${data.page}`);
    const shown = data.reviews.reviews.at(-1);
    expect(shown).toMatchObject({ author: 'Ada Visitor', realPerson: true });
    // Paragraphs from the author's text; the phone sealed for the decoder, nowhere in clear.
    expect(shown?.bodyHtml).toContain('<p>Lovely bread.</p>');
    expect(shown?.bodyHtml).toContain('data-original-string=');
    expect(page.body).not.toContain('7946 0958');
    // The e-mail the author gave is for the administrators only.
    expect(page.body).not.toContain('ada@example.org');
  });

  it('shows a signed-in visitor the contacts in a review in clear', async () => {
    const page = await itemPage({ [SESSION_COOKIE]: admin });
    expect(page.body).toContain('+44 20 7946 0958');
  });

  it('escapes what the author wrote', async () => {
    await asPerson({ author: '<b>Eve</b>', body: '<img src=x onerror=alert(1)> & more' });
    const page = await itemPage();
    expect(page.body).not.toContain('<img src=x');
    const data = contextOf(page.body).data;
    if (data.page !== 'item') throw new Error('not the item page');
    expect(data.reviews.reviews.at(-1)?.bodyHtml).toBe('<p>&lt;img src=x onerror=alert(1)&gt; &amp; more</p>');
  });

  it('holds a review the shield has a doubt about, without the badge', async () => {
    const res = await asPerson({}, { [SIGNAL.tells]: [TELL.chrome] });
    expect(res.json()).toMatchObject({ success: true, status: 'held', message: REVIEW_TEXTS.held });
    expect(await latest()).toMatchObject({ status: 'held', real_person: 0 });
    expect(JSON.parse((await latest())?.reasons ?? '[]')).toEqual(['tell_chrome']);
    const page = await itemPage();
    const data = contextOf(page.body).data;
    if (data.page !== 'item') throw new Error('not the item page');
    expect(data.reviews.reviews.every((r) => r.realPerson)).toBe(true);
  });

  it('answers a bot with the block answer and keeps its review as spam', async () => {
    const headers = client();
    const res = await post({ ...REVIEW, ...(await shieldFields(t.app, { headers })), alt_s: 'filled' }, headers);
    expect(res.json()).toEqual({ apbct: { blocked: true, comment: expect.any(String), stop_script: 0 } });
    expect(await latest()).toMatchObject({ status: 'spam', real_person: 0 });
  });

  it('refuses bad fields and unknown subjects in the protocol’s shape, keeping nothing', async () => {
    const before = (await rows()).length;
    const empty = await asPerson({ author: '', body: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      error: expect.stringContaining('author'),
      params: { author: expect.any(String) },
    });
    for (const subject of ['item:999999', 'page:/nowhere', 'post:1', '']) {
      const res = await asPerson({ subject });
      expect([subject, res.statusCode]).toEqual([subject, 400]);
      expect(res.json()).toHaveProperty('error');
    }
    expect((await rows()).length).toBe(before);
  });

  it('takes comments on the gallery page and shows them there', async () => {
    const res = await asPerson({ subject: 'page:/gallery', body: 'Great photos.' });
    expect(res.json()).toMatchObject({ status: 'published', message: REVIEW_TEXTS.publishedComment });
    const page = await t.app.inject('/gallery');
    const data = contextOf(page.body).data;
    if (data.page !== 'gallery') throw new Error('not the gallery');
    expect(data.comments).toMatchObject({ subject: 'page:/gallery', kind: 'comment' });
    expect(data.comments.reviews.map((r) => r.bodyHtml)).toEqual(['<p>Great photos.</p>']);
  });

  describe('the classic form', () => {
    const classic = async (fields: Record<string, string>) => {
      const headers = client();
      return t.app.inject({
        method: 'POST',
        url: '/reviews',
        headers: { ...FORM_HEADERS, ...headers },
        payload: form({
          _wpnonce: t.app.nonces.create(NONCE_ACTIONS.form, ''),
          subject: `item:${itemId}`,
          ...REVIEW,
          ...(await shieldFields(t.app, { headers })),
          ...fields,
        }),
      });
    };

    it('redirects after a post to the item’s reviews, which thank the author', async () => {
      const res = await classic({ body: 'Posted without a script.' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/items/${itemId}?posted=published#reviews`);
      const page = await t.app.inject(`/items/${itemId}?posted=published`);
      expect(page.body).toContain(REVIEW_TEXTS.published);
      expect(page.body).toContain('Posted without a script.');
    });

    it('shows the form again with its errors and values, and the block page to a bot', async () => {
      const bad = await classic({ author: '', body: 'Kept text' });
      expect(bad.statusCode).toBe(400);
      const data = contextOf(bad.body).data;
      if (data.page !== 'item') throw new Error('not the item page');
      expect(data.reviews.form.values.body).toBe('Kept text');
      expect(data.reviews.form.errors).toHaveProperty('author');
      const expired = await classic({ _wpnonce: '0000000000' });
      expect(expired.statusCode).toBe(403);
      const bot = await classic({ alt_s: 'filled' });
      expect([bot.statusCode, bot.body.includes('Submission blocked')]).toEqual([403, true]);
    });
  });

  describe('moderation', () => {
    const moderate = (id: number, action: string, nonce?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/admin/reviews/${id}`,
        headers: FORM_HEADERS,
        cookies: { [SESSION_COOKIE]: admin },
        payload: form({ _wpnonce: nonce ?? adminNonce, action, status: 'held' }),
      });
    let adminNonce: string;

    it('is for administrators only', async () => {
      expect((await t.app.inject('/admin/reviews')).statusCode).toBe(303);
      const page = await t.app.inject({ url: '/admin/reviews', cookies: { [SESSION_COOKIE]: admin } });
      expect(page.statusCode).toBe(200);
      adminNonce = contextOf(page.body).formNonce;
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/admin/reviews/1',
        headers: FORM_HEADERS,
        payload: form({ _wpnonce: adminNonce, action: 'delete' }),
      });
      expect(anonymous.statusCode).toBe(404);
    });

    it('lists held reviews with the e-mail and reasons, and publishes, holds, marks spam and deletes', async () => {
      const held = (await rows()).find((r) => r.status === 'held');
      if (!held) throw new Error('no held review');
      const page = await t.app.inject({ url: '/admin/reviews?status=held', cookies: { [SESSION_COOKIE]: admin } });
      const data = contextOf(page.body).data;
      if (data.page !== 'moderation') throw new Error('not the moderation page');
      expect(data.reviews.find((r) => r.id === held.id)).toMatchObject({
        email: 'ada@example.org',
        reasons: ['tell_chrome'],
        about: expect.any(String),
        aboutUrl: `/items/${itemId}`,
      });
      expect(data.counts.held).toBeGreaterThan(0);

      const published = await moderate(held.id, 'publish');
      expect([published.statusCode, published.headers.location]).toEqual([
        303,
        '/admin/reviews?status=held&done=publish',
      ]);
      expect((await rows()).find((r) => r.id === held.id)?.status).toBe('published');
      expect((await itemPage()).body).toContain(`"id":${held.id},`);
      await moderate(held.id, 'spam');
      expect((await rows()).find((r) => r.id === held.id)?.status).toBe('spam');
      await moderate(held.id, 'hold');
      expect((await rows()).find((r) => r.id === held.id)?.status).toBe('held');
      await moderate(held.id, 'delete');
      expect((await rows()).find((r) => r.id === held.id)).toBeUndefined();
      expect((await moderate(held.id, 'publish')).statusCode).toBe(404);
    });

    it('refuses an unknown action and a stale form', async () => {
      const review = await latest();
      if (!review) throw new Error('no review');
      expect((await moderate(review.id, 'explode')).statusCode).toBe(400);
      const stale = await moderate(review.id, 'delete', '0000000000');
      expect(stale.statusCode).toBe(303);
      expect((await rows()).some((r) => r.id === review.id)).toBe(true);
    });
  });

  it('goes with its item', async () => {
    await t.app.storage.db.deleteFrom('items').where('id', '=', itemId).execute();
    expect((await rows()).filter((r) => r.item_id === itemId)).toEqual([]);
    expect((await itemPage()).statusCode).toBe(404);
  });
});
