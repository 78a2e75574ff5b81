import type { AdminCategoryRow, AdminTagRow } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { DIALECTS } from '../../support/storage.js';
import {
  addItem as addItemTo,
  doneOf,
  getAs,
  pageData,
  postAs,
  refusal,
  signInStaff,
  visitor,
  type Person,
} from '../back-office/staff.js';
import { webDistEnv } from '../../mail/env.js';

interface ListsPage {
  categories: AdminCategoryRow[];
  tags: AdminTagRow[];
  errors: Record<string, string>;
}

describe.each(DIALECTS)('the back office lists page on %s', (dialect) => {
  let t: TestApp;
  let admin: Person;
  let editor: Person;
  let member: Person;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: webDistEnv() });
    ({ admin, editor, member } = await signInStaff(t, 'lists.test'));
  });
  afterAll(async () => t.close());

  const page = async (who: Person = editor): Promise<ListsPage> => {
    const response = await getAs(t, who, '/admin/lists');
    expect(response.statusCode).toBe(200);
    return pageData(response.body) as unknown as ListsPage;
  };
  /** By slug: two categories share the name "Food & drink". */
  const category = (lists: ListsPage, slug: string) => lists.categories.find((c) => c.slug === slug);

  const addItem = (listId: number, title: string) => addItemTo(t, listId, { title });

  it('lets an editor create categories, lists and tags, with clean unique slugs', async () => {
    for (const name of ['Food & drink', 'Parks', 'Food & drink']) {
      const response = await postAs(t, editor, '/admin/lists/categories', { name });
      expect(response.statusCode).toBe(303);
      expect(doneOf(response.headers.location)).toContain(name);
    }
    let lists = await page();
    expect(lists.categories.map((c) => [c.name, c.slug])).toEqual([
      ['Food & drink', 'food-and-drink'],
      ['Parks', 'parks'],
      ['Food & drink', 'food-and-drink-2'],
    ]);
    const food = category(lists, 'food-and-drink')!;
    for (const name of ['Cafés', 'Bakeries', 'Bars']) {
      expect((await postAs(t, editor, '/admin/lists/lists', { name, category: String(food.id) })).statusCode).toBe(303);
    }
    expect((await postAs(t, admin, '/admin/lists/tags', { name: 'Wi-Fi' })).statusCode).toBe(303);
    lists = await page();
    expect(category(lists, 'food-and-drink')!.lists.map((l) => [l.title, l.slug])).toEqual([
      ['Cafés', 'cafes'],
      ['Bakeries', 'bakeries'],
      ['Bars', 'bars'],
    ]);
    expect(lists.tags.map((tag) => tag.slug)).toEqual(['wi-fi']);
  });

  it('refuses an empty or overlong name, or a list without a category, with the reason by the field', async () => {
    for (const [url, fields, key] of [
      ['/admin/lists/categories', { name: '   ' }, 'new-categories'],
      ['/admin/lists/tags', { name: 'x'.repeat(201) }, 'new-tags'],
      ['/admin/lists/lists', { name: 'Orphans', category: '999999' }, 'new-lists'],
    ] as const) {
      const response = await postAs(t, editor, url, fields);
      expect(response.statusCode).toBe(400);
      expect((pageData(response.body) as unknown as ListsPage).errors[key]).toBeTruthy();
    }
  });

  it('renames, and the slug follows the name', async () => {
    const parks = category(await page(), 'parks')!;
    const response = await postAs(t, editor, `/admin/lists/categories/${parks.id}/rename`, {
      name: 'Parks and gardens',
    });
    expect(response.statusCode).toBe(303);
    expect(category(await page(), 'parks-and-gardens')?.name).toBe('Parks and gardens');
  });

  it('reorders categories and the lists of a category, and refuses an order made from an old page', async () => {
    const lists = await page();
    const ids = lists.categories.map((c) => c.id);
    const reversed = [...ids].reverse();
    const response = await postAs(t, editor, '/admin/lists/categories/order', { order: reversed.join(',') });
    expect(response.statusCode).toBe(303);
    expect((await page()).categories.map((c) => c.id)).toEqual(reversed);

    const food = category(lists, 'food-and-drink')!;
    const listIds = food.lists.map((l) => l.id);
    const moved = [listIds[1]!, listIds[0]!, listIds[2]!];
    const json = await t.app.inject({
      method: 'POST',
      url: '/admin/lists/lists/order',
      payload: `_wpnonce=${editor.nonce}&order=${moved.join(',')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      cookies: editor.cookies,
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({ saved: true });
    expect(category(await page(), 'food-and-drink')!.lists.map((l) => l.id)).toEqual(moved);

    for (const order of [listIds.slice(0, 2).join(','), `${listIds[0]},${listIds[0]},${listIds[1]}`, 'a,b', '']) {
      const stale = await postAs(t, editor, '/admin/lists/lists/order', { order });
      expect(stale.statusCode).toBe(303);
      expect(doneOf(stale.headers.location)).toContain('nothing was saved');
    }
    expect(category(await page(), 'food-and-drink')!.lists.map((l) => l.id)).toEqual(moved);
  });

  it('deletes a list moving its items to another, or with its items; asks when the choice is missing', async () => {
    const food = category(await page(), 'food-and-drink')!;
    const [cafes, bakeries, bars] = ['Cafés', 'Bakeries', 'Bars'].map((title) =>
      food.lists.find((l) => l.title === title)!,
    );
    const kept = await addItem(cafes!.id, 'Kept café');
    const gone = await addItem(bars!.id, 'Gone bar');

    const ask = await postAs(t, editor, `/admin/lists/lists/${cafes!.id}/delete`, {});
    expect(ask.statusCode).toBe(400);
    expect((pageData(ask.body) as unknown as ListsPage).errors[`delete-lists-${cafes!.id}`]).toBeTruthy();
    const self = await postAs(t, editor, `/admin/lists/lists/${cafes!.id}/delete`, {
      contents: 'move',
      moveTo: String(cafes!.id),
    });
    expect(doneOf(self.headers.location)).toContain('Nothing was deleted');

    const move = await postAs(t, editor, `/admin/lists/lists/${cafes!.id}/delete`, {
      contents: 'move',
      moveTo: String(bakeries!.id),
    });
    expect(doneOf(move.headers.location)).toContain('is deleted');
    const { db } = t.app.storage;
    expect((await db.selectFrom('items').select('list_id').where('id', '=', kept).executeTakeFirst())?.list_id).toBe(
      bakeries!.id,
    );

    await postAs(t, editor, `/admin/lists/lists/${bars!.id}/delete`, { contents: 'delete' });
    expect(await db.selectFrom('items').select('id').where('id', '=', gone).executeTakeFirst()).toBeUndefined();
    expect(category(await page(), 'food-and-drink')!.lists.map((l) => l.title)).toEqual(['Bakeries']);
  });

  it('deletes a category moving its lists, and a tag merging it into another', async () => {
    let lists = await page();
    const food = category(lists, 'food-and-drink')!;
    const parks = category(lists, 'parks-and-gardens')!;
    await postAs(t, editor, `/admin/lists/categories/${food.id}/delete`, {
      contents: 'move',
      moveTo: String(parks.id),
    });
    lists = await page();
    expect(category(lists, 'food-and-drink')).toBeUndefined();
    expect(category(lists, 'parks-and-gardens')!.lists.map((l) => l.title)).toEqual(['Bakeries']);

    await postAs(t, editor, '/admin/lists/tags', { name: 'Wifi' });
    lists = await page();
    const [wifi, wiFi] = ['Wifi', 'Wi-Fi'].map((name) => lists.tags.find((tag) => tag.name === name)!);
    const item = await addItem(category(lists, 'parks-and-gardens')!.lists[0]!.id, 'Tagged');
    await t.app.storage.db
      .insertInto('item_tags')
      .values([
        { item_id: item, tag_id: wifi!.id },
        { item_id: item, tag_id: wiFi!.id },
      ])
      .execute();
    await postAs(t, editor, `/admin/lists/tags/${wifi!.id}/delete`, { contents: 'move', moveTo: String(wiFi!.id) });
    lists = await page();
    expect(lists.tags.map((tag) => [tag.name, tag.items])).toEqual([['Wi-Fi', 1]]);
  });

  it('announces what a post did, and nothing a link from elsewhere makes up', async () => {
    const response = await postAs(t, editor, '/admin/lists/tags', { name: 'Announced' });
    const shown = await getAs(t, editor, String(response.headers.location));
    expect((pageData(shown.body) as { done: string | null }).done).toBe('The tag “Announced” is added.');
    const forged = await getAs(t, editor, '/admin/lists?done=Your%20session%20expired%3A%20call%20555-0199');
    expect((pageData(forged.body) as { done: string | null }).done).toBeNull();
    // Another person's signed message is not this session's.
    expect(
      (pageData((await getAs(t, admin, String(response.headers.location))).body) as { done: string | null }).done,
    ).toBeNull();
    await postAs(
      t,
      editor,
      `/admin/lists/tags/${(await page()).tags.find((tag) => tag.name === 'Announced')!.id}/delete`,
      {
        contents: 'delete',
      },
    );
  });

  it('refuses a member and a visitor every page and post, and an expired form changes nothing', async () => {
    const gate = await getAs(t, visitor(t), '/admin/lists');
    expect(refusal(gate)).toEqual({ status: 403, link: '/login?next=%2Fadmin%2Flists' });
    expect(refusal(await getAs(t, member, '/admin/lists'))).toEqual({ status: 403, link: '/' });
    const before = await page();
    for (const who of [member, visitor(t)]) {
      for (const [url, fields] of [
        ['/admin/lists/categories', { name: 'Sneaky' }],
        [`/admin/lists/categories/${before.categories[0]!.id}/rename`, { name: 'Sneaky' }],
        [`/admin/lists/categories/${before.categories[0]!.id}/delete`, { contents: 'delete' }],
        ['/admin/lists/categories/order', { order: before.categories.map((c) => c.id).join(',') }],
      ] as const) {
        expect(refusal(await postAs(t, who, url, fields)).status).toBe(403);
      }
    }
    const expired = await postAs(t, editor, '/admin/lists/categories', { name: 'Sneaky', _wpnonce: '0000000000' });
    expect(doneOf(expired.headers.location)).toContain('expired');
    expect(await page()).toEqual(before);
  });
});
