import { z } from 'zod';
import { parseId } from './fields.js';

/** *Waymark:* the shop's pages, and the administrators' orders page. */
export const SHOP_PATHS = {
  cart: '/cart',
  checkout: '/checkout',
  /** `/order/<id>?key=<order key>`. */
  order: '/order',
  adminOrders: '/admin/orders',
} as const;

/** What the shop sells: each activates a listing once its order is paid. */
export const SHOP_PRODUCT = {
  paidListing: 'paid-listing',
  featuredOnce: 'featured-once',
  featuredMonthly: 'featured-monthly',
} as const;
export const SHOP_PRODUCTS = [
  SHOP_PRODUCT.paidListing,
  SHOP_PRODUCT.featuredOnce,
  SHOP_PRODUCT.featuredMonthly,
] as const;
export type ShopProduct = (typeof SHOP_PRODUCT)[keyof typeof SHOP_PRODUCT];

/** The cart form's fields (WooCommerce's names where it has them). */
export const CART_FIELDS = {
  product: 'add-to-cart',
  listing: 'listing',
  quantity: 'quantity',
  line: 'cart_item_key',
  action: 'cart_action',
  calcCountry: 'calc_shipping_country',
  calcState: 'calc_shipping_state',
} as const;

/** Cents in a currency, as an English-speaking buyer reads them: whole amounts without cents. */
export function formatMoney(cents: number, currency: string): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

/** The cart form's quantity input of one line. */
export const cartQuantityField = (line: number) => `${CART_FIELDS.quantity}_${line}` as const;

/** What a classic post of the cart page does. */
export const CART_ACTIONS = ['update', 'remove', 'calculate'] as const;
export type CartAction = (typeof CART_ACTIONS)[number];

/** One address's fields, without its `billing_` or `shipping_` prefix. */
export const ADDRESS_PARTS = [
  'first_name',
  'last_name',
  'company',
  'address_1',
  'city',
  'postcode',
  'country',
  'state',
] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];
export type AddressKind = 'billing' | 'shipping';
export const addressField = (kind: AddressKind, part: AddressPart) => `${kind}_${part}` as const;

/** The checkout form's other fields. */
export const CHECKOUT_FIELDS = {
  email: 'billing_email',
  phone: 'billing_phone',
  shipToDifferent: 'ship_to_different_address',
  paymentMethod: 'payment_method',
  /** `review` shows the order for a last look, `edit` goes back to the form, `place` places it. */
  step: 'checkout_step',
} as const;

/** Payment providers by id; the built-in ones are offline. */
export const PAYMENT_METHODS = ['bacs', 'invoice'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ORDER_STATES = ['pending', 'paid', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The administrators' order form: `action` is `paid` or `cancel`. */
export const ORDER_ACTION_FIELD = 'order_action';

const text = (max: number, required: string | null) =>
  required === null ? z.string().trim().max(max).default('') : z.string().trim().min(1, required).max(max);
const code = (pattern: RegExp, message: string) => z.string().trim().toUpperCase().regex(pattern, message);

/** One address as the checkout form sends it; country and state are checked against the dataset by the server. */
function addressSchema(kind: AddressKind) {
  return {
    [addressField(kind, 'first_name')]: text(100, 'please provide the first name'),
    [addressField(kind, 'last_name')]: text(100, 'please provide the last name'),
    [addressField(kind, 'company')]: text(200, null),
    [addressField(kind, 'address_1')]: text(300, 'please provide the street address'),
    [addressField(kind, 'city')]: text(100, 'please provide the town or city'),
    [addressField(kind, 'postcode')]: text(20, null),
    [addressField(kind, 'country')]: code(/^[A-Z]{2}$/, 'please choose a country'),
    [addressField(kind, 'state')]: text(100, null),
  };
}

const checkbox = z
  .union([z.literal('1'), z.literal('on'), z.literal('')])
  .optional()
  .transform((v) => v === '1' || v === 'on');

/** The checkout: billing (always), shipping (when it differs), contact and payment. */
export const checkoutFields = z
  .object({
    ...addressSchema('billing'),
    [CHECKOUT_FIELDS.email]: z.string().trim().max(254).email('please provide a valid e-mail address'),
    [CHECKOUT_FIELDS.phone]: text(40, null),
    [CHECKOUT_FIELDS.shipToDifferent]: checkbox,
    [CHECKOUT_FIELDS.paymentMethod]: z.enum(PAYMENT_METHODS, { message: 'please choose a payment method' }),
    [CHECKOUT_FIELDS.step]: z.enum(['review', 'place', 'edit']).default('review'),
  })
  .passthrough();
export type CheckoutFields = z.output<typeof checkoutFields>;

/** The shipping address, checked only when the buyer ships elsewhere. */
export const shippingFields = z.object(addressSchema('shipping')).passthrough();

/** Adding to the cart: a product for one pending listing or directory item. */
export const addToCartFields = z
  .object({
    [CART_FIELDS.product]: z.enum(SHOP_PRODUCTS, { message: 'please choose a product' }),
    [CART_FIELDS.listing]: z.unknown().transform((v, ctx) => {
      const id = parseId(v);
      if (id === null) ctx.addIssue({ code: 'custom', message: 'unknown listing' });
      return id ?? 0;
    }),
    [CART_FIELDS.quantity]: z.coerce.number().int('must be a whole number').min(1).max(120).default(1),
  })
  .passthrough();
