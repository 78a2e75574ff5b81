import type { PaymentMethod } from '@waymark/protocol';

/**
 * A way to pay. A provider that takes the money itself (a card processor) answers `paid`; the
 * built-in ones are offline, so the order waits until an administrator marks it paid.
 */
export interface PaymentProvider {
  id: PaymentMethod;
  label: string;
  description: string;
  /** Called once the order exists; answers the order's state. */
  start(order: { id: number; total: number }): Promise<'pending' | 'paid'>;
}

const offline = (id: PaymentMethod, label: string, description: string): PaymentProvider => ({
  id,
  label,
  description,
  start: async () => 'pending',
});

/** The built-in providers: nothing leaves this site. */
export const PAYMENT_PROVIDERS: readonly PaymentProvider[] = [
  offline('bacs', 'Bank transfer', 'Pay by bank transfer; your listing is activated once the money arrives.'),
  offline('invoice', 'Invoice', 'We send an invoice to your billing e-mail address; pay it within 14 days.'),
];

export const paymentProvider = (id: string): PaymentProvider | undefined => PAYMENT_PROVIDERS.find((p) => p.id === id);
