import type { ShopProduct, ShopSettings } from '@waymark/protocol';

/** What each product is called and costs, and how many of it one line may hold. */
export interface ProductInfo {
  name: string;
  unitPrice: number;
  /** The quantity input's largest value: months for the monthly product, one otherwise. */
  max: number;
  /** Whether paying makes the listing featured as well as paid. */
  featured: boolean;
}

const FEATURED: Record<ShopProduct, boolean> = {
  'paid-listing': false,
  'featured-once': true,
  'featured-monthly': true,
};

/** Whether paying for the product makes the listing featured; needs no settings, so settling an order can ask. */
export const isFeatured = (product: ShopProduct): boolean => FEATURED[product];

export function productInfo(product: ShopProduct, settings: ShopSettings): ProductInfo {
  const featured = isFeatured(product);
  switch (product) {
    case 'paid-listing':
      return { name: 'Paid listing', unitPrice: settings.prices.paidListing, max: 1, featured };
    case 'featured-once':
      return {
        name: 'Featured listing (one payment)',
        unitPrice: settings.prices.featuredOnce,
        max: 1,
        featured,
      };
    case 'featured-monthly':
      return {
        name: 'Featured listing (monthly)',
        unitPrice: settings.prices.featuredMonthly,
        max: settings.maxMonths,
        featured,
      };
  }
}

export { formatMoney as money } from '@waymark/protocol';
