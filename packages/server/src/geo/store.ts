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
