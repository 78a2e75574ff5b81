import { sql } from 'kysely';
import type { MigrationDb } from './context.js';

/**
 * Visitor accounts confirm their e-mail address: `verified_at` is when they did. Accounts made
 * before (the administrators) count as confirmed from when they were made.
 */
export function accounts() {
  return {
    async up(db: MigrationDb) {
      await db.schema.alterTable('users').addColumn('verified_at', 'varchar(40)').execute();
      await sql`UPDATE users SET verified_at = created_at`.execute(db);
    },
  };
}
