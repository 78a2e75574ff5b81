import { createRequire } from 'node:module';
import type { ShopOption, ShopRegionField } from '@waymark/protocol';

interface CountryEntry {
  countryName: string;
  countryShortCode: string;
  regions: { name: string; shortCode?: string }[];
}

/** A country with fewer regions than this has a free-text state field (WooCommerce's rule of thumb). */
const SELECT_FROM = 2;

const countries = createRequire(import.meta.url)('country-region-data/data.json') as CountryEntry[];
const byCode = new Map(countries.map((c) => [c.countryShortCode, c]));

/** Every country, by name, for the selects. */
export const COUNTRY_OPTIONS: ShopOption[] = countries
  .map((c) => ({ code: c.countryShortCode, name: c.countryName }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

export const countryName = (code: string): string => byCode.get(code)?.countryName ?? code;
export const isCountry = (code: string): boolean => byCode.has(code);

/** A country's regions as select options; empty when its state is free text. */
export function regionsOf(code: string): ShopOption[] {
  const regions = byCode.get(code)?.regions ?? [];
  if (regions.length < SELECT_FROM) return [];
  return regions.map((r) => ({ code: r.shortCode || r.name, name: r.name }));
}

export function regionField(country: string, value: string): ShopRegionField {
  return { country, regions: regionsOf(country), value };
}

/**
 * Checks a state against its country: one of its regions where it has a list (required then),
 * any short text where it has none. Answers the stored value or an error.
 */
export function checkState(
  country: string,
  state: string,
): { ok: true; value: string } | { ok: false; message: string } {
  const regions = regionsOf(country);
  if (regions.length === 0) return { ok: true, value: state.trim().slice(0, 100) };
  const found = regions.find((r) => r.code === state);
  return found ? { ok: true, value: found.code } : { ok: false, message: 'please choose a state or region' };
}

export function regionName(country: string, state: string): string {
  return regionsOf(country).find((r) => r.code === state)?.name ?? state;
}
