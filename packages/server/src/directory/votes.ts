import type { Storage } from '../db/connect.js';

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

/** The current count of an item, 0 when there is no such item. */
export async function currentVotes({ db }: Storage, itemId: number): Promise<number> {
  const row = await db.selectFrom('items').select('votes').where('id', '=', itemId).executeTakeFirst();
  return row?.votes ?? 0;
}
