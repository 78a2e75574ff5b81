import type { MigrationContext, MigrationDb } from './context.js';

/**
 * Upvotes: one row per (item, visitor), so a repeat vote cannot be stored twice, and a running
 * count on the item that the page shows without counting rows.
 */
export function directory({ dialect }: MigrationContext) {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable('upvotes')
        .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
        .addColumn('voter_key', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .addUniqueConstraint('upvotes_item_voter', ['item_id', 'voter_key'])
        .execute();
      await db.schema
        .alterTable('items')
        .addColumn('votes', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
