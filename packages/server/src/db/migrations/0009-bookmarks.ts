import type { Kysely } from 'kysely';

/** Signed-in users' favourite items: one row per user and item, gone with either. */
export function bookmarks() {
  return {
    // Kysely hands migrations an untyped database: their schema is the one being built.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
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
