import type { Storage } from '../../src/db/connect.js';

export interface PlacedItem {
  title: string;
  address: string;
  locality: string;
  lat: number | null;
  lon: number | null;
}

let lists = 0;

/** Items in one new list, written straight to the database; answers their ids. */
export async function addPlacedItems({ db }: Storage, items: readonly PlacedItem[]): Promise<number[]> {
  const slug = `geo-test-${(lists += 1)}`;
  const category = await db
    .insertInto('categories')
    .values({ slug, name: 'Geo test', position: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const list = await db
    .insertInto('lists')
    .values({ category_id: category.id, slug, title: 'Geo test', position: 0, settings: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const rows = await db
    .insertInto('items')
    .values(
      items.map((item, position) => ({
        list_id: list.id,
        position,
        title: item.title,
        subtitle: '',
        description: '',
        content: '',
        address: item.address,
        locality: item.locality,
        phone: '',
        hours: '',
        url: '',
        image: '',
        lat: item.lat,
        lon: item.lon,
        paid: 0,
        marker: null,
        owner_email: 'owner@example.com',
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
