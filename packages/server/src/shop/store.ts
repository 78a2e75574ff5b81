import { randomBytes } from 'node:crypto';
import { SHOP_PRODUCTS, type OrderState, type ShopProduct } from '@waymark/protocol';
import type { Storage } from '../db/connect.js';

const now = () => new Date().toISOString();
export const asProduct = (value: string): ShopProduct => SHOP_PRODUCTS.find((p) => p === value) ?? 'paid-listing';

export interface CartLine {
  id: number;
  product: ShopProduct;
  listingId: number;
  title: string;
  quantity: number;
}

/** Records who made a pending listing: only that visitor may put it in a cart. */
export async function claimListing({ db }: Storage, listingId: number, cart: string): Promise<void> {
  await db
    .insertInto('shop_listing_owners')
    .values({ listing_id: listingId, cart_key: cart })
    .onConflict((oc) => oc.column('listing_id').doNothing())
    .execute();
}

export async function ownsListing({ db }: Storage, listingId: number, cart: string): Promise<boolean> {
  const row = await db
    .selectFrom('shop_listing_owners')
    .select('listing_id')
    .where('listing_id', '=', listingId)
    .where('cart_key', '=', cart)
    .executeTakeFirst();
  return row !== undefined;
}

async function ensureCart({ db }: Storage, cart: string): Promise<void> {
  await db
    .insertInto('shop_carts')
    .values({ cart_key: cart, updated_at: now() })
    .onConflict((oc) => oc.column('cart_key').doUpdateSet({ updated_at: now() }))
    .execute();
}

/** Puts a listing's product in the cart; a listing is in a cart once, so its line is replaced. */
export async function putLine(
  storage: Storage,
  cart: string,
  line: { product: ShopProduct; listingId: number; quantity: number },
): Promise<void> {
  await ensureCart(storage, cart);
  await storage.db
    .insertInto('shop_cart_lines')
    .values({
      cart_key: cart,
      product: line.product,
      listing_id: line.listingId,
      quantity: line.quantity,
      created_at: now(),
    })
    .onConflict((oc) =>
      oc.columns(['cart_key', 'listing_id']).doUpdateSet({ product: line.product, quantity: line.quantity }),
    )
    .execute();
}

export async function cartLines({ db }: Storage, cart: string | null): Promise<CartLine[]> {
  if (!cart) return [];
  const rows = await db
    .selectFrom('shop_cart_lines')
    .innerJoin('pending_listings', 'pending_listings.id', 'shop_cart_lines.listing_id')
    .select([
      'shop_cart_lines.id',
      'shop_cart_lines.product',
      'shop_cart_lines.listing_id',
      'shop_cart_lines.quantity',
      'pending_listings.title',
    ])
    .where('shop_cart_lines.cart_key', '=', cart)
    .orderBy('shop_cart_lines.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    product: asProduct(r.product),
    listingId: r.listing_id,
    title: r.title,
    quantity: r.quantity,
  }));
}

export async function setQuantity({ db }: Storage, cart: string, lineId: number, quantity: number): Promise<void> {
  if (quantity <= 0) return removeLine({ db } as Storage, cart, lineId);
  await db
    .updateTable('shop_cart_lines')
    .set({ quantity })
    .where('id', '=', lineId)
    .where('cart_key', '=', cart)
    .execute();
}

export async function removeLine({ db }: Storage, cart: string, lineId: number): Promise<void> {
  await db.deleteFrom('shop_cart_lines').where('id', '=', lineId).where('cart_key', '=', cart).execute();
}

export async function cartCalculator({ db }: Storage, cart: string | null) {
  if (!cart) return { country: '', state: '' };
  const row = await db
    .selectFrom('shop_carts')
    .select(['calc_country', 'calc_state'])
    .where('cart_key', '=', cart)
    .executeTakeFirst();
  return { country: row?.calc_country ?? '', state: row?.calc_state ?? '' };
}

export async function setCalculator(storage: Storage, cart: string, country: string, state: string): Promise<void> {
  await ensureCart(storage, cart);
  await storage.db
    .updateTable('shop_carts')
    .set({ calc_country: country, calc_state: state })
    .where('cart_key', '=', cart)
    .execute();
}

export interface NewOrder {
  cart: string;
  paymentMethod: string;
  currency: string;
  email: string;
  phone: string;
  billing: Record<string, string>;
  shipping: Record<string, string>;
  lines: { product: ShopProduct; listingId: number; title: string; quantity: number; unitPrice: number }[];
}

/** Makes the order with its lines and empties the cart, in one transaction. */
export async function createOrder({ db }: Storage, order: NewOrder): Promise<{ id: number; key: string }> {
  const key = randomBytes(18).toString('base64url');
  const total = order.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('shop_orders')
      .values({
        order_key: key,
        cart_key: order.cart,
        status: 'pending' satisfies OrderState,
        payment_method: order.paymentMethod,
        currency: order.currency,
        total,
        email: order.email,
        phone: order.phone,
        billing: JSON.stringify(order.billing),
        shipping: JSON.stringify(order.shipping),
        created_at: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('shop_order_lines')
      .values(
        order.lines.map((l) => ({
          order_id: row.id,
          product: l.product,
          listing_id: l.listingId,
          title: l.title.slice(0, 300),
          quantity: l.quantity,
          unit_price: l.unitPrice,
          line_total: l.unitPrice * l.quantity,
        })),
      )
      .execute();
    await trx.deleteFrom('shop_cart_lines').where('cart_key', '=', order.cart).execute();
    return { id: row.id, key };
  });
}

export type OrderRow = Awaited<ReturnType<typeof ordersWithStatus>>[number];

export function ordersWithStatus({ db }: Storage, status: OrderState) {
  return db
    .selectFrom('shop_orders')
    .selectAll()
    .where('status', '=', status)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

export function orderByKey({ db }: Storage, id: number, key: string) {
  return db.selectFrom('shop_orders').selectAll().where('id', '=', id).where('order_key', '=', key).executeTakeFirst();
}

export function orderLines({ db }: Storage, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('shop_order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
}

export async function orderCounts({ db }: Storage): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('shop_orders')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/**
 * Moves a pending order to `paid` or `cancelled`, once, however many administrators click at
 * the same moment. Answers the order's lines when this call moved it, else null.
 */
export async function decideOrder({ db }: Storage, id: number, status: 'paid' | 'cancelled') {
  const moved = await db
    .updateTable('shop_orders')
    .set({ status, paid_at: status === 'paid' ? now() : null })
    .where('id', '=', id)
    .where('status', '=', 'pending' satisfies OrderState)
    .returning('id')
    .executeTakeFirst();
  if (!moved) return null;
  return db.selectFrom('shop_order_lines').selectAll().where('order_id', '=', id).execute();
}
