import type { Kysely } from 'kysely';
import type { Storage } from '../db/connect.js';
import type { Database } from '../db/schema.js';

/** The SQL of visitor accounts. */

export async function findAccountByEmail({ db }: Storage, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'password_hash', 'verified_at'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findAccount({ db }: Storage, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'password_hash', 'verified_at', 'role'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A new member in the caller's transaction; null when the address has an account already. */
export async function insertMember(
  trx: Kysely<Database>,
  member: { name: string; email: string; passwordHash: string },
): Promise<number | null> {
  const row = await trx
    .insertInto('users')
    .values({
      email: member.email.toLowerCase(),
      name: member.name,
      password_hash: member.passwordHash,
      role: 'subscriber',
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function markVerified({ db }: Storage, id: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ verified_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('verified_at', 'is', null)
    .execute();
}

/** A new password ends every session of the account but the one that is kept, if any. */
export async function setPassword(
  { db }: Storage,
  id: number,
  passwordHash: string,
  keepSession: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
    let sessions = trx.deleteFrom('sessions').where('user_id', '=', id);
    if (keepSession) sessions = sessions.where('id', '!=', keepSession);
    await sessions.execute();
  });
}

/** Deletes a member; their bookmarks and sessions go with the row (foreign keys cascade). */
export async function deleteMember({ db }: Storage, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).where('role', '=', 'subscriber').execute();
}

/** Whether the account may write to owners: its address is confirmed. */
export async function isVerified({ db }: Storage, id: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('verified_at').where('id', '=', id).executeTakeFirst();
  return Boolean(row?.verified_at);
}
