import type { MigrationDb } from './context.js';

/** Signed-in users' favourite items: one row per user and item, gone with either. */
export function bookmarks() {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable('bookmarks')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .addPrimaryKeyConstraint('bookmarks_pk', ['user_id', 'item_id'])
        .execute();
      await db.schema.createIndex('bookmarks_item').on('bookmarks').column('item_id').execute();
    },
  };
}
