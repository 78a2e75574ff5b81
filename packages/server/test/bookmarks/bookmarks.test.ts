import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../../src/bootstrap.js';
import { SESSION_COOKIE, startSession } from '../../src/plugins/session.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { fixtureSeeder } from '../support/fixture.js';
import { DIALECTS } from '../support/storage.js';
import { contextOf } from '../accounts/page-context.js';
import { webDistEnv } from '../mail/env.js';

const AJAX = '/wp-admin/admin-ajax.php';

describe.each(DIALECTS)('bookmarks on %s', (dialect) => {
  let t: TestApp;
  let items: number[];
  let ada: { id: number; token: string };
  let bob: { id: number; token: string };

  const member = async (email: string) => {
    const { id } = await t.app.storage.db
      .insertInto('users')
      .values({ email, name: email, password_hash: 'unused', role: 'subscriber', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, token: (await startSession(t.app.storage, id, 1)).token };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { SEED_DEMO: 'true', SEED_ITEMS: '6', ...webDistEnv() } });
    await bootstrap(t.app.storage, t.config, () => {}, fixtureSeeder);
    items = (await t.app.storage.db.selectFrom('items').select('id').orderBy('id').execute()).map((r) => r.id);
    ada = await member('ada@example.org');
    bob = await member('bob@example.org');
  });
  afterAll(async () => t?.close());

  const call = (fields: Record<string, string>, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: AJAX,
      headers: FORM_HEADERS,
      cookies: token ? { [SESSION_COOKIE]: token } : {},
      payload: form(fields),
    });
  const mark = (action: 'insert' | 'remove', itemId: number, token?: string, userid = '') =>
    call(
      { action: `qcpd_bookmark_${action}_action`, post_id: String(itemId), item_code: String(itemId), userid },
      token,
    );
  const stored = async () =>
    (await t.app.storage.db.selectFrom('bookmarks').select(['user_id', 'item_id']).orderBy('item_id').execute()).map(
      (r) => `${r.user_id}:${r.item_id}`,
    );
  const state = async (token?: string) => (await call({ action: 'waymark_bookmarks' }, token)).json();

  it('refuses an anonymous bookmark and tells a visitor the configured message', async () => {
    const res = await mark('insert', items[0]!);
    expect(res.statusCode).toBe(403);
    expect(res.body).toBe('-1');
    expect(await stored()).toEqual([]);
    expect(await state()).toEqual({
      signedIn: false,
      ids: [],
      loginText: 'You need to log in to add items to your favorite list.',
      loginUrl: '/login',
    });
  });

  it('bookmarks for the session’s user only, whatever userid the request names', async () => {
    const res = await mark('insert', items[1]!, ada.token, String(bob.id));
    expect(res.json()).toEqual({ success: true });
    // Twice is still one bookmark.
    await mark('insert', items[1]!, ada.token);
    expect(await stored()).toEqual([`${ada.id}:${items[1]}`]);
    expect(await state(ada.token)).toMatchObject({ signedIn: true, ids: [items[1]] });
    expect(await state(bob.token)).toMatchObject({ signedIn: true, ids: [] });

    // Bob cannot remove Ada's bookmark by naming her either.
    await mark('remove', items[1]!, bob.token, String(ada.id));
    expect(await stored()).toEqual([`${ada.id}:${items[1]}`]);
  });

  it('answers success false for an item that does not exist', async () => {
    expect((await mark('insert', 999_999, ada.token)).json()).toEqual({ success: false });
  });

  it('shows the bookmark list to its user and sends a visitor to sign in and back', async () => {
    await mark('insert', items[2]!, ada.token);
    const page = await t.app.inject({ url: '/bookmarks', cookies: { [SESSION_COOKIE]: ada.token } });
    expect(page.statusCode).toBe(200);
    const data = contextOf(page.body).data;
    if (data.page !== 'bookmarks') throw new Error(`not the bookmark list: ${data.page}`);
    expect(data.items.map((i) => i.id).sort()).toEqual([items[1], items[2]].sort());

    const visitor = await t.app.inject({ url: '/bookmarks' });
    expect(visitor.statusCode).toBe(303);
    expect(visitor.headers.location).toBe('/login?next=%2Fbookmarks');
  });

  it('removes a bookmark, and the bookmarks go with the user', async () => {
    expect((await mark('remove', items[2]!, ada.token)).json()).toEqual({ success: true });
    expect(await stored()).toEqual([`${ada.id}:${items[1]}`]);
    await t.app.storage.db.deleteFrom('users').where('id', '=', ada.id).execute();
    expect(await stored()).toEqual([]);
  });
});
