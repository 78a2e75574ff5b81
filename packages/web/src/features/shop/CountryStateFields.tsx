import { useRef, useState } from 'react';
import type { ShopOption, ShopRegionField } from '@waymark/protocol';
import { regionsOf } from './regions.js';

/**
 * A country select and its state field: a select of the country's regions where the dataset
 * has them, a text input where it does not. The state field keeps its id and label when it
 * switches, so its label stays and names whichever control is there.
 */
export function CountryStateFields({
  idPrefix,
  countryField,
  stateField,
  countries,
  initial,
  errors,
  required = true,
  countryLabel = 'Country / Region',
  stateLabel = 'State / County',
  section,
}: {
  idPrefix: string;
  countryField: string;
  stateField: string;
  countries: ShopOption[];
  initial: ShopRegionField;
  errors: Record<string, string>;
  required?: boolean;
  countryLabel?: string;
  stateLabel?: string;
  /** The autofill section: whose address this is. */
  section: 'billing' | 'shipping';
}) {
  const [country, setCountry] = useState(initial.country);
  const [regions, setRegions] = useState(initial.regions);
  const [state, setState] = useState(initial.value);
  const latest = useRef(initial.country);

  async function chooseCountry(code: string) {
    setCountry(code);
    latest.current = code;
    const next = await regionsOf(code);
    // A quicker later choice wins over a slower earlier one.
    if (latest.current !== code) return;
    setRegions(next);
    setState('');
  }

  const error = (name: string, id: string) =>
    errors[name] && (
      <span className="form-error" id={`${id}-error`}>
        {errors[name]}
      </span>
    );
  const countryId = `${idPrefix}-country`;
  const stateId = `${idPrefix}-state`;
  const invalid = (name: string, id: string) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-error` : undefined,
  });

  return (
    <>
      <div className="shop-field">
        <label htmlFor={countryId}>{countryLabel}</label>
        <select
          id={countryId}
          name={countryField}
          value={country}
          required={required}
          autoComplete={`${section} country`}
          onChange={(e) => void chooseCountry(e.target.value)}
          {...invalid(countryField, countryId)}
        >
          <option value="">Select a country / region…</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        {error(countryField, countryId)}
      </div>
      <div className="shop-field" data-state-kind={regions.length > 0 ? 'select' : 'text'}>
        <label htmlFor={stateId}>
          {stateLabel}
          {regions.length === 0 && <span className="shop-optional"> (optional)</span>}
        </label>
        {regions.length > 0 ? (
          <select
            id={stateId}
            name={stateField}
            value={state}
            required={required}
            autoComplete={`${section} address-level1`}
            onChange={(e) => setState(e.target.value)}
            {...invalid(stateField, stateId)}
          >
            <option value="">Select an option…</option>
            {regions.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={stateId}
            name={stateField}
            type="text"
            value={state}
            maxLength={100}
            autoComplete={`${section} address-level1`}
            onChange={(e) => setState(e.target.value)}
            {...invalid(stateField, stateId)}
          />
        )}
        {error(stateField, stateId)}
      </div>
    </>
  );
}
