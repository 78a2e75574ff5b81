import type { ListingStatus } from '@waymark/protocol';
import type { Storage } from '../db/connect.js';
import { addItem } from '../directory/index.js';
import type { ListingSubmission } from './values.js';

export const LISTING_STATUSES = ['pending', 'approved', 'rejected'] as const satisfies readonly ListingStatus[];

/** Keeps a listing for the administrators, pending, with the spam shield's verdict on it. */
export async function savePendingListing(
  { db }: Storage,
  listing: ListingSubmission,
  verdict: { score: number; reasons: readonly string[] },
  /** The position of the address suggestion the owner chose, checked with `checkCoordinates`. */
  place: { lat: number | null; lon: number | null } = { lat: null, lon: null },
): Promise<number> {
  const row = await db
    .insertInto('pending_listings')
    .values({
      title: listing.title,
      subtitle: listing.subtitle,
      url: listing.url,
      address: listing.address,
      owner_email: listing.email,
      category_id: listing.categoryId,
      tags: JSON.stringify(listing.tags),
      payment: listing.payment,
      status: 'pending',
      score: verdict.score,
      reasons: JSON.stringify(verdict.reasons),
      lat: place.lat,
      lon: place.lon,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The listings with one status, newest first, with their category's name. */
export function listingsWithStatus({ db }: Storage, status: ListingStatus) {
  return db
    .selectFrom('pending_listings')
    .leftJoin('categories', 'categories.id', 'pending_listings.category_id')
    .selectAll('pending_listings')
    .select('categories.name as category_name')
    .where('pending_listings.status', '=', status)
    .orderBy('pending_listings.created_at', 'desc')
    .orderBy('pending_listings.id', 'desc')
    .limit(200)
    .execute();
}

export type ListingRow = Awaited<ReturnType<typeof listingsWithStatus>>[number];

/** How many listings have each status. */
export async function listingCounts({ db }: Storage): Promise<Record<ListingStatus, number>> {
  const rows = await db
    .selectFrom('pending_listings')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('status')
    .execute();
  const counts: Record<ListingStatus, number> = { pending: 0, approved: 0, rejected: 0 };
  for (const row of rows) {
    const status = LISTING_STATUSES.find((s) => s === row.status);
    if (status) counts[status] = Number(row.n);
  }
  return counts;
}

export type Decision = { action: 'approve'; listId: number } | { action: 'reject' };

/**
 * Approves a pending listing into a list (the item is made there, with its tags) or rejects it.
 * Only a pending listing can be decided, and only once, however many administrators click at
 * the same moment. Answers false when there is no such pending listing or no such list.
 */
export async function decideListing(storage: Storage, id: number, decision: Decision): Promise<boolean> {
  const { db } = storage;
  const claim = await db
    .updateTable('pending_listings')
    .set({ status: decision.action === 'approve' ? 'approved' : 'rejected', decided_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (!claim) return false;
  if (decision.action === 'reject') return true;

  const itemId = await addItem(storage, {
    listId: decision.listId,
    title: claim.title,
    subtitle: claim.subtitle,
    url: claim.url,
    address: claim.address,
    ownerEmail: claim.owner_email,
    tags: parseTags(claim.tags),
    lat: claim.lat,
    lon: claim.lon,
  });
  if (itemId === null) {
    // No such list: the listing waits again.
    await db
      .updateTable('pending_listings')
      .set({ status: 'pending', decided_at: null })
      .where('id', '=', id)
      .execute();
    return false;
  }
  await db.updateTable('pending_listings').set({ item_id: itemId }).where('id', '=', id).execute();
  return true;
}

export function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}
