import type { MigrationContext, MigrationDb } from './context.js';

/**
 * The back office (issue 14): an administrator may disable an account (`disabled_at`), and a
 * business owner claims an item, which an administrator approves or rejects.
 */
export function backOffice({ dialect }: MigrationContext) {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: MigrationDb) {
      await db.schema.alterTable('users').addColumn('disabled_at', 'varchar(40)').execute();
      await db.schema
        .createTable('item_claims')
        .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('decided_at', 'varchar(40)')
        .execute();
      await db.schema.createIndex('item_claims_status').on('item_claims').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('item_claims_owner').on('item_claims').columns(['user_id', 'item_id']).execute();
    },
  };
}
