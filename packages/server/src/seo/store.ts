import type { Storage } from '../db/connect.js';

/** Item ids and last changes in id order, one sitemap file's share at a time. */
export function itemPage({ db }: Storage, offset: number, limit: number) {
  return db.selectFrom('items').select(['id', 'updated_at']).orderBy('id').offset(offset).limit(limit).execute();
}

export async function itemCount({ db }: Storage): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
