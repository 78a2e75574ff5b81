import type { Seeder } from '../../src/bootstrap.js';
import type { Storage } from '../../src/db/connect.js';
import { itemRow } from './item-row.js';

export interface Fixture {
  categoryId: number;
  listId: number;
  /** The items' ids, in their order in the list. */
  itemIds: number[];
}

/**
 * A small directory of the tests' own, for tests that need only a few items and none of the
 * demo's content: one category, one list and `items` plain items ("Place 1", "Place 2", …).
 */
export async function buildFixture({ db }: Storage, { items = 3 }: { items?: number } = {}): Promise<Fixture> {
  const category = await db
    .insertInto('categories')
    .values({ slug: 'places', name: 'Places', position: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const list = await db
    .insertInto('lists')
    .values({ category_id: category.id, slug: 'places', title: 'Places', position: 0, settings: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const itemIds: number[] = [];
  for (let position = 0; position < items; position += 1) {
    const row = itemRow(list.id, { title: `Place ${position + 1}`, position });
    itemIds.push((await db.insertInto('items').values(row).returning('id').executeTakeFirstOrThrow()).id);
  }
  return { categoryId: category.id, listId: list.id, itemIds };
}

/** The fixture as the server's seeder, so bootstrap fills an empty directory with SEED_ITEMS plain items. */
export const fixtureSeeder: Seeder = async (storage, { items }) => {
  const fixture = await buildFixture(storage, { items });
  return { items: fixture.itemIds.length, lists: 1 };
};
