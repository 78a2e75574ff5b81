import { around, distance } from 'geokdbush';
import type { CityTable } from './cities.js';
import { cityImportance } from './importance.js';
import type { ItemTable } from './items.js';
import { normalizeName } from './normalize.js';
import { TopHits, type Hit } from './top-hits.js';

export type { Hit } from './top-hits.js';

/**
 * Search and reverse lookup over the cities and the directory's own addresses.
 *
 * Ranking: a city weighs by its population (0.5 for 1,000 people, about 0.83 for Paris's two
 * million), a little less when the query matched a later word of its name, a little more when it
 * matched the whole name. An item weighs 0.55 when the query matched the start of its address
 * (0.45 for a later word), plus up to 0.35 for being close to the best city of the same answer.
 * So "12 rue de ri" finds the directory's own addresses, "paris" answers Paris first and then
 * the directory's places in Paris before the smaller Parises, and "rivoli" prefers the Italian
 * town to a street named after it that lies nowhere near a matching city.
 */

const LATER_WORD_PENALTY = 0.1;
const EXACT_BONUS = 0.05;
const ITEM_FROM_START = 0.55;
const ITEM_LATER_WORD = 0.45;
const ITEM_CLOSENESS = 0.35;
/** Closeness halves about every 17 km (e^(-d/25)): a city's own places count as close. */
const CLOSENESS_KM = 25;
/** Reverse lookups: an item answers within this distance at street zooms, a city within the other. */
const ITEM_RADIUS_KM = 0.25;
const CITY_RADIUS_KM = 50;
const STREET_ZOOM = 16;
/**
 * A prefix matching more names than this ("s" matches 22,000) has its best cities worked out
 * once and kept: unqualified, a city's score depends on nothing but its own row.
 */
const BIG_RANGE = 1_000;
const KEPT_PER_PREFIX = 50;
const bigPrefixTops = new WeakMap<CityTable, Map<string, readonly Hit[]>>();

export class Gazetteer {
  constructor(
    readonly cities: CityTable,
    readonly items: ItemTable,
  ) {}

  /**
   * The best `limit` places for a query typed by a person: "par", "san fr", "Zürich",
   * "paris, france", "springfield il", "12 rue de rivoli, paris".
   */
  search(query: string, limit: number): Hit[] {
    const parts = query.split(',').map(normalizeName).filter(Boolean);
    const [name, ...qualifiers] = parts;
    if (!name) return [];
    const hits = this.match(name, qualifiers, limit);
    if (hits.length > 0 || qualifiers.length > 0) return hits;
    // No comma and no match: the last words may say where ("paris france", "york uk").
    const words = name.split(' ');
    for (let k = words.length - 1; k >= 1; k -= 1) {
      const split = this.match(words.slice(0, k).join(' '), [words.slice(k).join(' ')], limit);
      if (split.length > 0) return split;
    }
    return [];
  }

  /** The nearest item at street zooms, else the nearest city; null when nothing is near. */
  reverse(lat: number, lon: number, zoom: number): Hit | null {
    if (zoom >= STREET_ZOOM) {
      const [item] = around(this.items.positions, lon, lat, 1, ITEM_RADIUS_KM);
      if (item !== undefined) return { kind: 'item', index: item, score: ITEM_FROM_START };
    }
    const [city] = around(this.cities.positions, lon, lat, 1, CITY_RADIUS_KM);
    if (city === undefined) return null;
    return { kind: 'city', index: city, score: cityImportance(this.cities.population[city] ?? 0) };
  }

  /** The city nearest a point, within `maxKm`, for an item's country. */
  nearestCity(lat: number, lon: number, maxKm = 100): number | undefined {
    return around(this.cities.positions, lon, lat, 1, maxKm)[0];
  }

  private match(name: string, qualifiers: readonly string[], limit: number): Hit[] {
    const { cities, items } = this;
    const qualified = qualifiedBy(qualifiers);

    const topCities = new TopHits(limit);
    if (qualifiers.length === 0 && cities.names.countMatches(name) > BIG_RANGE) {
      for (const hit of bigPrefixTop(cities, name).slice(0, limit)) topCities.offer(hit.kind, hit.index, hit.score);
    } else {
      offerCities(cities, name, topCities, qualified && ((index) => qualified(cities.qualifiers[index] as string)));
    }

    const best = topCities.first();
    const bestLat = best ? (cities.lat[best.index] as number) : 0;
    const bestLon = best ? (cities.lon[best.index] as number) : 0;
    const topItems = new TopHits(limit);
    items.names.forEachMatch(name, (index, fromStart) => {
      const base = fromStart ? ITEM_FROM_START : ITEM_LATER_WORD;
      // Closeness is at most 1: an item that could not beat the kept ones even at a city's
      // centre is not measured.
      const bar = topItems.bar;
      if (base + ITEM_CLOSENESS <= bar) return;
      if (qualified && !qualified(items.qualifiers[index] as string)) return;
      const item = items.items[index];
      if (!item) return;
      if (!best) return topItems.offer('item', index, base);
      // Nor is one whose latitude alone puts it too far from the city to beat them.
      if (base + ITEM_CLOSENESS * Math.exp(-latitudeKm(bestLat, item.lat) / CLOSENESS_KM) <= bar) return;
      const closeness = Math.exp(-distance(bestLon, bestLat, item.lon, item.lat) / CLOSENESS_KM);
      topItems.offer('item', index, base + ITEM_CLOSENESS * closeness);
    });

    return TopHits.merge(topCities, topItems, limit);
  }
}

/** The earth's radius in geokdbush's `distance`. */
const EARTH_RADIUS_KM = 6371;
/** A millionth: far more than the rounding of either side, so a bound stays a bound. */
const BOUND_MARGIN = 1e-6;

/**
 * A lower bound of the great-circle distance between two latitudes' points, whatever their
 * longitudes (the distance along the meridian), a little short so rounding cannot make it more.
 */
function latitudeKm(lat1: number, lat2: number): number {
  return Math.max(0, ((Math.abs(lat1 - lat2) * Math.PI) / 180) * EARTH_RADIUS_KM * (1 - BOUND_MARGIN) - BOUND_MARGIN);
}

/**
 * Whether a place's qualifier text (space-padded: " france fr ... ") has a word starting with
 * each qualifier the query gave; null for a query without any. Cities share their country's
 * and division's one text, so each text is tested once per query, not once per city.
 */
function qualifiedBy(qualifiers: readonly string[]): ((padded: string) => boolean) | null {
  if (qualifiers.length === 0) return null;
  const needles = qualifiers.map((q) => ` ${q}`);
  const verdicts = new Map<string, boolean>();
  return (padded) => {
    let verdict = verdicts.get(padded);
    if (verdict === undefined) {
      verdict = needles.every((needle) => padded.includes(needle));
      verdicts.set(padded, verdict);
    }
    return verdict;
  };
}

/** Cities matching `name` (and `accept`, when given) into `top`, by their ranking weight. */
function offerCities(
  cities: CityTable,
  name: string,
  top: TopHits,
  accept?: ((index: number) => boolean) | null,
): void {
  const { importance } = cities;
  cities.names.forEachMatch(name, (index, fromStart, exact) => {
    const score = (importance[index] as number) - (fromStart ? 0 : LATER_WORD_PENALTY) + (exact ? EXACT_BONUS : 0);
    // Most matches of a short prefix fall below the kept ones: the cheap test first.
    if (score <= top.bar || (accept && !accept(index))) return;
    top.offer('city', index, score);
  });
}

/** The best cities of a prefix matching more than BIG_RANGE names, worked out once per table. */
function bigPrefixTop(cities: CityTable, name: string): readonly Hit[] {
  let tops = bigPrefixTops.get(cities);
  if (!tops) bigPrefixTops.set(cities, (tops = new Map()));
  let kept = tops.get(name);
  if (!kept) {
    const top = new TopHits(KEPT_PER_PREFIX);
    offerCities(cities, name, top);
    kept = top.list();
    tops.set(name, kept);
  }
  return kept;
}

/**
 * The prefixes of one and two letters that match more than BIG_RANGE names ("s", "sa"), the
 * first keystrokes of most searches: their best cities are best worked out before anyone types.
 */
export function bigPrefixes(cities: CityTable): string[] {
  return cities.names.prefixesMatchingMore(BIG_RANGE, 2);
}

/** Works out and keeps a big prefix's best cities now (see `bigPrefixes`). */
export function keepBigPrefix(cities: CityTable, prefix: string): void {
  if (cities.names.countMatches(prefix) > BIG_RANGE) bigPrefixTop(cities, prefix);
}
