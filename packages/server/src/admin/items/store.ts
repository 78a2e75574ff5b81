import type { AdminItemQuery, AdminItemValues } from '@waymark/protocol';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Storage } from '../../db/connect.js';
import type { Database, ItemTable } from '../../db/schema.js';
import { addItemTags } from '../../directory/index.js';
import type { CheckedItem } from './values.js';

export const ITEMS_PER_PAGE = 50;

const SORT_COLUMNS = {
  title: 'items.title',
  subtitle: 'items.subtitle',
  address: 'items.address',
  list: 'lists.title',
  updated: 'items.updated_at',
} as const;

/** `%text%` for LIKE, with the text's own wildcards taken literally (by `\\`). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The trigram index finds texts of three characters or more; shorter ones are scanned for. */
const TRIGRAM = 3;

/**
 * Items whose title, subtitle or address holds the text. PostgreSQL's trigram indexes serve
 * `ILIKE` (whose default escape is `\\`, as `containing` writes). On SQLite the FTS5 trigram
 * table answers a phrase of three characters or more as a substring search of the three
 * columns; a shorter text falls back to `LIKE`, which ignores ASCII case as the index does.
 */
function holding({ dialect }: Storage, text: string) {
  const pattern = containing(text);
  if (dialect === 'postgres') {
    return sql<boolean>`(items.title ilike ${pattern} or items.subtitle ilike ${pattern} or items.address ilike ${pattern})`;
  }
  if ([...text].length >= TRIGRAM) {
    const phrase = `"${text.replace(/"/g, '""')}"`;
    return sql<boolean>`items.id in (select rowid from items_trigrams where items_trigrams match ${phrase})`;
  }
  const like = (column: 'items.title' | 'items.subtitle' | 'items.address') =>
    sql`${sql.ref(column)} like ${pattern} escape '\\'`;
  return sql<boolean>`(${like('items.title')} or ${like('items.subtitle')} or ${like('items.address')})`;
}

/** The items the search and list filter match, from the items table alone. */
function filtered(storage: Storage, query: Pick<AdminItemQuery, 'q' | 'list'>) {
  let base = storage.db.selectFrom('items');
  if (query.list !== null) base = base.where('items.list_id', '=', query.list);
  const q = query.q.trim();
  if (q) base = base.where(holding(storage, q));
  return base;
}

/**
 * One page of the item table, and how many items the search and filter match. The page's ids
 * are found first from the items alone, in the order of the sort's index (which holds the id
 * too), so a deep page skips index entries rather than whole rows; only its 50 rows are read.
 */
export async function searchItems(storage: Storage, query: AdminItemQuery) {
  const column = SORT_COLUMNS[query.sort];
  const base = filtered(storage, query);
  const ordered = (query.sort === 'list' ? base.innerJoin('lists', 'lists.id', 'items.list_id') : base)
    .select('items.id')
    .orderBy(column === 'lists.title' ? sql.ref('lists.title') : column, query.dir)
    .orderBy('items.id', query.dir)
    .limit(ITEMS_PER_PAGE)
    .offset((query.page - 1) * ITEMS_PER_PAGE);
  const [rows, count] = await Promise.all([
    storage.db
      .selectFrom('items')
      .innerJoin('lists', 'lists.id', 'items.list_id')
      .where('items.id', 'in', ordered)
      .select([
        'items.id as id',
        'items.title as title',
        'items.subtitle as subtitle',
        'items.address as address',
        'items.paid as paid',
        'items.featured as featured',
        'items.image as image',
        'items.updated_at as updatedAt',
        'lists.title as list',
      ])
      .orderBy(column, query.dir)
      .orderBy('items.id', query.dir)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Every list, for the list selectors. */
export function listOptions({ db }: Storage) {
  return db.selectFrom('lists').select(['id', 'title']).orderBy('position').orderBy('id').execute();
}

/** A stored item's fields as the form (and the CSV) shows them. */
export function rowValues(row: Selectable<ItemTable>, tags: string[]): AdminItemValues {
  return {
    list: String(row.list_id),
    title: row.title,
    subtitle: row.subtitle,
    address: row.address,
    lat: row.lat === null ? '' : String(row.lat),
    lon: row.lon === null ? '' : String(row.lon),
    locality: row.locality,
    phone: row.phone,
    hours: row.hours,
    url: row.url,
    tags: tags.join(', '),
    paid: row.paid === 1,
    featured: row.featured === 1,
    marker: row.marker ?? '',
    ownerEmail: row.owner_email,
    description: row.description,
    image: row.image,
    imageAlt: row.image_alt,
  };
}

/** An item's fields as the form shows them, or null when there is no such item. */
export async function itemFormValues({ db }: Storage, id: number): Promise<AdminItemValues | null> {
  const row = await db.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const tags = await itemTagNames(db, [id]);
  return rowValues(row, tags.get(id) ?? []);
}

async function itemTagNames(db: Kysely<Database>, ids: number[]): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  if (ids.length === 0) return names;
  const rows = await db
    .selectFrom('item_tags')
    .innerJoin('tags', 'tags.id', 'item_tags.tag_id')
    .select(['item_tags.item_id as itemId', 'tags.name as name'])
    .where('item_tags.item_id', 'in', ids)
    .orderBy('tags.name')
    .execute();
  for (const row of rows) names.set(row.itemId, [...(names.get(row.itemId) ?? []), row.name]);
  return names;
}

async function setTags(trx: Transaction<Database>, itemId: number, names: string[]) {
  await trx.deleteFrom('item_tags').where('item_id', '=', itemId).execute();
  await addItemTags(trx, itemId, names);
}

const columns = (item: CheckedItem, now: string) => ({
  list_id: item.listId,
  title: item.title,
  subtitle: item.subtitle,
  description: item.description,
  address: item.address,
  locality: item.locality,
  phone: item.phone,
  hours: item.hours,
  url: item.url,
  image: item.image,
  image_alt: item.imageAlt,
  lat: item.lat,
  lon: item.lon,
  paid: item.paid ? 1 : 0,
  featured: item.featured ? 1 : 0,
  marker: item.marker,
  owner_email: item.ownerEmail,
  updated_at: now,
});

async function listExists(trx: Transaction<Database>, listId: number) {
  return Boolean(await trx.selectFrom('lists').select('id').where('id', '=', listId).executeTakeFirst());
}

async function endOfList(trx: Transaction<Database>, listId: number) {
  const last = await trx
    .selectFrom('items')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('list_id', '=', listId)
    .executeTakeFirst();
  return Number(last?.position ?? -1) + 1;
}

/** Adds items at the end of their lists, inside a transaction; null when a list is gone. */
export async function insertItems(trx: Transaction<Database>, items: CheckedItem[]): Promise<number[] | null> {
  const ids: number[] = [];
  const now = new Date().toISOString();
  for (const item of items) {
    if (!(await listExists(trx, item.listId))) return null;
    const { id } = await trx
      .insertInto('items')
      .values({ ...columns(item, now), position: await endOfList(trx, item.listId), content: '', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setTags(trx, id, item.tags);
    ids.push(id);
  }
  return ids;
}

export type SaveOutcome = { kind: 'saved'; id: number } | { kind: 'no-list' } | { kind: 'no-item' };

/** Adds one item at the end of its list. */
export async function createItem({ db }: Storage, item: CheckedItem): Promise<SaveOutcome> {
  const ids = await db.transaction().execute((trx) => insertItems(trx, [item]));
  return ids?.[0] ? { kind: 'saved', id: ids[0] } : { kind: 'no-list' };
}

/** Saves an item's fields; a change of list puts it at the end of its new list. */
export async function updateItem({ db }: Storage, id: number, item: CheckedItem): Promise<SaveOutcome> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('items').select('list_id').where('id', '=', id).executeTakeFirst();
    if (!current) return { kind: 'no-item' };
    if (!(await listExists(trx, item.listId))) return { kind: 'no-list' };
    const position = current.list_id === item.listId ? {} : { position: await endOfList(trx, item.listId) };
    await trx
      .updateTable('items')
      .set({ ...columns(item, new Date().toISOString()), ...position })
      .where('id', '=', id)
      .execute();
    await setTags(trx, id, item.tags);
    return { kind: 'saved', id };
  });
}

/** Moves an item to the end of another list. */
export async function moveItem({ db }: Storage, id: number, listId: number): Promise<SaveOutcome> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('items').select('list_id').where('id', '=', id).executeTakeFirst();
    if (!current) return { kind: 'no-item' };
    if (!(await listExists(trx, listId))) return { kind: 'no-list' };
    if (current.list_id !== listId) {
      await trx
        .updateTable('items')
        .set({ list_id: listId, position: await endOfList(trx, listId), updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    }
    return { kind: 'saved', id };
  });
}

/** Deletes an item (its tags, votes, bookmarks and reviews go with it); its picture's address, or null. */
export async function deleteItem({ db }: Storage, id: number): Promise<{ image: string } | null> {
  const row = await db.selectFrom('items').select('image').where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  await db.deleteFrom('items').where('id', '=', id).execute();
  return row;
}

/** The items the search and filter match, in pages of rows with their tags, for the CSV export. */
export async function* exportItems(storage: Storage, query: Pick<AdminItemQuery, 'q' | 'list'>) {
  let after = 0;
  for (;;) {
    const rows = await filtered(storage, query)
      .selectAll('items')
      .where('items.id', '>', after)
      .orderBy('items.id')
      .limit(1_000)
      .execute();
    if (rows.length === 0) return;
    const tags = await itemTagNames(
      storage.db,
      rows.map((row) => row.id),
    );
    yield rows.map((row) => rowValues(row, tags.get(row.id) ?? []));
    after = rows[rows.length - 1]?.id ?? after;
  }
}
