import type { ModerationAction, ReviewFields, ReviewStatus } from '@waymark/protocol';
import type { Storage } from '../db/connect.js';
import type { Review } from '../db/schema.js';
import type { Fate } from './fate.js';
import type { Subject } from './subject.js';

export async function saveReview(
  { db }: Storage,
  subject: Subject,
  fields: Omit<ReviewFields, 'subject'>,
  fate: Fate,
  verdict: { score: number; reasons: string[] },
): Promise<number> {
  const row = await db
    .insertInto('reviews')
    .values({
      item_id: subject.kind === 'item' ? subject.itemId : null,
      page_path: subject.kind === 'page' ? subject.path : null,
      author: fields.author,
      author_email: fields.email,
      body: fields.body,
      status: fate.status,
      real_person: fate.realPerson ? 1 : 0,
      score: verdict.score,
      reasons: JSON.stringify(verdict.reasons),
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function reviewById({ db }: Storage, id: number): Promise<Review | undefined> {
  return db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A subject's published reviews, oldest first, as a conversation reads. */
export async function publishedReviews({ db }: Storage, subject: Subject, limit = 200): Promise<Review[]> {
  let query = db.selectFrom('reviews').selectAll().where('status', '=', 'published');
  query =
    subject.kind === 'item' ? query.where('item_id', '=', subject.itemId) : query.where('page_path', '=', subject.path);
  return query.orderBy('created_at').orderBy('id').limit(limit).execute();
}

export interface ModerationRow extends Review {
  item_title: string | null;
}

/** Reviews with one status, newest first, with the reviewed item's title. */
export async function reviewsToModerate({ db }: Storage, status: ReviewStatus, limit = 200): Promise<ModerationRow[]> {
  return db
    .selectFrom('reviews')
    .leftJoin('items', 'items.id', 'reviews.item_id')
    .selectAll('reviews')
    .select('items.title as item_title')
    .where('reviews.status', '=', status)
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.id', 'desc')
    .limit(limit)
    .execute();
}

/** How many reviews have each status. */
export async function reviewCounts({ db }: Storage): Promise<Record<ReviewStatus, number>> {
  const rows = await db
    .selectFrom('reviews')
    .select(['status', db.fn.countAll<number | string>().as('n')])
    .groupBy('status')
    .execute();
  const counts: Record<ReviewStatus, number> = { published: 0, held: 0, spam: 0 };
  for (const row of rows) if (row.status in counts) counts[row.status as ReviewStatus] = Number(row.n);
  return counts;
}

const STATUS_OF: Record<Exclude<ModerationAction, 'delete'>, ReviewStatus> = {
  publish: 'published',
  hold: 'held',
  spam: 'spam',
};

/** Applies an administrator's decision; false when there is no such review. */
export async function moderateReview({ db }: Storage, id: number, action: ModerationAction): Promise<boolean> {
  const result =
    action === 'delete'
      ? await db.deleteFrom('reviews').where('id', '=', id).executeTakeFirst()
      : await db.updateTable('reviews').set({ status: STATUS_OF[action] }).where('id', '=', id).executeTakeFirst();
  const affected = 'numDeletedRows' in result ? result.numDeletedRows : result.numUpdatedRows;
  return affected > 0n;
}
