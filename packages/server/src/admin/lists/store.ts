import type { AdminCategoryRow, AdminTagRow } from '@waymark/protocol';
import { sql } from 'kysely';
import type { Storage } from '../../db/connect.js';

/** What the lists page manages: categories (which hold lists), lists (which hold items) and tags. */
export const KINDS = ['categories', 'lists', 'tags'] as const;
export type Kind = (typeof KINDS)[number];

/** Lower-case ASCII words joined by hyphens, for a clean address. */
export function slugOf(text: string, fallback: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** A slug not yet taken in `table`: `name`, then `name-2`, `name-3`, ... */
async function freeSlug({ db }: Storage, table: Kind, base: string, except?: number): Promise<string> {
  const taken = new Set(
    (
      await db
        .selectFrom(table)
        .select(['id', 'slug'])
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute()
    )
      .filter((row) => row.id !== except)
      .map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export async function lookupLists({ db }: Storage): Promise<{ categories: AdminCategoryRow[]; tags: AdminTagRow[] }> {
  const [categories, lists, tags] = await Promise.all([
    db.selectFrom('categories').select(['id', 'name', 'slug']).orderBy('position').orderBy('id').execute(),
    db
      .selectFrom('lists')
      .leftJoin('items', 'items.list_id', 'lists.id')
      .select(['lists.id', 'lists.title', 'lists.slug', 'lists.category_id', sql<number>`count(items.id)`.as('items')])
      .groupBy(['lists.id', 'lists.title', 'lists.slug', 'lists.category_id', 'lists.position'])
      .orderBy('lists.position')
      .orderBy('lists.id')
      .execute(),
    db
      .selectFrom('tags')
      .leftJoin('item_tags', 'item_tags.tag_id', 'tags.id')
      .select(['tags.id', 'tags.name', 'tags.slug', sql<number>`count(item_tags.item_id)`.as('items')])
      .groupBy(['tags.id', 'tags.name', 'tags.slug'])
      .orderBy('tags.name')
      .execute(),
  ]);
  return {
    categories: categories.map((category) => ({
      ...category,
      lists: lists
        .filter((list) => list.category_id === category.id)
        .map(({ id, title, slug, items }) => ({ id, title, slug, items: Number(items) })),
    })),
    tags: tags.map((tag) => ({ ...tag, items: Number(tag.items) })),
  };
}

/** The name of one row, or null when there is none. */
export async function nameOf({ db }: Storage, kind: Kind, id: number): Promise<string | null> {
  if (kind === 'lists') {
    const row = await db.selectFrom('lists').select('title').where('id', '=', id).executeTakeFirst();
    return row?.title ?? null;
  }
  const row = await db.selectFrom(kind).select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? null;
}

/** Adds a row at the end; a list goes into `categoryId`. Answers false when that category is gone. */
export async function createRow(storage: Storage, kind: Kind, name: string, categoryId: number | null) {
  const { db } = storage;
  const slug = await freeSlug(storage, kind, slugOf(name, kind === 'lists' ? 'list' : kind.slice(0, -1)));
  if (kind === 'tags') {
    await db.insertInto('tags').values({ slug, name }).execute();
    return true;
  }
  if (kind === 'categories') {
    const last = await db
      .selectFrom('categories')
      .select(sql<number>`max(position)`.as('p'))
      .executeTakeFirst();
    await db
      .insertInto('categories')
      .values({ slug, name, position: Number(last?.p ?? -1) + 1 })
      .execute();
    return true;
  }
  if (categoryId === null) return false;
  const category = await db.selectFrom('categories').select('id').where('id', '=', categoryId).executeTakeFirst();
  if (!category) return false;
  const last = await db
    .selectFrom('lists')
    .select(sql<number>`max(position)`.as('p'))
    .where('category_id', '=', categoryId)
    .executeTakeFirst();
  await db
    .insertInto('lists')
    .values({ category_id: categoryId, slug, title: name, position: Number(last?.p ?? -1) + 1, settings: '{}' })
    .execute();
  return true;
}

/** Renames a row; its address (slug) follows the new name. Answers false when it is gone. */
export async function renameRow(storage: Storage, kind: Kind, id: number, name: string): Promise<boolean> {
  const { db } = storage;
  const slug = await freeSlug(storage, kind, slugOf(name, kind === 'lists' ? 'list' : kind.slice(0, -1)), id);
  const result =
    kind === 'lists'
      ? await db.updateTable('lists').set({ title: name, slug }).where('id', '=', id).executeTakeFirst()
      : await db.updateTable(kind).set({ name, slug }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Puts categories, or the lists of one category, in the given order. `ids` must be exactly the
 * rows of that set, each once: an order made from an old page (a row added or moved meanwhile)
 * is refused rather than half applied.
 */
export async function reorderRows({ db }: Storage, kind: 'categories' | 'lists', ids: number[]): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    let current: number[];
    if (kind === 'categories') {
      current = (await trx.selectFrom('categories').select('id').execute()).map((r) => r.id);
    } else {
      const first = await trx
        .selectFrom('lists')
        .select('category_id')
        .where('id', '=', ids[0] ?? 0)
        .executeTakeFirst();
      if (!first) return false;
      current = (await trx.selectFrom('lists').select('id').where('category_id', '=', first.category_id).execute()).map(
        (r) => r.id,
      );
    }
    const wanted = new Set(ids);
    if (wanted.size !== ids.length || current.length !== ids.length || current.some((id) => !wanted.has(id))) {
      return false;
    }
    for (const [position, id] of ids.entries()) {
      await trx.updateTable(kind).set({ position }).where('id', '=', id).execute();
    }
    return true;
  });
}

/**
 * Deletes a row, and with it what it holds: `moveTo` names where its contents go (a category's
 * lists to another category, a list's items to another list, a tag's items to another tag);
 * null deletes them too (a tag's items only lose the tag). Answers false when the row, or the
 * row to move to, is gone.
 */
export async function deleteRow({ db }: Storage, kind: Kind, id: number, moveTo: number | null): Promise<boolean> {
  if (moveTo === id) return false;
  return db.transaction().execute(async (trx) => {
    const exists = await trx.selectFrom(kind).select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) return false;
    if (moveTo !== null) {
      const target = await trx.selectFrom(kind).select('id').where('id', '=', moveTo).executeTakeFirst();
      if (!target) return false;
    }
    if (kind === 'categories' && moveTo !== null) {
      const last = await trx
        .selectFrom('lists')
        .select(sql<number>`max(position)`.as('p'))
        .where('category_id', '=', moveTo)
        .executeTakeFirst();
      const moving = await trx
        .selectFrom('lists')
        .select('id')
        .where('category_id', '=', id)
        .orderBy('position')
        .execute();
      for (const [n, list] of moving.entries()) {
        await trx
          .updateTable('lists')
          .set({ category_id: moveTo, position: Number(last?.p ?? -1) + 1 + n })
          .where('id', '=', list.id)
          .execute();
      }
    }
    if (kind === 'lists' && moveTo !== null) {
      const last = await trx
        .selectFrom('items')
        .select(sql<number>`max(position)`.as('p'))
        .where('list_id', '=', moveTo)
        .executeTakeFirst();
      await trx
        .updateTable('items')
        .set({ list_id: moveTo, position: sql`position + ${Number(last?.p ?? -1) + 1}` })
        .where('list_id', '=', id)
        .execute();
    }
    if (kind === 'tags' && moveTo !== null) {
      // Items with both tags keep one row; the others take the new tag.
      await trx
        .insertInto('item_tags')
        .columns(['item_id', 'tag_id'])
        .expression((eb) =>
          eb
            .selectFrom('item_tags')
            .select(['item_id', eb.val(moveTo).as('tag_id')])
            .where('tag_id', '=', id)
            .where('item_id', 'not in', eb.selectFrom('item_tags').select('item_id').where('tag_id', '=', moveTo)),
        )
        .execute();
    }
    // The database's cascades take the lists, items and their votes, reviews and tags with it.
    await trx.deleteFrom(kind).where('id', '=', id).execute();
    return true;
  });
}
