import type { MigrationContext, MigrationDb } from './context.js';

/**
 * "Add your business" submissions waiting for an administrator, with the spam shield's verdict
 * on each.
 */
export function listings({ dialect }: MigrationContext) {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable('pending_listings')
        .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('title', 'varchar(300)', (c) => c.notNull())
        .addColumn('subtitle', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .addColumn('url', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
        .addColumn('address', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('owner_email', 'varchar(320)', (c) => c.notNull())
        .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
        .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('payment', 'varchar(20)', (c) => c.notNull())
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reasons', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('item_id', 'integer', (c) => c.references('items.id').onDelete('set null'))
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('decided_at', 'varchar(40)')
        .execute();
      await db.schema
        .createIndex('pending_listings_status')
        .on('pending_listings')
        .columns(['status', 'created_at'])
        .execute();
    },
  };
}
