import { addressField, CHECKOUT_FIELDS, SHOP_PATHS, type ShopSettings } from '@waymark/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { money, productInfo } from './catalogue.js';
import { addressLine, type CheckedCheckout } from './checkout.js';
import { cartKey } from './cart-key.js';
import { shopSettingsOf } from './cart.js';
import { PAYMENT_PROVIDERS, paymentProvider } from './payment.js';
import { COUNTRY_OPTIONS, countryName, regionField, regionName } from './regions.js';
import { cartCalculator, cartLines } from './store.js';
import { cartLineView, cartTotal } from './views.js';

const NOTICES: Record<string, string> = {
  added: 'Added to your cart.',
  listing: 'Your listing is saved and waits in your cart: once it is paid, it appears in the directory.',
  updated: 'Your cart is updated.',
  removed: 'The item is removed from your cart.',
  calculated: 'Shipping is calculated.',
};

async function visitorCart(request: FastifyRequest) {
  const settings = await shopSettingsOf(request);
  const cart = cartKey(request);
  const [lines, calc] = await Promise.all([
    cartLines(request.server.storage, cart),
    cartCalculator(request.server.storage, cart),
  ]);
  return { settings, lines, calc };
}

/** Listings are not shipped; the calculator still names the place, as the buyer chose it. */
function shippingNote(country: string, state: string): string | null {
  if (!country) return null;
  const place = [state ? regionName(country, state) : '', countryName(country)].filter(Boolean).join(', ');
  return `Shipping to ${place}: free (a listing is not shipped).`;
}

export async function renderCart(
  request: FastifyRequest,
  reply: FastifyReply,
  state: { errors?: Record<string, string>; notice?: string | undefined } = {},
  status = 200,
) {
  const { settings, lines, calc } = await visitorCart(request);
  const country = calc.country || settings.defaultCountry;
  return reply.renderPage(
    {
      page: 'cart',
      title: 'Cart',
      lines: lines.map((l) => cartLineView(l, settings)),
      total: cartTotal(lines, settings),
      countries: COUNTRY_OPTIONS,
      calc: regionField(country, calc.state),
      shippingNote: shippingNote(calc.country, calc.state),
      prices: prices(settings),
      errors: state.errors ?? {},
      notice: (state.notice && NOTICES[state.notice]) || null,
    },
    status,
  );
}

const prices = (settings: ShopSettings) => ({
  paidListing: money(settings.prices.paidListing, settings.currency),
  featuredOnce: money(settings.prices.featuredOnce, settings.currency),
  featuredMonthly: `${money(settings.prices.featuredMonthly, settings.currency)} a month`,
});

/** The checkout: the address form, or the review step once the form was valid. */
export async function renderCheckout(
  request: FastifyRequest,
  reply: FastifyReply,
  state: { values?: Record<string, string>; errors?: Record<string, string>; review?: CheckedCheckout },
  status = 200,
) {
  const { settings, lines, calc } = await visitorCart(request);
  if (lines.length === 0) return reply.redirect(SHOP_PATHS.cart, 303);
  const calcCountry = calc.country || settings.defaultCountry;
  const values: Record<string, string> = state.values ?? {
    [addressField('billing', 'country')]: calcCountry,
    [addressField('billing', 'state')]: calc.state,
    [addressField('shipping', 'country')]: calcCountry,
    [addressField('shipping', 'state')]: calc.state,
    [CHECKOUT_FIELDS.paymentMethod]: PAYMENT_PROVIDERS[0]?.id ?? '',
  };
  const field = (kind: 'billing' | 'shipping') =>
    regionField(values[addressField(kind, 'country')] || calcCountry, values[addressField(kind, 'state')] ?? '');
  const review = state.review;
  return reply.renderPage(
    {
      page: 'checkout',
      title: review ? 'Review your order' : 'Checkout',
      step: review ? 'review' : 'form',
      lines: lines.map((l) => ({ ...cartLineView(l, settings), max: productInfo(l.product, settings).max })),
      total: cartTotal(lines, settings),
      countries: COUNTRY_OPTIONS,
      values,
      states: { billing: field('billing'), shipping: field('shipping') },
      payments: PAYMENT_PROVIDERS.map((p) => ({ id: p.id, label: p.label, description: p.description })),
      summary: review
        ? {
            billing: addressLine(review.billing),
            shipping: review.shipToDifferent ? addressLine(review.shipping) : 'Same as billing',
            payment: paymentProvider(review.paymentMethod)?.label ?? '',
          }
        : null,
      errors: state.errors ?? {},
    },
    status,
  );
}
