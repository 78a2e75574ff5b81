import type { PersonRow } from '@waymark/protocol';
import type { Transaction } from 'kysely';
import type { Storage } from '../../db/connect.js';
import { ROLES, type Database, type Role } from '../../db/schema.js';

export { ROLES, type Role };

/** What the page calls each role: the database's `subscriber` is a member. */
export const ROLE_LABELS: Record<Role, string> = {
  administrator: 'Administrator',
  editor: 'Editor',
  subscriber: 'Member',
};

export async function people({ db }: Storage, selfId: number): Promise<PersonRow[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'disabled_at', 'verified_at'])
    .orderBy('role')
    .orderBy('email')
    .limit(1_000)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    disabled: row.disabled_at !== null,
    verified: row.verified_at !== null,
    self: row.id === selfId,
  }));
}

export async function personById({ db }: Storage, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'disabled_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export type Change = { role: Role } | { disabled: boolean };

/**
 * Changes one account, unless that would leave the site with no administrator who can sign in.
 * Checked in the same transaction as the change, so two administrators demoting each other at
 * once cannot both succeed. Disabling ends the account's sessions. Answers what happened.
 */
export async function changePerson(
  { db, dialect }: Storage,
  id: number,
  change: Change,
): Promise<'done' | 'gone' | 'last-administrator'> {
  return db.transaction().execute(async (trx) => {
    const admins = await activeAdministrators(trx, dialect);
    const person = await trx.selectFrom('users').select(['id', 'role']).where('id', '=', id).executeTakeFirst();
    if (!person) return 'gone';
    const losesAdmin = admins.includes(id) && ('role' in change ? change.role !== 'administrator' : change.disabled);
    if (losesAdmin && admins.length <= 1) return 'last-administrator';
    if ('role' in change) {
      await trx.updateTable('users').set({ role: change.role }).where('id', '=', id).execute();
    } else {
      await trx
        .updateTable('users')
        .set({ disabled_at: change.disabled ? new Date().toISOString() : null })
        .where('id', '=', id)
        .execute();
      if (change.disabled) await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    }
    return 'done';
  });
}

async function activeAdministrators(trx: Transaction<Database>, dialect: Storage['dialect']): Promise<number[]> {
  let query = trx.selectFrom('users').select('id').where('role', '=', 'administrator').where('disabled_at', 'is', null);
  // SQLite runs one write transaction at a time; PostgreSQL locks the rows read.
  if (dialect === 'postgres') query = query.forUpdate();
  return (await query.execute()).map((row) => row.id);
}
