import type { MigrationContext, MigrationDb } from './context.js';

/**
 * The shop: carts keyed by the visitor's (hashed) cookie id, their lines, orders with their
 * lines, and which visitor made which pending listing (only they may buy for it). Money is in
 * whole cents; addresses are JSON kept as the buyer gave them.
 */
export function shop({ dialect }: MigrationContext) {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable('shop_carts')
        .addColumn('cart_key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('calc_country', 'varchar(2)', (c) => c.notNull().defaultTo(''))
        .addColumn('calc_state', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('shop_cart_lines')
        .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('cart_key', 'varchar(64)', (c) => c.notNull().references('shop_carts.cart_key').onDelete('cascade'))
        .addColumn('product', 'varchar(40)', (c) => c.notNull())
        .addColumn('listing_id', 'integer', (c) => c.notNull().references('pending_listings.id').onDelete('cascade'))
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .addUniqueConstraint('shop_cart_lines_listing', ['cart_key', 'listing_id'])
        .execute();
      await db.schema
        .createTable('shop_listing_owners')
        .addColumn('listing_id', 'integer', (c) => c.primaryKey().references('pending_listings.id').onDelete('cascade'))
        .addColumn('cart_key', 'varchar(64)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('shop_orders')
        .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('order_key', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('cart_key', 'varchar(64)', (c) => c.notNull())
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('payment_method', 'varchar(20)', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('email', 'varchar(320)', (c) => c.notNull())
        .addColumn('phone', 'varchar(40)', (c) => c.notNull())
        .addColumn('billing', 'text', (c) => c.notNull())
        .addColumn('shipping', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('paid_at', 'varchar(40)')
        .execute();
      await db.schema.createIndex('shop_orders_status').on('shop_orders').columns(['status', 'id']).execute();
      await db.schema
        .createTable('shop_order_lines')
        .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('shop_orders.id').onDelete('cascade'))
        .addColumn('product', 'varchar(40)', (c) => c.notNull())
        .addColumn('listing_id', 'integer', (c) => c.references('pending_listings.id').onDelete('set null'))
        .addColumn('title', 'varchar(300)', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('unit_price', 'integer', (c) => c.notNull())
        .addColumn('line_total', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('shop_order_lines_order').on('shop_order_lines').column('order_id').execute();
    },
  };
}
