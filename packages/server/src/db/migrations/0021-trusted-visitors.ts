import type { MigrationDb } from './context.js';

/**
 * The visitors an administrator vouched for (issue 26: "not spam" trusts the visitor, as
 * CleanTalk's and Akismet's do): the spam log keeps each verdict's visitor (a keyed hash of
 * address and browser, never either), and a "not spam" there trusts that visitor for a while.
 */
export function trustedVisitors() {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .alterTable('spam_log')
        .addColumn('visitor_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createTable('shield_trusted_visitors')
        .addColumn('visitor_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('until', 'varchar(40)', (c) => c.notNull())
        .addColumn('spam_log_id', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}
