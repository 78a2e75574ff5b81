import type { MigrationDb } from './context.js';

/** Marks featured every item whose featured listing is on a paid order. */
export async function markFeaturedPurchases(db: MigrationDb): Promise<void> {
  const bought = db
    .selectFrom('shop_order_lines as line')
    .innerJoin('shop_orders as o', 'o.id', 'line.order_id')
    .innerJoin('pending_listings as listing', 'listing.id', 'line.listing_id')
    .select('listing.item_id')
    .where('o.status', '=', 'paid')
    // The products as spelled when this was written (catalogue.ts); a migration keeps its own copy.
    .where('line.product', 'in', ['featured-once', 'featured-monthly'])
    .where('listing.item_id', 'is not', null);
  await db.updateTable('items').set({ featured: 1 }).where('id', 'in', bought).execute();
}

/**
 * A featured item is one its owner paid the featured price for, a mark of its own beside
 * `paid`: the directory's featured widget lists these, not every paid item. An item whose
 * featured listing was paid before the mark existed gets it here, so nobody loses what they
 * bought.
 */
export function featuredItems() {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .alterTable('items')
        .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await markFeaturedPurchases(db);
    },
  };
}
