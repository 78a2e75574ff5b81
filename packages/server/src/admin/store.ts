import type { Storage } from '../db/connect.js';

/** At most this many items in one admin list; the rest is counted, not sent. */
export const ADMIN_LIST_LIMIT = 200;

export interface AdminItemRow {
  id: number;
  title: string;
  subtitle: string;
}

export interface AdminItemList {
  rows: AdminItemRow[];
  total: number;
}

/** The category a `cat` field names, by id or by slug. */
export async function findCategory({ db }: Storage, cat: string) {
  const query = db.selectFrom('categories').select(['id', 'slug', 'name']);
  const named = /^[1-9]\d{0,9}$/.test(cat) ? query.where('id', '=', Number(cat)) : query.where('slug', '=', cat);
  return (await named.executeTakeFirst()) ?? null;
}

/** The items of one category's lists, in list and item order. */
export async function categoryItems({ db }: Storage, categoryId: number): Promise<AdminItemList> {
  const base = db
    .selectFrom('items')
    .innerJoin('lists', 'lists.id', 'items.list_id')
    .where('lists.category_id', '=', categoryId);
  const [rows, count] = await Promise.all([
    base
      .select(['items.id as id', 'items.title as title', 'items.subtitle as subtitle'])
      .orderBy('lists.position')
      .orderBy('items.position')
      .orderBy('items.id')
      .limit(ADMIN_LIST_LIMIT)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The items of one list, in their order; null for a list that does not exist. */
export async function listItems({ db }: Storage, listId: number): Promise<AdminItemList | null> {
  const list = await db.selectFrom('lists').select('id').where('id', '=', listId).executeTakeFirst();
  if (!list) return null;
  const base = db.selectFrom('items').where('list_id', '=', listId);
  const [rows, count] = await Promise.all([
    base.select(['id', 'title', 'subtitle']).orderBy('position').orderBy('id').limit(ADMIN_LIST_LIMIT).execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
