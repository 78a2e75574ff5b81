import type { ShopOption } from '@waymark/protocol';

interface CountryEntry {
  countryShortCode: string;
  regions: { name: string; shortCode?: string }[];
}

/** Fewer regions than this: the state is free text (the server's rule too). */
const SELECT_FROM = 2;

let dataset: Promise<Map<string, CountryEntry>> | null = null;

/** The country and region dataset, as a chunk of its own loaded the first time a country changes. */
function load(): Promise<Map<string, CountryEntry>> {
  dataset ??= import('country-region-data/data.json').then(
    (module) => new Map((module.default as CountryEntry[]).map((c) => [c.countryShortCode, c])),
  );
  return dataset;
}

/** A country's regions as options; empty when its state is free text. */
export async function regionsOf(country: string): Promise<ShopOption[]> {
  const regions = (await load()).get(country)?.regions ?? [];
  if (regions.length < SELECT_FROM) return [];
  return regions.map((r) => ({ code: r.shortCode || r.name, name: r.name }));
}
