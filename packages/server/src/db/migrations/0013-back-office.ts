import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * The back office (issue 14): an administrator may disable an account (`disabled_at`), and a
 * business owner claims an item, which an administrator approves or rejects.
 */
export function backOffice({ dialect }: MigrationContext) {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    // Kysely hands migrations an untyped database: their schema is the one being built.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
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
