import { ORDER_ACTION_FIELD, ORDER_STATES, SHOP_PATHS, type OrderState } from '@waymark/protocol';
import { useEffect, useRef } from 'react';
import { usePageContext, usePageData } from '../../shared/page-context.js';
import { StatusNav } from '../../shared/StatusNav.js';
import { OrderFacts, orderState } from './OrderPage.js';
import './shop.css';

const LABELS: Record<OrderState, string> = { pending: 'Pending', paid: 'Paid', cancelled: 'Cancelled' };

/**
 * The administrators' orders: by state, each with its lines, and for a pending one the buttons
 * that mark it paid (which activates its listings) or cancel it.
 */
export function AdminOrdersPage() {
  const data = usePageData('admin-orders');
  const { formNonce } = usePageContext();
  const done = useRef<HTMLParagraphElement>(null);
  useEffect(() => done.current?.focus(), []);
  if (!data) return null;
  return (
    <section className="shop shop-admin" aria-labelledby="orders-heading">
      <h1 id="orders-heading">Orders</h1>
      <div role="status">
        {data.done && (
          <p className="form-sent" ref={done} tabIndex={-1}>
            {data.done}
          </p>
        )}
      </div>
      <StatusNav
        label="Orders by state"
        path={SHOP_PATHS.adminOrders}
        order={ORDER_STATES}
        names={LABELS}
        counts={{
          pending: data.counts.pending ?? 0,
          paid: data.counts.paid ?? 0,
          cancelled: data.counts.cancelled ?? 0,
        }}
        current={ORDER_STATES.find((s) => s === data.status) ?? 'pending'}
        className="shop-admin__states"
      />
      {data.orders.length === 0 ? (
        <p>No {orderState(data.status).toLowerCase()} orders.</p>
      ) : (
        <ul className="shop-admin__orders">
          {data.orders.map((order) => (
            <li key={order.id} className="shop-admin__order" data-order={order.id}>
              <OrderFacts order={order} headingLevel={2} />
              {order.status === 'pending' && (
                <form method="post" action={`${SHOP_PATHS.adminOrders}/${order.id}`} className="shop__actions">
                  <input type="hidden" name="_wpnonce" value={formNonce} />
                  <button type="submit" name={ORDER_ACTION_FIELD} value="paid">
                    Mark order {order.id} paid
                  </button>
                  <button type="submit" name={ORDER_ACTION_FIELD} value="cancel" className="shop-button--quiet">
                    Cancel order {order.id}
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
