/** The shop's pages as the server hands them to the site (see `PageData`). */

export interface ShopOption {
  code: string;
  name: string;
}

/** One line of the cart or of an order; prices already formatted in the shop's currency. */
export interface ShopLineView {
  id: number;
  product: string;
  productName: string;
  /** The pending listing it is for (0 when gone). */
  listingId: number;
  /** The listing's title, as its owner typed it. */
  title: string;
  quantity: number;
  /** The quantity input's bounds: 0 removes the line. */
  min: number;
  max: number;
  unitPrice: string;
  total: string;
}

/** A country's state field: a select of its regions, or free text when it has none. */
export interface ShopRegionField {
  country: string;
  regions: ShopOption[];
  value: string;
}

export interface ShopOrderView {
  id: number;
  /** The order page's address. */
  url: string;
  status: string;
  paymentMethod: string;
  email: string;
  billing: string;
  shipping: string;
  total: string;
  lines: ShopLineView[];
  createdAt: string;
  paidAt: string | null;
}

export type ShopPageData =
  | {
      page: 'cart';
      title: string;
      lines: ShopLineView[];
      total: string;
      countries: ShopOption[];
      calc: ShopRegionField;
      /** What the shipping calculator found, once asked. */
      shippingNote: string | null;
      /** The products' prices, for the offer to make a listing featured. */
      prices: { paidListing: string; featuredOnce: string; featuredMonthly: string };
      errors: Record<string, string>;
      notice: string | null;
    }
  | {
      page: 'checkout';
      title: string;
      /** `form` asks for the addresses; `review` shows the order before it is placed. */
      step: 'form' | 'review';
      lines: ShopLineView[];
      total: string;
      countries: ShopOption[];
      /** Field name to value, as sent (or prefilled from the shipping calculator). */
      values: Record<string, string>;
      states: { billing: ShopRegionField; shipping: ShopRegionField };
      payments: { id: string; label: string; description: string }[];
      /** The review step's summaries of the addresses. */
      summary: { billing: string; shipping: string; payment: string } | null;
      errors: Record<string, string>;
    }
  | { page: 'order'; title: string; order: ShopOrderView; instructions: string }
  | {
      page: 'admin-orders';
      title: string;
      status: string;
      counts: Record<string, number>;
      orders: ShopOrderView[];
      done: string | null;
    };
