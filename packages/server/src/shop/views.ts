import { SHOP_PATHS, type ShopLineView, type ShopOrderView, type ShopSettings } from '@waymark/protocol';
import { money, productInfo } from './catalogue.js';
import { addressLine, type Address } from './checkout.js';
import { asProduct, type CartLine, type OrderRow } from './store.js';
import { paymentProvider } from './payment.js';

export function cartLineView(line: CartLine, settings: ShopSettings): ShopLineView {
  const info = productInfo(line.product, settings);
  return {
    id: line.id,
    product: line.product,
    productName: info.name,
    listingId: line.listingId,
    title: line.title,
    quantity: line.quantity,
    min: 0,
    max: info.max,
    unitPrice: money(info.unitPrice, settings.currency),
    total: money(info.unitPrice * line.quantity, settings.currency),
  };
}

export function cartTotal(lines: CartLine[], settings: ShopSettings): string {
  const cents = lines.reduce((sum, l) => sum + productInfo(l.product, settings).unitPrice * l.quantity, 0);
  return money(cents, settings.currency);
}

const parseAddress = (json: string): Partial<Address> => {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null ? (value as Partial<Address>) : {};
  } catch {
    return {};
  }
};

export const orderUrl = (row: { id: number; order_key: string }) =>
  `${SHOP_PATHS.order}/${row.id}?key=${encodeURIComponent(row.order_key)}`;

export function orderView(
  row: OrderRow,
  lines: {
    id: number;
    product: string;
    listing_id: number | null;
    title: string;
    quantity: number;
    unit_price: number;
    line_total: number;
  }[],
  settings: ShopSettings,
): ShopOrderView {
  return {
    id: row.id,
    url: orderUrl(row),
    status: row.status,
    paymentMethod: paymentProvider(row.payment_method)?.label ?? row.payment_method,
    email: row.email,
    billing: addressLine(parseAddress(row.billing)),
    shipping: addressLine(parseAddress(row.shipping)),
    total: money(row.total, row.currency),
    lines: lines.map((l) => ({
      id: l.id,
      product: l.product,
      productName: productInfo(asProduct(l.product), settings).name,
      listingId: l.listing_id ?? 0,
      title: l.title,
      quantity: l.quantity,
      min: 0,
      max: l.quantity,
      unitPrice: money(l.unit_price, row.currency),
      total: money(l.line_total, row.currency),
    })),
    createdAt: row.created_at,
    paidAt: row.paid_at,
  };
}
