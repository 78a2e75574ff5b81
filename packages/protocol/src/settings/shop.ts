import { z } from 'zod';
import { defineSetting, type SettingValue } from './define.js';

/** A price in the currency's smallest unit (cents). */
const price = (fallback: number) => z.number().int().min(0).max(100_000_000).default(fallback);

/**
 * *Waymark:* the shop that sells paid and featured listings. Prices are whole cents; the
 * built-in payment is offline (bank transfer or invoice), marked paid by an administrator.
 */
export const shopSettings = defineSetting(
  'shop',
  z.object({
    /** ISO 4217 code, for the prices' display. */
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .default('EUR'),
    prices: z
      .object({
        /** A paid listing: the item is in the directory, marked paid. */
        paidListing: price(2900),
        /** A featured listing paid once. */
        featuredOnce: price(4900),
        /** A featured listing paid each month (the recurring-payment toggle's product). */
        featuredMonthly: price(900),
      })
      .default({ paidListing: 2900, featuredOnce: 4900, featuredMonthly: 900 }),
    /** The most months of a recurring featured listing one order pays for. */
    maxMonths: z.number().int().min(1).max(120).default(12),
    /** The country the checkout's selects start on (ISO 3166-1 alpha-2). */
    defaultCountry: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .default('IT'),
    /** What the buyer reads after ordering: how to pay by bank transfer or invoice. */
    bankTransferInstructions: z
      .string()
      .max(2_000)
      .default('Please transfer the total to IBAN IT60 X054 2811 1010 0000 0123 456, quoting the order number.'),
  }),
);
export type ShopSettings = SettingValue<typeof shopSettings>;
