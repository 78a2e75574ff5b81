import { NONCE_ACTIONS, SIGNAL, TELL } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../../src/bootstrap.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { fixtureSeeder } from '../support/fixture.js';
import { shieldFields } from '../support/shield-fields.js';
import { DIALECTS } from '../support/storage.js';
import { webDistEnv } from './env.js';

const ADMIN_EMAIL = 'moderator@waymark.test';

describe.each(DIALECTS)('the administrators’ notice of a held review on %s', (dialect) => {
  let t: TestApp;
  let itemId: number;
  let clients = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { SEED_DEMO: 'true', SEED_ITEMS: '2', ADMIN_EMAIL, TRUST_PROXY: 'true', ...webDistEnv() },
    });
    await bootstrap(t.app.storage, t.config, () => {}, fixtureSeeder);
    itemId = (await t.app.storage.db.selectFrom('items').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t?.close());

  const review = async (body: string, signals?: Record<string, unknown>) => {
    const headers = { 'x-forwarded-for': `203.0.${(clients += 1)}.7` };
    const res = await t.app.inject({
      method: 'POST',
      url: '/wp-admin/admin-ajax.php',
      headers: { ...FORM_HEADERS, ...headers },
      payload: form({
        action: 'waymark_post_review',
        _ajax_nonce: t.app.nonces.create(NONCE_ACTIONS.ajax, ''),
        subject: `item:${itemId}`,
        author: '<b>Eve</b>',
        email: 'eve@example.org',
        body,
        ...(await shieldFields(t.app, { headers, signals })),
      }),
    });
    return (res.json() as { status?: string }).status;
  };
  const notices = () =>
    t.app.storage.db.selectFrom('outbox').selectAll().where('kind', '=', 'review-held').orderBy('id').execute();

  it('writes none for a published review', async () => {
    expect(await review('Lovely bread.')).toBe('published');
    expect(await notices()).toEqual([]);
  });

  it('mails every administrator through the outbox when a review is held, with what the author wrote escaped', async () => {
    expect(await review('<script>alert(1)</script> Lovely bread', { [SIGNAL.tells]: [TELL.chrome] })).toBe('held');
    const [notice, ...more] = await notices();
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ to_address: ADMIN_EMAIL, reply_to: null, subject: 'A review waits for moderation' });
    expect(notice?.text_body).toContain('> <script>alert(1)</script> Lovely bread');
    expect(notice?.text_body).toContain(`/items/${itemId}`);
    expect(notice?.text_body).toMatch(/tell_chrome|window.chrome/);
    expect(notice?.text_body).toMatch(/https?:\/\/[^\s]+\/admin\/reviews\?status=held/);
    expect(notice?.html_body).not.toMatch(/<script>|<b>/);
    expect(notice?.html_body).toContain('&lt;b&gt;Eve&lt;/b&gt;');
  });
});
