import type { ReactNode } from 'react';
import type { ShopLineView } from '@waymark/protocol';

/** The lines of a cart or an order as a table, with optional quantity and remove cells. */
export function LinesTable({
  caption,
  lines,
  total,
  quantity,
  remove,
}: {
  caption: string;
  lines: ShopLineView[];
  total: string;
  quantity?: (line: ShopLineView) => ReactNode;
  remove?: (line: ShopLineView) => ReactNode;
}) {
  return (
    <div className="shop-table-wrap">
      <table className="shop-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Price</th>
            <th scope="col">Quantity</th>
            <th scope="col">Total</th>
            {remove && (
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <th scope="row" className="shop-table__product">
                {line.productName}
                <span className="shop-table__listing">{line.title}</span>
              </th>
              <td data-label="Price">{line.unitPrice}</td>
              <td data-label="Quantity">{quantity ? quantity(line) : line.quantity}</td>
              <td data-label="Total">{line.total}</td>
              {remove && <td>{remove(line)}</td>}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td>{total}</td>
            {remove && <td />}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
