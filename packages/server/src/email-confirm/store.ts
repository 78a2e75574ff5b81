import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** How long a confirmation link works. */
export const CONFIRM_LIFETIME_MS = 60 * 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface Confirmation {
  kind: string;
  email: string;
  payload: unknown;
}

/** Keeps what a link will do, and answers the link's token; expired ones are swept meanwhile. */
export async function keepConfirmation(db: Kysely<Database>, confirmation: Confirmation, now = Date.now()) {
  const token = randomBytes(24).toString('base64url');
  await db.deleteFrom('email_confirmations').where('expires_at', '<', new Date(now).toISOString()).execute();
  await db
    .insertInto('email_confirmations')
    .values({
      token_hash: hashOf(token),
      kind: confirmation.kind,
      payload: JSON.stringify(confirmation.payload),
      email: confirmation.email,
      expires_at: new Date(now + CONFIRM_LIFETIME_MS).toISOString(),
      created_at: new Date(now).toISOString(),
    })
    .execute();
  return token;
}

/** What a link will do, while it works; undefined for a used, expired or unknown one. */
const wellFormed = (token: string) => /^[\w-]{32}$/.test(token);
const confirmationOf = (row: { kind: string; email: string; payload: string }) => ({
  kind: row.kind,
  email: row.email,
  payload: JSON.parse(row.payload) as unknown,
});

export async function readConfirmation(db: Kysely<Database>, token: string, now = Date.now()) {
  if (!wellFormed(token)) return undefined;
  const row = await db
    .selectFrom('email_confirmations')
    .selectAll()
    .where('token_hash', '=', hashOf(token))
    .where('expires_at', '>', new Date(now).toISOString())
    .executeTakeFirst();
  return row && confirmationOf(row);
}

/** Takes a link's confirmation once, in one statement: the first to take it gets it, any instance. */
export async function takeConfirmation(db: Kysely<Database>, token: string, now = Date.now()) {
  if (!wellFormed(token)) return undefined;
  const row = await db
    .deleteFrom('email_confirmations')
    .where('token_hash', '=', hashOf(token))
    .where('expires_at', '>', new Date(now).toISOString())
    .returningAll()
    .executeTakeFirst();
  return row && confirmationOf(row);
}
