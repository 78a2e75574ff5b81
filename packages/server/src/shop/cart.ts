import { ajaxInvalidParams, shopSettings, type ShopProduct } from '@waymark/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Answer } from '../plugins/call-registry.js';
import { readSetting } from '../settings/store.js';
import { productInfo } from './catalogue.js';
import type { CheckedCheckout } from './checkout.js';
import { paymentProvider } from './payment.js';
import { cartKey } from './cart-key.js';
import { settleOrder } from './orders.js';
import { cartLines, claimListing, createOrder, ownsListing, putLine } from './store.js';
import { orderUrl } from './views.js';

export const shopSettingsOf = (request: FastifyRequest) =>
  readSetting(request.server.storage, shopSettings, (m) => request.log.warn(m));

export const ADDED = 'Added to your cart.';
const NOT_YOURS = 'unknown listing';
const EMPTY_CART = 'Your cart is empty.';

/** A refusal in the protocol's invalid-parameters shape, for the call and the classic form alike. */
export const refusal = (params: Record<string, string>) => {
  const invalid = ajaxInvalidParams(params);
  return new Answer(invalid.status, invalid.body);
};

/**
 * Puts a product for one of the visitor's own pending listings in their cart; the quantity is
 * kept within what the product allows. Answers field errors when the listing is not theirs.
 */
export async function addToVisitorCart(
  request: FastifyRequest,
  reply: FastifyReply,
  line: { product: ShopProduct; listingId: number; quantity: number },
): Promise<{ ok: true } | { ok: false; errors: Record<string, string> }> {
  const cart = cartKey(request, reply);
  if (!cart || !(await ownsListing(request.server.storage, line.listingId, cart))) {
    return { ok: false, errors: { listing: NOT_YOURS } };
  }
  const settings = await shopSettingsOf(request);
  const max = productInfo(line.product, settings).max;
  await putLine(request.server.storage, cart, { ...line, quantity: Math.min(Math.max(1, line.quantity), max) });
  return { ok: true };
}

/**
 * What "Add your business" does with a listing it just saved (the form was judged by the spam
 * shield already): the listing becomes the visitor's and its product goes in their cart.
 */
export async function addNewListingToCart(
  request: FastifyRequest,
  reply: FastifyReply,
  listingId: number,
  product: ShopProduct,
): Promise<void> {
  const cart = cartKey(request, reply);
  if (!cart) return;
  await claimListing(request.server.storage, listingId, cart);
  await putLine(request.server.storage, cart, { product, listingId, quantity: 1 });
}

/** Places the order of the visitor's cart; the provider decides whether it is paid already. */
export async function placeVisitorOrder(
  request: FastifyRequest,
  checkout: CheckedCheckout,
): Promise<{ ok: true; url: string } | { ok: false; errors: Record<string, string> }> {
  const { storage } = request.server;
  const cart = cartKey(request);
  const lines = await cartLines(storage, cart);
  if (!cart || lines.length === 0) return { ok: false, errors: { form: EMPTY_CART } };
  const provider = paymentProvider(checkout.paymentMethod);
  if (!provider) return { ok: false, errors: { payment_method: 'please choose a payment method' } };
  const settings = await shopSettingsOf(request);
  const order = await createOrder(storage, {
    cart,
    paymentMethod: provider.id,
    currency: settings.currency,
    email: checkout.email,
    phone: checkout.phone,
    billing: checkout.billing,
    shipping: checkout.shipping,
    lines: lines.map((l) => ({
      product: l.product,
      listingId: l.listingId,
      title: l.title,
      quantity: Math.min(l.quantity, productInfo(l.product, settings).max),
      unitPrice: productInfo(l.product, settings).unitPrice,
    })),
  });
  const total = lines.reduce((sum, l) => sum + productInfo(l.product, settings).unitPrice * l.quantity, 0);
  // An offline provider leaves the order pending; the administrator marks it paid.
  if ((await provider.start({ id: order.id, total })) === 'paid') await settleOrder(storage, order.id, 'paid');
  return { ok: true, url: orderUrl({ id: order.id, order_key: order.key }) };
}
