import type { Storage } from '../db/connect.js';
import type { Item } from '../db/schema.js';
import { safeHref } from '../content/links.js';
import { addItemTags } from './tags.js';

/** The directory's queries: categories, lists, items with their tags, and votes. */

export type ItemRow = Pick<
  Item,
  | 'id'
  | 'title'
  | 'subtitle'
  | 'address'
  | 'locality'
  | 'phone'
  | 'hours'
  | 'url'
  | 'image'
  | 'image_alt'
  | 'lat'
  | 'lon'
  | 'paid'
  | 'featured'
  | 'marker'
  | 'content'
  | 'votes'
>;

/** The columns a page shows of an item. */
export const ITEM_COLUMNS = [
  'id',
  'title',
  'subtitle',
  'address',
  'locality',
  'phone',
  'hours',
  'url',
  'image',
  'image_alt',
  'lat',
  'lon',
  'paid',
  'featured',
  'marker',
  'content',
  'votes',
] as const satisfies readonly (keyof ItemRow)[];

/** An item as its own page and its popup show it: a page's columns, the long description and the owner's address. */
export type ItemDetails = ItemRow & Pick<Item, 'description' | 'owner_email'>;

/** One item with its tags, or null when there is none with this id. */
export async function findItem({ db }: Storage, id: number): Promise<{ row: ItemDetails; tags: string[] } | null> {
  const [row, tags] = await Promise.all([
    db
      .selectFrom('items')
      .select([...ITEM_COLUMNS, 'description', 'owner_email'])
      .where('id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('item_tags')
      .innerJoin('tags', 'tags.id', 'item_tags.tag_id')
      .select('tags.name')
      .where('item_tags.item_id', '=', id)
      .orderBy('tags.name')
      .execute(),
  ]);
  return row ? { row, tags: tags.map((t) => t.name) } : null;
}

/** The categories in their set order. */
export function listCategories({ db }: Storage) {
  return db.selectFrom('categories').select(['id', 'slug', 'name']).orderBy('position').orderBy('id').execute();
}

/** Every tag's name, in alphabetical order. */
export async function listTagNames({ db }: Storage): Promise<string[]> {
  const tags = await db.selectFrom('tags').select('name').orderBy('name').execute();
  return tags.map((t) => t.name);
}

/** Every list's id, title and category, in their set order. */
export function listLists({ db }: Storage) {
  return db.selectFrom('lists').select(['id', 'title', 'category_id']).orderBy('position').orderBy('id').execute();
}

/** What a new item is made from (an approved listing): every other column keeps its default. */
export interface NewDirectoryItem {
  listId: number;
  title: string;
  subtitle: string;
  url: string;
  address: string;
  ownerEmail: string;
  /** Tag names; a tag the directory does not have yet is made. */
  tags: string[];
  /** Its position, both or neither (checked by the caller with `checkCoordinates`). */
  lat?: number | null;
  lon?: number | null;
}

/**
 * Adds an item at the end of its list, with its tags (made when new), in one transaction.
 * Answers the new item's id, or null when the list does not exist.
 */
export async function addItem({ db }: Storage, item: NewDirectoryItem): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const list = await trx.selectFrom('lists').select('id').where('id', '=', item.listId).executeTakeFirst();
    if (!list) return null;
    const last = await trx
      .selectFrom('items')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('list_id', '=', item.listId)
      .executeTakeFirst();
    const now = new Date().toISOString();
    const { id } = await trx
      .insertInto('items')
      .values({
        list_id: item.listId,
        position: Number(last?.position ?? -1) + 1,
        title: item.title,
        subtitle: item.subtitle,
        description: '',
        content: '',
        address: item.address,
        locality: '',
        phone: '',
        hours: '',
        url: safeHref(item.url),
        image: '',
        lat: item.lat ?? null,
        lon: item.lon ?? null,
        paid: 0,
        marker: null,
        owner_email: item.ownerEmail,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    await addItemTags(trx, id, item.tags);
    return id;
  });
}

/** Every category, list, item and item tag, each in its set order. */
export async function directoryRows(storage: Storage) {
  const { db } = storage;
  const [categories, lists, items, itemTags] = await Promise.all([
    listCategories(storage),
    db
      .selectFrom('lists')
      .select(['id', 'category_id', 'slug', 'title', 'settings'])
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('items')
      .select([...ITEM_COLUMNS, 'list_id'])
      .orderBy('list_id')
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('item_tags')
      .innerJoin('tags', 'tags.id', 'item_tags.tag_id')
      .select(['item_tags.item_id', 'tags.name'])
      .orderBy('tags.name')
      .execute(),
  ]);
  return { categories, lists, items, itemTags };
}

/** The first item's id, or null in an empty directory. */
export async function firstItemId({ db }: Storage): Promise<number | null> {
  const first = await db.selectFrom('items').select('id').orderBy('id').limit(1).executeTakeFirst();
  return first?.id ?? null;
}

export type VoteResult = { status: 'success' | 'failed'; votes: number } | null;

/**
 * Records one vote of `voterKey` for an item and answers the item's new count. The unique
 * (item, voter) row refuses a repeat; the count is raised in the same transaction with
 * `votes = votes + 1`, so concurrent votes are never lost. Null for an unknown item.
 */
export async function castVote({ db }: Storage, itemId: number, voterKey: string): Promise<VoteResult> {
  return db.transaction().execute(async (trx) => {
    const item = await trx.selectFrom('items').select(['id', 'votes']).where('id', '=', itemId).executeTakeFirst();
    if (!item) return null;
    const inserted = await trx
      .insertInto('upvotes')
      .values({ item_id: itemId, voter_key: voterKey, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['item_id', 'voter_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return { status: 'failed', votes: item.votes };
    const updated = await trx
      .updateTable('items')
      .set((eb) => ({ votes: eb('votes', '+', 1) }))
      .where('id', '=', itemId)
      .returning('votes')
      .executeTakeFirstOrThrow();
    return { status: 'success', votes: updated.votes };
  });
}

/** The ids of the items this voter has upvoted, in id order. */
export async function votedItemIds({ db }: Storage, voterKey: string): Promise<number[]> {
  const rows = await db
    .selectFrom('upvotes')
    .select('item_id')
    .where('voter_key', '=', voterKey)
    .orderBy('item_id')
    .execute();
  return rows.map((row) => row.item_id);
}

/** The current count of an item, 0 when there is no such item. */
export async function currentVotes({ db }: Storage, itemId: number): Promise<number> {
  const row = await db.selectFrom('items').select('votes').where('id', '=', itemId).executeTakeFirst();
  return row?.votes ?? 0;
}
