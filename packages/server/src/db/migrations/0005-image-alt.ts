import type { MigrationContext, MigrationDb } from './context.js';

/**
 * Each item's picture gets words for people who cannot see it: the `alt` text of the image
 * ("A bakery with a green awning, bread in the window, in the morning sun"). Empty means the
 * picture is decoration, or nobody has described it yet.
 */
export function imageAlt(_ctx: MigrationContext) {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .alterTable('items')
        .addColumn('image_alt', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  };
}
