import type { Storage } from '../db/connect.js';

/** The SQL of bookmarks: always for one user, the session's. */

/** Adds the item to the user's favourites; false when there is no such item. */
export async function addBookmark({ db }: Storage, userId: number, itemId: number): Promise<boolean> {
  const item = await db.selectFrom('items').select('id').where('id', '=', itemId).executeTakeFirst();
  if (!item) return false;
  await db
    .insertInto('bookmarks')
    .values({ user_id: userId, item_id: itemId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'item_id']).doNothing())
    .execute();
  return true;
}

export async function removeBookmark({ db }: Storage, userId: number, itemId: number): Promise<void> {
  await db.deleteFrom('bookmarks').where('user_id', '=', userId).where('item_id', '=', itemId).execute();
}

export async function bookmarkedIds({ db }: Storage, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('bookmarks').select('item_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.item_id);
}

/** The user's favourites, newest first, as the bookmark list shows them. */
export async function bookmarkedItems({ db }: Storage, userId: number) {
  return db
    .selectFrom('bookmarks')
    .innerJoin('items', 'items.id', 'bookmarks.item_id')
    .select(['items.id', 'items.title', 'items.subtitle', 'items.url', 'bookmarks.created_at'])
    .where('bookmarks.user_id', '=', userId)
    .orderBy('bookmarks.created_at', 'desc')
    .orderBy('items.id', 'desc')
    .execute();
}
