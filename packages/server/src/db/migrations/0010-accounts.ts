import { sql, type Kysely } from 'kysely';

/**
 * Visitor accounts confirm their e-mail address: `verified_at` is when they did. Accounts made
 * before (the administrators) count as confirmed from when they were made.
 */
export function accounts() {
  return {
    // Kysely hands migrations an untyped database: their schema is the one being built.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('verified_at', 'varchar(40)').execute();
      await sql`UPDATE users SET verified_at = created_at`.execute(db);
    },
  };
}
