import type { Storage } from '../db/connect.js';

/** The item a message is about, with its owner's address: the only address a message goes to. */
export async function findItemOwner({ db }: Storage, itemId: number) {
  return db.selectFrom('items').select(['id', 'title', 'owner_email']).where('id', '=', itemId).executeTakeFirst();
}
