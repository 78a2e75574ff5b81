import type { Kysely, Selectable } from 'kysely';
import type { Storage } from '../db/connect.js';
import type { Database, OutboxTable } from '../db/schema.js';

/** The SQL of the outbox: add, claim, let go. */

export interface MailMessage {
  /** What the message is, for the administrators: `contact-owner`, `verify-email`, ... */
  kind: string;
  to: string;
  /** The visitor's address when they wrote it: the owner's reply goes there. Never the From. */
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html: string;
}

export type OutboxRow = Selectable<OutboxTable>;

/**
 * Adds a message to the outbox on the caller's database handle: pass the transaction that makes
 * what caused the message, and the message exists exactly when that does.
 */
export async function enqueueMail(trx: Kysely<Database>, message: MailMessage): Promise<void> {
  const now = new Date().toISOString();
  await trx
    .insertInto('outbox')
    .values({
      kind: message.kind,
      to_address: message.to,
      reply_to: message.replyTo ?? null,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      next_attempt_at: now,
      created_at: now,
    })
    .execute();
}

/**
 * Claims up to `limit` due messages for `worker` until `until`, in one atomic statement: a row
 * nobody holds, or whose holder's claim ran out (that instance died or hung), is taken; a row
 * another worker is claiming at this moment is skipped on PostgreSQL (`SKIP LOCKED`), and on
 * SQLite the single writer makes the statement atomic by itself.
 */
export async function claimDue(
  { db, dialect }: Storage,
  worker: string,
  options: { now: Date; holdMs: number; limit: number },
): Promise<OutboxRow[]> {
  const now = options.now.toISOString();
  const until = new Date(options.now.getTime() + options.holdMs).toISOString();
  return db
    .updateTable('outbox')
    .set({ claimed_by: worker, claimed_until: until })
    .where('id', 'in', (eb) => {
      const due = eb
        .selectFrom('outbox')
        .select('id')
        .where('next_attempt_at', '<=', now)
        .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
        .orderBy('id')
        .limit(options.limit);
      return dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
    })
    .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
    .returningAll()
    .execute();
}

/** The SMTP server took the message: it leaves the outbox. Only the claim's holder removes it. */
export async function removeSent({ db }: Storage, id: number, worker: string): Promise<void> {
  await db.deleteFrom('outbox').where('id', '=', id).where('claimed_by', '=', worker).execute();
}

/** The try failed: the message waits until `nextAttemptAt`, free for any instance to claim. */
export async function releaseFailed(
  { db }: Storage,
  id: number,
  worker: string,
  failure: { nextAttemptAt: Date; error: string },
): Promise<void> {
  await db
    .updateTable('outbox')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      next_attempt_at: failure.nextAttemptAt.toISOString(),
      claimed_by: null,
      claimed_until: null,
      last_error: failure.error.slice(0, 1_000),
    }))
    .where('id', '=', id)
    .where('claimed_by', '=', worker)
    .execute();
}

/** The messages still waiting, oldest first, for the administrators' view. */
export async function waitingMail({ db }: Storage, limit = 100) {
  return db
    .selectFrom('outbox')
    .select(['id', 'kind', 'to_address', 'subject', 'attempts', 'next_attempt_at', 'last_error', 'created_at'])
    .orderBy('id')
    .limit(limit)
    .execute();
}
