import { CLAIM_STATUSES, type ClaimRow, type ClaimStatus, type OwnerItemValues } from '@waymark/protocol';
import { sql } from 'kysely';
import type { Storage } from '../../db/connect.js';

export async function itemTitle({ db }: Storage, id: number) {
  return db.selectFrom('items').select(['id', 'title']).where('id', '=', id).executeTakeFirst();
}

/** The user's latest claim of the item, if any. */
export async function ownClaim({ db }: Storage, itemId: number, userId: number): Promise<ClaimStatus | null> {
  const row = await db
    .selectFrom('item_claims')
    .select('status')
    .where('item_id', '=', itemId)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return CLAIM_STATUSES.find((s) => s === row?.status) ?? null;
}

export async function addClaim({ db }: Storage, itemId: number, userId: number, message: string): Promise<void> {
  await db
    .insertInto('item_claims')
    .values({ item_id: itemId, user_id: userId, message, status: 'pending', created_at: new Date().toISOString() })
    .execute();
}

export async function claimsWith({ db }: Storage, status: ClaimStatus): Promise<ClaimRow[]> {
  const rows = await db
    .selectFrom('item_claims')
    .innerJoin('items', 'items.id', 'item_claims.item_id')
    .innerJoin('users', 'users.id', 'item_claims.user_id')
    .select([
      'item_claims.id',
      'item_claims.item_id',
      'items.title',
      'users.name',
      'users.email',
      'item_claims.message',
      'item_claims.created_at',
    ])
    .where('item_claims.status', '=', status)
    .orderBy('item_claims.created_at', status === 'pending' ? 'asc' : 'desc')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    itemId: row.item_id,
    itemTitle: row.title,
    userName: row.name,
    userEmail: row.email,
    message: row.message,
    status,
    createdAt: row.created_at,
  }));
}

export async function claimCounts({ db }: Storage): Promise<Record<ClaimStatus, number>> {
  const rows = await db
    .selectFrom('item_claims')
    .select(['status', sql<number>`count(*)`.as('n')])
    .groupBy('status')
    .execute();
  const counts: Record<ClaimStatus, number> = { pending: 0, approved: 0, rejected: 0 };
  for (const row of rows) {
    const status = CLAIM_STATUSES.find((s) => s === row.status);
    if (status) counts[status] = Number(row.n);
  }
  return counts;
}

/** Approves or rejects a claim; answers false when it is gone. */
export async function decideClaim({ db }: Storage, id: number, status: 'approved' | 'rejected'): Promise<boolean> {
  const result = await db
    .updateTable('item_claims')
    .set({ status, decided_at: new Date().toISOString() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether the user's claim of the item was approved: they own it. */
export async function ownsItem({ db }: Storage, itemId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('item_claims')
    .select('id')
    .where('item_id', '=', itemId)
    .where('user_id', '=', userId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  return row !== undefined;
}

export async function ownerValues({ db }: Storage, itemId: number): Promise<OwnerItemValues | undefined> {
  return db
    .selectFrom('items')
    .select(['title', 'subtitle', 'description', 'phone', 'hours', 'url', 'address'])
    .where('id', '=', itemId)
    .executeTakeFirst();
}

export async function saveOwnerValues({ db }: Storage, itemId: number, values: OwnerItemValues): Promise<void> {
  await db
    .updateTable('items')
    .set({ ...values, updated_at: new Date().toISOString() })
    .where('id', '=', itemId)
    .execute();
}
