import { z } from 'zod';
import { addToCartFields, checkoutFields } from '../shop.js';
import { NONCE_ACTIONS } from '../transport.js';
import { CALLS } from './all-addresses.js';
import { defineCall } from './define.js';

/**
 * *Waymark:* the shop's add-item call. Judged by the spam shield (its event token or no-cookie
 * field rides on it); a blocked request gets PROTOCOL.md's block answer instead.
 */
export const addToCart = defineCall({
  name: CALLS.addToCart.action,
  description: 'Add a paid or featured listing to the visitor cart.',
  access: 'public',
  ajax: {
    action: CALLS.addToCart.action,
    answer: 'json',
    nonce: { field: '_ajax_nonce', action: NONCE_ACTIONS.ajax },
  },
  request: addToCartFields,
  response: z.object({ success: z.literal(true), message: z.string(), count: z.number().int() }),
});

/** *Waymark:* places the order of the visitor cart, judged by the spam shield. */
export const placeOrder = defineCall({
  name: CALLS.placeOrder.action,
  description: 'Place the order of the visitor cart with its addresses.',
  access: 'public',
  ajax: {
    action: CALLS.placeOrder.action,
    answer: 'json',
    nonce: { field: '_ajax_nonce', action: NONCE_ACTIONS.ajax },
  },
  request: checkoutFields,
  response: z.object({ success: z.literal(true), message: z.string(), redirect: z.string() }),
});

export const shopCalls = [addToCart, placeOrder] as const;
