import type { ShopOrderView } from '@waymark/protocol';
import { usePageData } from '../../shared/page-context.js';
import { LinesTable } from './LinesTable.js';
import './shop.css';

const STATE_TEXT: Record<string, string> = {
  pending: 'Waiting for payment',
  paid: 'Paid: the listing is active',
  cancelled: 'Cancelled',
};

export const orderState = (status: string) => STATE_TEXT[status] ?? status;

/** An order's facts: state, addresses, payment and lines. */
export function OrderFacts({ order, headingLevel = 2 }: { order: ShopOrderView; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      <Heading className="shop-order__title">Order {order.id}</Heading>
      <dl className="shop-summary">
        <dt>State</dt>
        <dd data-order-state={order.status}>{orderState(order.status)}</dd>
        <dt>Placed</dt>
        <dd>
          <time dateTime={order.createdAt}>{order.createdAt.slice(0, 16).replace('T', ' ')}</time>
        </dd>
        <dt>E-mail address</dt>
        <dd>{order.email}</dd>
        <dt>Billing address</dt>
        <dd>{order.billing}</dd>
        <dt>Shipping address</dt>
        <dd>{order.shipping}</dd>
        <dt>Payment</dt>
        <dd>{order.paymentMethod}</dd>
      </dl>
      <LinesTable caption={`Lines of order ${order.id}`} lines={order.lines} total={order.total} />
    </>
  );
}

/** The buyer's order page: what was ordered, and how to pay for it. */
export function OrderPage() {
  const data = usePageData('order');
  if (!data) return null;
  return (
    <section className="shop" aria-labelledby="shop-heading">
      <h1 id="shop-heading">Thank you for your order</h1>
      {data.order.status === 'pending' && (
        <p className="shop-instructions">
          {data.instructions || 'We send an invoice to your e-mail address. Your listing is activated once it is paid.'}
        </p>
      )}
      <OrderFacts order={data.order} />
    </section>
  );
}
