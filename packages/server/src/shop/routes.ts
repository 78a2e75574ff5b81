import {
  addToCartFields,
  CART_ACTIONS,
  CART_FIELDS,
  cartQuantityField,
  CHECKOUT_FIELDS,
  NONCE_ACTIONS,
  ORDER_ACTION_FIELD,
  ORDER_STATES,
  SHOP_PATHS,
} from '@waymark/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fieldErrors, firstString, normaliseFields, positiveId } from '../plugins/bodies.js';
import { judgeSubmission, refusalPage } from '../shield/index.js';
import { addToVisitorCart, placeVisitorOrder, shopSettingsOf } from './cart.js';
import { productInfo } from './catalogue.js';
import { cartKey } from './cart-key.js';
import { checkCheckout, checkoutValues } from './checkout.js';
import { ORDER_DONE, settleOrder } from './orders.js';
import { renderCart, renderCheckout } from './pages.js';
import { checkState, isCountry } from './regions.js';
import {
  orderByKey,
  orderCounts,
  orderLines,
  ordersWithStatus,
  removeLine,
  setCalculator,
  setQuantity,
  cartLines,
} from './store.js';
import { orderView } from './views.js';

const EXPIRED_FORM = 'The form expired. Please try again.';
const NOT_FOUND = { page: 'not-found', title: 'Page not found' } as const;

/**
 * The shop's pages and their classic posts (the page's script sends add-item and checkout
 * through the shield's request layer instead): the cart, the checkout with its review step,
 * the order page, and the administrators' orders. Posts from another site are refused by the
 * security plugin; every post here checks the form nonce and validates each field.
 */
export async function shopRoutes(app: FastifyInstance) {
  const nonceOk = (request: FastifyRequest, fields: Record<string, unknown>) =>
    app.nonces.verify(firstString(fields._wpnonce), NONCE_ACTIONS.form, request.nonceSession);
  const back = (reply: FastifyReply, notice: string) => reply.redirect(`${SHOP_PATHS.cart}?done=${notice}`, 303);

  app.get(SHOP_PATHS.cart, async (request, reply) => {
    const done = (request.query as Record<string, unknown> | undefined)?.done;
    return renderCart(request, reply, { notice: typeof done === 'string' ? done : undefined });
  });

  app.post(SHOP_PATHS.cart, async (request, reply) => {
    const fields = normaliseFields(request.body);
    if (!nonceOk(request, fields)) return renderCart(request, reply, { errors: { form: EXPIRED_FORM } }, 403);
    if (fields[CART_FIELDS.product] !== undefined) return addItem(request, reply, fields);

    const action = CART_ACTIONS.find((a) => a === firstString(fields[CART_FIELDS.action]));
    const cart = cartKey(request);
    if (!action) return renderCart(request, reply, { errors: { form: 'Unknown cart action.' } }, 400);
    if (!cart) return back(reply, 'updated');
    const { storage } = app;
    if (action === 'remove') {
      const line = positiveId(fields[CART_FIELDS.line]);
      if (line === null) return renderCart(request, reply, { errors: { form: 'Unknown cart line.' } }, 400);
      await removeLine(storage, cart, line);
      return back(reply, 'removed');
    }
    if (action === 'update') {
      const lines = await cartLines(storage, cart);
      const errors: Record<string, string> = {};
      const settings = await shopSettingsOf(request);
      for (const line of lines) {
        const raw = firstString(fields[cartQuantityField(line.id)]);
        if (raw === undefined) continue;
        const max = productInfo(line.product, settings).max;
        const quantity = /^\d{1,4}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
        if (!Number.isInteger(quantity) || quantity > max) {
          errors[cartQuantityField(line.id)] = `please enter a whole number from 0 to ${max}`;
          continue;
        }
        await setQuantity(storage, cart, line.id, quantity);
      }
      if (Object.keys(errors).length > 0) return renderCart(request, reply, { errors }, 400);
      return back(reply, 'updated');
    }
    const country = (firstString(fields[CART_FIELDS.calcCountry]) ?? '').trim().toUpperCase();
    if (!isCountry(country)) {
      return renderCart(request, reply, { errors: { [CART_FIELDS.calcCountry]: 'please choose a country' } }, 400);
    }
    const state = checkState(country, firstString(fields[CART_FIELDS.calcState]) ?? '');
    if (!state.ok) return renderCart(request, reply, { errors: { [CART_FIELDS.calcState]: state.message } }, 400);
    await setCalculator(storage, cartKey(request, reply) ?? cart, country, state.value);
    return back(reply, 'calculated');
  });

  /** The classic add-item post: judged by the spam shield like the call. */
  async function addItem(request: FastifyRequest, reply: FastifyReply, fields: Record<string, unknown>) {
    const parsed = addToCartFields.safeParse(fields);
    if (!parsed.success) return renderCart(request, reply, { errors: fieldErrors(parsed.error.issues) }, 400);
    const verdict = await judgeSubmission(request, fields, { form: 'checkout' });
    const refused = refusalPage(request, reply, verdict);
    if (refused) return refused;
    const added = await addToVisitorCart(request, reply, {
      product: parsed.data[CART_FIELDS.product],
      listingId: parsed.data[CART_FIELDS.listing],
      quantity: parsed.data[CART_FIELDS.quantity],
    });
    if (!added.ok) return renderCart(request, reply, { errors: added.errors }, 400);
    return back(reply, 'added');
  }

  app.get(SHOP_PATHS.checkout, async (request, reply) => renderCheckout(request, reply, {}));

  app.post(SHOP_PATHS.checkout, async (request, reply) => {
    const fields = normaliseFields(request.body);
    const values = checkoutValues(fields);
    if (!nonceOk(request, fields))
      return renderCheckout(request, reply, { values, errors: { form: EXPIRED_FORM } }, 403);
    if (values[CHECKOUT_FIELDS.step] === 'edit') return renderCheckout(request, reply, { values });
    const checked = checkCheckout(values);
    if (!checked.ok) return renderCheckout(request, reply, { values, errors: checked.errors }, 400);
    if (checked.checkout.step === 'review') return renderCheckout(request, reply, { values, review: checked.checkout });

    const verdict = await judgeSubmission(request, fields, { form: 'checkout' });
    const refused = refusalPage(request, reply, verdict);
    if (refused) return refused;
    const placed = await placeVisitorOrder(request, checked.checkout);
    if (!placed.ok) return renderCheckout(request, reply, { values, errors: placed.errors }, 400);
    return reply.redirect(placed.url, 303);
  });

  app.get(`${SHOP_PATHS.order}/:id`, async (request, reply) => {
    const id = positiveId((request.params as { id?: string }).id);
    const key = firstString((request.query as Record<string, unknown> | undefined)?.key) ?? '';
    const row = id === null || key === '' ? undefined : await orderByKey(app.storage, id, key);
    if (!row) return reply.renderPage(NOT_FOUND, 404);
    const settings = await shopSettingsOf(request);
    const lines = await orderLines(app.storage, [row.id]);
    return reply.renderPage({
      page: 'order',
      title: `Order ${row.id}`,
      order: orderView(row, lines, settings),
      instructions: row.payment_method === 'bacs' ? settings.bankTransferInstructions : '',
    });
  });

  const administrator = (request: FastifyRequest) => request.user?.role === 'administrator';

  app.get(SHOP_PATHS.adminOrders, async (request, reply) => {
    if (!request.user) return reply.redirect(`/login?next=${encodeURIComponent(SHOP_PATHS.adminOrders)}`, 303);
    if (!administrator(request)) return reply.renderPage(NOT_FOUND, 404);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const status = ORDER_STATES.find((s) => s === query.status) ?? 'pending';
    const done =
      typeof query.done === 'string' && query.done in ORDER_DONE
        ? ORDER_DONE[query.done as keyof typeof ORDER_DONE]
        : null;
    const [rows, counts, settings] = await Promise.all([
      ordersWithStatus(app.storage, status),
      orderCounts(app.storage),
      shopSettingsOf(request),
    ]);
    const lines = await orderLines(
      app.storage,
      rows.map((r) => r.id),
    );
    return reply.renderPage({
      page: 'admin-orders',
      title: 'Orders',
      status,
      counts: Object.fromEntries(ORDER_STATES.map((s) => [s, counts[s] ?? 0])),
      orders: rows.map((row) =>
        orderView(
          row,
          lines.filter((l) => l.order_id === row.id),
          settings,
        ),
      ),
      done,
    });
  });

  app.post(`${SHOP_PATHS.adminOrders}/:id`, async (request, reply) => {
    if (!administrator(request)) return reply.renderPage(NOT_FOUND, 404);
    const fields = normaliseFields(request.body);
    if (!nonceOk(request, fields)) return reply.redirect(SHOP_PATHS.adminOrders, 303);
    const id = positiveId((request.params as { id?: string }).id);
    const action = firstString(fields[ORDER_ACTION_FIELD]);
    if (id === null || (action !== 'paid' && action !== 'cancel')) {
      return reply.code(400).type('text/plain; charset=utf-8').send('Unknown order or action');
    }
    const done = await settleOrder(app.storage, id, action);
    return reply.redirect(`${SHOP_PATHS.adminOrders}?done=${done}`, 303);
  });
}
