import type { Storage } from '../db/connect.js';
import { listLists } from '../directory/index.js';
import { decideListing } from '../listings/index.js';

/**
 * Paying activates a listing: a pending one is approved into the first list of its category
 * (the first list of all when its category has none), and its item is marked paid (the paid
 * marker) and, for a featured product, featured too (the featured widget and the card's badge).
 * A paid listing never takes the featured mark away. A rejected listing is left alone: the
 * administrator refunds it by hand. Answers what happened, for the administrator's announcement.
 */
export async function activateListing(
  storage: Storage,
  listingId: number,
  { featured }: { featured: boolean },
): Promise<'activated' | 'rejected' | 'gone'> {
  const { db } = storage;
  const listing = await db
    .selectFrom('pending_listings')
    .select(['status', 'item_id', 'category_id'])
    .where('id', '=', listingId)
    .executeTakeFirst();
  if (!listing) return 'gone';
  if (listing.status === 'rejected') return 'rejected';
  if (listing.status === 'pending') {
    const lists = await listLists(storage);
    const list = lists.find((l) => l.category_id === listing.category_id) ?? lists[0];
    if (!list || !(await decideListing(storage, listingId, { action: 'approve', listId: list.id }))) return 'gone';
  }
  const approved = await db
    .selectFrom('pending_listings')
    .select('item_id')
    .where('id', '=', listingId)
    .executeTakeFirst();
  if (approved?.item_id == null) return 'gone';
  await db
    .updateTable('items')
    .set({ paid: 1, ...(featured ? { featured: 1 } : {}), updated_at: new Date().toISOString() })
    .where('id', '=', approved.item_id)
    .execute();
  return 'activated';
}
