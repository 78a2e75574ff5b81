import {
  addressField,
  type AddressKind,
  type AddressPart,
  type ShopOption,
  type ShopRegionField,
} from '@waymark/protocol';
import { CountryStateFields } from './CountryStateFields.js';

const PARTS: {
  part: Exclude<AddressPart, 'country' | 'state'>;
  label: string;
  autoComplete: string;
  required: boolean;
}[] = [
  { part: 'first_name', label: 'First name', autoComplete: 'given-name', required: true },
  { part: 'last_name', label: 'Last name', autoComplete: 'family-name', required: true },
  { part: 'company', label: 'Company name (optional)', autoComplete: 'organization', required: false },
  { part: 'address_1', label: 'Street address', autoComplete: 'address-line1', required: true },
  { part: 'postcode', label: 'Postcode / ZIP (optional)', autoComplete: 'postal-code', required: false },
  { part: 'city', label: 'Town / City', autoComplete: 'address-level2', required: true },
];

/** One address's fields, with its country and state pair. */
export function AddressFields({
  kind,
  values,
  errors,
  countries,
  state,
}: {
  kind: AddressKind;
  values: Record<string, string>;
  errors: Record<string, string>;
  countries: ShopOption[];
  state: ShopRegionField;
}) {
  const parts = (from: number, to: number) =>
    PARTS.slice(from, to).map(({ part, label, autoComplete, required }) => {
      const name = addressField(kind, part);
      const id = `${kind}-${part}`;
      return (
        <div className="shop-field" key={name}>
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            name={name}
            required={required}
            maxLength={300}
            autoComplete={`${kind} ${autoComplete}`}
            defaultValue={values[name] ?? ''}
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={errors[name] ? `${id}-error` : undefined}
          />
          {errors[name] && (
            <span className="form-error" id={`${id}-error`}>
              {errors[name]}
            </span>
          )}
        </div>
      );
    });
  return (
    <>
      {parts(0, 3)}
      <CountryStateFields
        idPrefix={kind}
        section={kind}
        countryField={addressField(kind, 'country')}
        stateField={addressField(kind, 'state')}
        countries={countries}
        initial={state}
        errors={errors}
      />
      {parts(3, 6)}
    </>
  );
}
