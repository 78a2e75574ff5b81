import type { Generated } from 'kysely';

/** The shop's tables (0014-shop). Money in whole cents. */
export interface ShopCartTable {
  /** A keyed hash of the visitor's cookie id. */
  cart_key: string;
  /** The shipping calculator's country and state. */
  calc_country: Generated<string>;
  calc_state: Generated<string>;
  updated_at: string;
}

export interface ShopCartLineTable {
  id: Generated<number>;
  cart_key: string;
  product: string;
  listing_id: number;
  quantity: number;
  created_at: string;
}

/** Which visitor made a pending listing: only they may buy for it. */
export interface ShopListingOwnerTable {
  listing_id: number;
  cart_key: string;
}

export interface ShopOrderTable {
  id: Generated<number>;
  /** Random; the order page's address carries it. */
  order_key: string;
  cart_key: string;
  /** `pending`, `paid` or `cancelled`. */
  status: string;
  payment_method: string;
  currency: string;
  total: number;
  email: string;
  phone: string;
  /** JSON of the address parts. */
  billing: string;
  shipping: string;
  created_at: string;
  paid_at: string | null;
}

export interface ShopOrderLineTable {
  id: Generated<number>;
  order_id: number;
  product: string;
  listing_id: number | null;
  title: string;
  quantity: number;
  unit_price: number;
  line_total: number;
}
