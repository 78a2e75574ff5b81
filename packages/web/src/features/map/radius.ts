import { DIRECTORY, type RadiusUnit } from '@waymark/protocol';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import type { DirectoryItem } from '../../shared/page-data.js';

/**
 * The radius search's arithmetic (directory spec, section 5): miles × 1.60934 to km, the radius
 * truncated to whole km, × 1000 for the circle's metres.
 */
export function radiusOf(distance: number, unit: RadiusUnit): { km: number; metres: number } {
  const km = Math.trunc(unit === 'miles' ? distance * DIRECTORY.milesToKm : distance);
  return { km, metres: km * DIRECTORY.metresPerKm };
}

/** A spatial index of the placed items, made once per item set, asked per search. */
export class RadiusIndex {
  readonly #ids: number[] = [];
  readonly #index: KDBush | null;

  constructor(items: readonly DirectoryItem[]) {
    const placed = items.filter((item) => item.lat !== null && item.lon !== null);
    if (placed.length === 0) {
      this.#index = null;
      return;
    }
    const index = new KDBush(placed.length);
    for (const item of placed) {
      index.add(item.lon as number, item.lat as number);
      this.#ids.push(item.id);
    }
    this.#index = index.finish();
  }

  /** The ids of the items within `km` of the point. */
  within(lat: number, lon: number, km: number): Set<number> {
    if (!this.#index) return new Set();
    return new Set(around(this.#index, lon, lat, Infinity, km).map((at) => this.#ids[at] as number));
  }
}
