import { addToCart, CART_FIELDS, placeOrder } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import { normaliseFields } from '../plugins/bodies.js';
import type { CallRegistry } from '../plugins/call-registry.js';
import { judgeSubmission, refusalAnswer } from '../shield/index.js';
import { ADDED, addToVisitorCart, placeVisitorOrder, refusal } from './cart.js';
import { cartKey } from './cart-key.js';
import { checkCheckout, checkoutValues } from './checkout.js';
import { cartLines } from './store.js';

const ORDER_PLACED = 'Thank you: your order is placed.';

/**
 * The shop's add-item and checkout calls: the spam shield judges each (its token or no-cookie
 * field rides on the request), then the same checks as the classic posts.
 */
export function registerShopCalls(calls: CallRegistry, app: FastifyInstance) {
  calls.handle(addToCart, async (fields, { request, reply }) => {
    const verdict = await judgeSubmission(request, normaliseFields(request.body), { form: 'checkout' });
    const refused = refusalAnswer(request, verdict);
    if (refused) return refused;
    const added = await addToVisitorCart(request, reply, {
      product: fields[CART_FIELDS.product],
      listingId: fields[CART_FIELDS.listing],
      quantity: fields[CART_FIELDS.quantity],
    });
    if (!added.ok) return refusal(added.errors);
    const count = (await cartLines(app.storage, cartKey(request))).length;
    return { success: true as const, message: ADDED, count };
  });

  calls.handle(placeOrder, async (_fields, { request }) => {
    const checked = checkCheckout(checkoutValues(normaliseFields(request.body)));
    if (!checked.ok) return refusal(checked.errors);
    const verdict = await judgeSubmission(request, normaliseFields(request.body), { form: 'checkout' });
    const refused = refusalAnswer(request, verdict);
    if (refused) return refused;
    const placed = await placeVisitorOrder(request, checked.checkout);
    if (!placed.ok) return refusal(placed.errors);
    return { success: true as const, message: ORDER_PLACED, redirect: placed.url };
  });
}
