import type { MigrationDb } from './context.js';

/**
 * What waits for a person's e-mailed confirmation, the way through a challenge that needs no
 * sight (issue 27): a sign-in, a new account or a message to an owner, kept under the hash of
 * the link's token until the link is opened once or the time runs out.
 */
export function emailConfirmations() {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable('email_confirmations')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('email', 'varchar(320)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('email_confirmations_expiry')
        .on('email_confirmations')
        .column('expires_at')
        .execute();
    },
  };
}
