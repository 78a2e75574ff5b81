import type { Storage } from '../db/connect.js';

export interface LocatedItem {
  id: number;
  title: string;
  address: string;
  locality: string;
  lat: number;
  lon: number;
}

/** The directory's items that have an address and a position: the gazetteer's own places. */
export async function locatedItems({ db }: Storage): Promise<LocatedItem[]> {
  const rows = await db
    .selectFrom('items')
    .select(['id', 'title', 'address', 'locality', 'lat', 'lon'])
    .where('lat', 'is not', null)
    .where('lon', 'is not', null)
    .where('address', '<>', '')
    .orderBy('id')
    .execute();
  return rows.flatMap((row) =>
    row.lat === null || row.lon === null ? [] : [{ ...row, lat: Number(row.lat), lon: Number(row.lon) }],
  );
}

/**
 * What changes when a located item is added, moved, edited or removed: read every 30 s so the
 * gazetteer is rebuilt (a second or two for 100,000 items) only when there is something new.
 */
export async function locatedItemsVersion({ db }: Storage): Promise<string> {
  const row = await db
    .selectFrom('items')
    .select((eb) => [
      eb.fn.countAll().as('count'),
      eb.fn.max('id').as('last_id'),
      eb.fn.max('updated_at').as('last_update'),
    ])
    .where('lat', 'is not', null)
    .where('lon', 'is not', null)
    .executeTakeFirst();
  return `${String(row?.count ?? 0)}|${String(row?.last_id ?? '')}|${String(row?.last_update ?? '')}`;
}
