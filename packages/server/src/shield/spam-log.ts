import type { SpamLogRow, SpamReason } from '@waymark/protocol';
import type { Storage } from '../db/connect.js';
import type { Verdict } from './weigh.js';

/** The spam log: every verdict with its reasons and evidence; client addresses only as keyed hashes. */

export interface SpamLogEntry extends SpamLogRow {
  reasons: SpamReason[];
}

/** How much of what a visitor wrote the log keeps, for an administrator's decision to teach. */
export const SPAM_LOG_CONTENT = 4_000;

export async function writeSpamLog(
  { db }: Storage,
  entry: {
    form: string;
    verdict: Verdict;
    clientHash: string;
    /** The visitor (address and browser, hashed) a "not spam" on this entry trusts. */
    visitorHash: string;
    details: SpamLogEntry['details'];
    content?: string;
  },
): Promise<void> {
  await db
    .insertInto('spam_log')
    .values({
      created_at: new Date().toISOString(),
      form: entry.form,
      allowed: entry.verdict.allowed ? 1 : 0,
      score: entry.verdict.score,
      reasons: JSON.stringify(entry.verdict.reasons),
      client_hash: entry.clientHash,
      visitor_hash: entry.visitorHash,
      details: JSON.stringify(entry.details),
      content: entry.content ?? '',
    })
    .execute();
}

/** Where a spam-log entry's lesson is kept among the content judge's lessons. */
export const lessonSource = (id: number) => `spam-log:${id}`;

export async function listSpamLog({ db }: Storage, limit = 200): Promise<SpamLogEntry[]> {
  const rows = await db.selectFrom('spam_log').selectAll().orderBy('id', 'desc').limit(limit).execute();
  const sources = rows.filter((row) => row.content !== '').map((row) => lessonSource(row.id));
  const lessons = new Map(
    sources.length === 0
      ? []
      : (
          await db
            .selectFrom('shield_content_lessons')
            .select(['source', 'verdict'])
            .where('source', 'in', sources)
            .execute()
        ).map((lesson) => [lesson.source, lesson.verdict]),
  );
  return rows.map((row) => ({
    id: row.id,
    at: row.created_at,
    form: row.form,
    allowed: row.allowed === 1,
    score: row.score,
    reasons: JSON.parse(row.reasons) as SpamReason[],
    client: row.client_hash.slice(0, 12),
    details: JSON.parse(row.details) as SpamLogEntry['details'],
    content: row.content,
    lesson: lessons.get(lessonSource(row.id)) ?? null,
  }));
}

/** What a spam-log entry's visitor wrote, for a lesson, and who they are; null when there is no such entry. */
export async function spamLogContent(
  { db }: Storage,
  id: number,
): Promise<{ content: string; visitorHash: string } | null> {
  const row = await db
    .selectFrom('spam_log')
    .select(['content', 'visitor_hash'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { content: row.content, visitorHash: row.visitor_hash } : null;
}

/** Deletes what is older than the retention, and the expired alt sessions, pixel hits and trust with it. */
export async function purgeShieldData({ db }: Storage, retentionDays: number, now = Date.now()): Promise<void> {
  const cutoff = new Date(now - retentionDays * 86_400_000).toISOString();
  await db.deleteFrom('spam_log').where('created_at', '<', cutoff).execute();
  await db.deleteFrom('shield_pixel_hits').where('created_at', '<', cutoff).execute();
  await db.deleteFrom('alt_sessions').where('expires_at', '<=', new Date(now).toISOString()).execute();
  await db.deleteFrom('shield_trusted_visitors').where('until', '<=', new Date(now).toISOString()).execute();
}
