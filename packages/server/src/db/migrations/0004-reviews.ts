import type { MigrationContext, MigrationDb } from './context.js';

/**
 * Reviews of items and comments on pages in one table: a row names either an item (and goes
 * with it) or a page path. The spam shield's verdict is kept with each, so administrators see
 * why one was held or taken for spam.
 */
export function reviews({ dialect }: MigrationContext) {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable('reviews')
        .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('item_id', 'integer', (c) => c.references('items.id').onDelete('cascade'))
        .addColumn('page_path', 'varchar(120)')
        .addColumn('author', 'varchar(100)', (c) => c.notNull())
        .addColumn('author_email', 'varchar(320)', (c) => c.notNull().defaultTo(''))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('real_person', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reasons', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('reviews_item').on('reviews').columns(['item_id', 'status']).execute();
      await db.schema.createIndex('reviews_page').on('reviews').columns(['page_path', 'status']).execute();
      await db.schema.createIndex('reviews_status').on('reviews').columns(['status', 'created_at']).execute();
    },
  };
}
