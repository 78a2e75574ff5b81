import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Each item's picture gets words for people who cannot see it: the `alt` text of the image
 * ("A bakery with a green awning, bread in the window, in the morning sun"). Empty means the
 * picture is decoration, or nobody has described it yet.
 */
export function imageAlt(_ctx: MigrationContext) {
  return {
    // Kysely hands migrations an untyped database: their schema is the one being built.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('items')
        .addColumn('image_alt', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  };
}
