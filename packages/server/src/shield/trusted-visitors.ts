import type { Storage } from '../db/connect.js';
import { addressTrusted } from './block-lists.js';
import type { ShieldSettings } from '@waymark/protocol';

/**
 * The visitors an administrator vouched for: "not spam" on a spam-log entry trusts the entry's
 * visitor (a keyed hash of address and browser) for `TRUST_DAYS`, so that person's next posts
 * are judged and logged but let through, as a trusted address's are; "spam" on the same entry
 * takes it back. Kept in the database, so every instance knows it.
 */

export const TRUST_DAYS = 90;

export async function trustVisitor(
  { db }: Storage,
  visitorHash: string,
  spamLogId: number,
  now = Date.now(),
): Promise<void> {
  if (visitorHash === '') return;
  const values = { until: new Date(now + TRUST_DAYS * 86_400_000).toISOString(), spam_log_id: spamLogId };
  await db
    .insertInto('shield_trusted_visitors')
    .values({ visitor_hash: visitorHash, ...values })
    .onConflict((oc) => oc.column('visitor_hash').doUpdateSet(values))
    .execute();
}

/** Takes back the trust that this entry's "not spam" gave, and only that. */
export async function distrustVisitor({ db }: Storage, spamLogId: number): Promise<void> {
  await db.deleteFrom('shield_trusted_visitors').where('spam_log_id', '=', spamLogId).execute();
}

export async function visitorTrusted({ db }: Storage, visitorHash: string, now = Date.now()): Promise<boolean> {
  const row = await db
    .selectFrom('shield_trusted_visitors')
    .select('visitor_hash')
    .where('visitor_hash', '=', visitorHash)
    .where('until', '>', new Date(now).toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Why a request passes whatever it shows but tampering: its address is on the allow list, or
 * an administrator vouched for its visitor; null for neither. The database is asked only when
 * the address is not enough.
 */
export async function trustOf(
  storage: Storage,
  settings: ShieldSettings,
  ip: string,
  visitorHash: string,
): Promise<'trusted_address' | 'trusted_visitor' | null> {
  if (addressTrusted(settings, ip)) return 'trusted_address';
  return (await visitorTrusted(storage, visitorHash)) ? 'trusted_visitor' : null;
}
