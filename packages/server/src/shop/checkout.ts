import {
  addressField,
  ADDRESS_PARTS,
  CHECKOUT_FIELDS,
  checkoutFields,
  shippingFields,
  type AddressKind,
} from '@waymark/protocol';
import { fieldErrors, firstString } from '../plugins/bodies.js';
import { checkState, countryName, isCountry, regionName } from './regions.js';

export type Address = Record<(typeof ADDRESS_PARTS)[number], string>;

export interface CheckedCheckout {
  email: string;
  phone: string;
  paymentMethod: string;
  step: 'review' | 'place' | 'edit';
  billing: Address;
  shipping: Address;
  shipToDifferent: boolean;
}

/** The checkout's fields as strings, for the form to show again; unknown fields are dropped. */
export function checkoutValues(fields: Record<string, unknown>): Record<string, string> {
  const names = [
    ...(['billing', 'shipping'] as const).flatMap((kind) => ADDRESS_PARTS.map((part) => addressField(kind, part))),
    ...Object.values(CHECKOUT_FIELDS),
  ];
  return Object.fromEntries(names.map((name) => [name, (firstString(fields[name]) ?? '').slice(0, 300)]));
}

function addressOf(kind: AddressKind, data: Record<string, unknown>): Address {
  return Object.fromEntries(
    ADDRESS_PARTS.map((part) => [part, String(data[addressField(kind, part)] ?? '')]),
  ) as Address;
}

/** Checks one address's country and state against the dataset. */
function checkPlace(kind: AddressKind, address: Address, errors: Record<string, string>): void {
  if (!isCountry(address.country)) {
    errors[addressField(kind, 'country')] = 'please choose a country';
    return;
  }
  const state = checkState(address.country, address.state);
  if (state.ok) address.state = state.value;
  else errors[addressField(kind, 'state')] = state.message;
}

/** Validates every checkout field: the addresses, the country and state pairs, contact and payment. */
export function checkCheckout(
  values: Record<string, string>,
): { ok: true; checkout: CheckedCheckout } | { ok: false; errors: Record<string, string> } {
  // A form without the step field is the address form's own post: its default applies.
  const { [CHECKOUT_FIELDS.step]: step, ...rest } = values;
  const parsed = checkoutFields.safeParse(step ? values : rest);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error.issues);
  const shipToDifferent = ['1', 'on'].includes(values[CHECKOUT_FIELDS.shipToDifferent] ?? '');
  let shipping: Address | null = null;
  if (shipToDifferent) {
    const ship = shippingFields.safeParse(values);
    if (ship.success) shipping = addressOf('shipping', ship.data);
    else Object.assign(errors, fieldErrors(ship.error.issues));
  }
  if (!parsed.success) return { ok: false, errors };
  const billing = addressOf('billing', parsed.data);
  checkPlace('billing', billing, errors);
  if (shipping) checkPlace('shipping', shipping, errors);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    checkout: {
      email: parsed.data[CHECKOUT_FIELDS.email],
      phone: parsed.data[CHECKOUT_FIELDS.phone],
      paymentMethod: parsed.data[CHECKOUT_FIELDS.paymentMethod],
      step: parsed.data[CHECKOUT_FIELDS.step],
      billing,
      shipping: shipping ?? billing,
      shipToDifferent,
    },
  };
}

/** One line of text for an address, as the review step and the orders page show it. */
export function addressLine(address: Partial<Address>): string {
  const country = address.country ?? '';
  return [
    [address.first_name, address.last_name].filter(Boolean).join(' '),
    address.company,
    address.address_1,
    [address.postcode, address.city].filter(Boolean).join(' '),
    address.state ? regionName(country, address.state) : '',
    country ? countryName(country) : '',
  ]
    .filter(Boolean)
    .join(', ');
}
