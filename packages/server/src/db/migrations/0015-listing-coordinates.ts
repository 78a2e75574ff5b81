import { sql } from 'kysely';
import type { MigrationDb } from './context.js';

/**
 * A pending listing keeps the position of the place its owner chose among the address
 * suggestions, so an approved listing's item gets its marker. The database holds the same rule
 * as the form (`checkCoordinates`): latitude −90…90, longitude −180…180, both or neither. The
 * pairing is written on the second column, since SQLite adds no table constraint to a table
 * that exists.
 */
export function listingCoordinates() {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .alterTable('pending_listings')
        .addColumn('lat', 'double precision', (c) => c.check(sql`lat is null or (lat >= -90 and lat <= 90)`))
        .execute();
      await db.schema
        .alterTable('pending_listings')
        .addColumn('lon', 'double precision', (c) =>
          c.check(sql`(lon is null) = (lat is null) and (lon is null or (lon >= -180 and lon <= 180))`),
        )
        .execute();
    },
  };
}
