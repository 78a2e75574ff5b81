import type { MigrationContext, MigrationDb } from './context.js';

/**
 * The outbox: every message the site sends is written here in the same transaction as what
 * caused it, and leaves only once an SMTP server accepted it. A worker claims a row for a while
 * (`claimed_by`, `claimed_until`); a claim that runs out can be taken over by any instance, so a
 * dead instance loses nothing. A failed try waits until `next_attempt_at`.
 */
export function outbox({ dialect }: MigrationContext) {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable('outbox')
        .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('to_address', 'varchar(320)', (c) => c.notNull())
        .addColumn('reply_to', 'varchar(320)')
        .addColumn('subject', 'varchar(500)', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('claimed_by', 'varchar(64)')
        .addColumn('claimed_until', 'varchar(40)')
        .addColumn('last_error', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('outbox_due').on('outbox').columns(['next_attempt_at', 'id']).execute();
    },
  };
}
