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
    const qualified = (padded: string) => qualifiers.every((q) => padded.includes(` ${q}`));

    const topCities = new TopHits(limit);
    if (qualifiers.length === 0 && cities.names.countMatches(name) > BIG_RANGE) {
      for (const hit of this.bigPrefixTop(name).slice(0, limit)) topCities.offer(hit);
    } else {
      this.offerCities(
        name,
        topCities,
        (index) => qualifiers.length === 0 || qualified(cities.qualifiers[index] as string),
      );
    }

    const best = topCities.first();
    const bestLat = best ? (cities.lat[best.index] as number) : 0;
    const bestLon = best ? (cities.lon[best.index] as number) : 0;
    const topItems = new TopHits(limit);
    items.names.forEachMatch(name, (index, fromStart) => {
      if (qualifiers.length > 0 && !qualified(items.qualifiers[index] as string)) return;
      const item = items.items[index];
      if (!item) return;
      const closeness = best ? Math.exp(-distance(bestLon, bestLat, item.lon, item.lat) / CLOSENESS_KM) : 0;
      const score = (fromStart ? ITEM_FROM_START : ITEM_LATER_WORD) + ITEM_CLOSENESS * closeness;
      topItems.offer({ kind: 'item', index, score });
    });

    return TopHits.merge(topCities, topItems, limit);
  }

  private offerCities(name: string, top: TopHits, accept: (index: number) => boolean): void {
    const { cities } = this;
    cities.names.forEachMatch(name, (index, fromStart, exact) => {
      if (!accept(index)) return;
      const score =
        (cities.importance[index] as number) - (fromStart ? 0 : LATER_WORD_PENALTY) + (exact ? EXACT_BONUS : 0);
      top.offer({ kind: 'city', index, score });
    });
  }

  private bigPrefixTop(name: string): readonly Hit[] {
    let tops = bigPrefixTops.get(this.cities);
    if (!tops) bigPrefixTops.set(this.cities, (tops = new Map()));
    let kept = tops.get(name);
    if (!kept) {
      const top = new TopHits(KEPT_PER_PREFIX);
      this.offerCities(name, top, () => true);
      kept = top.list();
      tops.set(name, kept);
    }
    return kept;
  }
}
