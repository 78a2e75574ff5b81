import type { Storage } from '../db/connect.js';
import { activateListing } from './activate.js';
import { isFeatured } from './catalogue.js';
import { asProduct, decideOrder } from './store.js';

export const ORDER_DONE = {
  paid: 'The order is marked paid: its listings are active on the directory, paid, and featured where bought so.',
  cancel: 'The order is cancelled.',
  stale: 'That order was decided already.',
  rejected: 'The order is marked paid, but one of its listings was rejected: nothing was activated for it.',
} as const;
export type OrderDone = keyof typeof ORDER_DONE;

/** Marks a pending order paid (activating its listings) or cancelled; answers what to announce. */
export async function settleOrder(storage: Storage, id: number, action: 'paid' | 'cancel'): Promise<OrderDone> {
  const lines = await decideOrder(storage, id, action === 'paid' ? 'paid' : 'cancelled');
  if (!lines) return 'stale';
  if (action === 'cancel') return 'cancel';
  let done: OrderDone = 'paid';
  for (const line of lines) {
    if (line.listing_id === null) continue;
    const featured = isFeatured(asProduct(line.product));
    if ((await activateListing(storage, line.listing_id, { featured })) !== 'activated') done = 'rejected';
  }
  return done;
}
