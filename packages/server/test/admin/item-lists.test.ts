import { categoryFilter, showListItem } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdministrator } from '../../src/auth/administrator.js';
import { startSession } from '../../src/plugins/session.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { itemRow } from '../support/item-row.js';
import { DIALECTS } from '../support/storage.js';

describe.each(DIALECTS)('admin item lists on %s', (dialect) => {
  let t: TestApp;
  let adminToken = '';
  let bigList = 0;
  let smallList = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const { db } = t.app.storage;
    const category = (slug: string, position: number) =>
      db.insertInto('categories').values({ slug, name: slug, position }).returning('id').executeTakeFirstOrThrow();
    const cafes = await category('cafes', 0);
    await category('empty', 1);
    const list = (categoryId: number, slug: string, position: number) =>
      db
        .insertInto('lists')
        .values({ category_id: categoryId, slug, title: slug, position, settings: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow();
    bigList = (await list(cafes.id, 'big', 0)).id;
    smallList = (await list(cafes.id, 'small', 1)).id;
    const now = new Date().toISOString();
    const item = (listId: number, position: number, title: string, subtitle = '') =>
      itemRow(listId, { position, title, subtitle }, now);
    await db
      .insertInto('items')
      .values(Array.from({ length: 205 }, (_, i) => item(bigList, i, `Big ${i}`)))
      .execute();
    await db
      .insertInto('items')
      .values([item(smallList, 1, 'Second'), item(smallList, 0, '<img src=x onerror=alert(1)>', 'Tea & "cake"')])
      .execute();
    await ensureAdministrator(t.app.storage, { email: 'admin@waymark.test', password: 'item-lists-admin-pass' });
    const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    adminToken = (await startSession(t.app.storage, user.id, 1)).token;
  });

  afterAll(async () => {
    await t.close();
  });

  const call = (fields: Record<string, string>, cookies: Record<string, string> = { waymark_session: adminToken }) =>
    t.app.inject({
      method: 'POST',
      url: '/wp-admin/admin-ajax.php',
      payload: form(fields),
      headers: FORM_HEADERS,
      cookies,
    });

  const category = (cat: string) => call({ action: categoryFilter.ajax?.action ?? '', cat });
  const list = (listid: string) => call({ action: showListItem.ajax?.action ?? '', listid });

  it("shows a list's items in order, every text escaped", async () => {
    const res = await list(String(smallList));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(
      /^<ul class="waymark-admin-items"><li data-item-id="\d+"><a href="\/items\/\d+">&lt;img src=x onerror=alert\(1\)&gt;<\/a> <span class="waymark-admin-item-subtitle">Tea &amp; &quot;cake&quot;<\/span><\/li><li data-item-id="\d+"><a href="\/items\/\d+">Second<\/a><\/li><\/ul>$/,
    );
  });

  it('shows a category by id or slug, the first 200 items and a count of the rest', async () => {
    const cafes = await t.app.storage.db
      .selectFrom('categories')
      .select('id')
      .where('slug', '=', 'cafes')
      .executeTakeFirstOrThrow();
    for (const cat of ['cafes', String(cafes.id)]) {
      const res = await category(cat);
      expect(res.statusCode).toBe(200);
      expect(res.body.match(/<li /g)?.length).toBe(200);
      expect(res.body).toContain('>Big 0</a>');
      expect(res.body).toContain('<p class="waymark-admin-items-more">and 7 more</p>');
    }
  });

  it('says so for an empty or unknown category and an unknown list', async () => {
    expect((await category('empty')).body).toBe(
      '<p class="waymark-admin-items-empty">This category has no items yet.</p>',
    );
    expect((await category('<nope>')).body).toBe('<p class="waymark-admin-items-empty">There is no such category.</p>');
    const missing = await list('999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('<p class="waymark-admin-items-empty">There is no such list.</p>');
    expect((await list(String(bigList))).body.match(/<li /g)?.length).toBe(200);
  });

  it('refuses a list id that is not one, and every visitor who is not an administrator', async () => {
    for (const bad of ['', '0', '2e0', ' 2 ', '99999999999999']) {
      expect((await list(bad)).statusCode, bad).toBe(400);
    }
    for (const res of [
      await call({ action: showListItem.ajax?.action ?? '', listid: '1' }, {}),
      await call({ action: categoryFilter.ajax?.action ?? '', cat: 'cafes' }, {}),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.body).toBe('-1');
    }
  });
});
