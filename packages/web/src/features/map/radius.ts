import { DIRECTORY, type DirectoryItem, type RadiusUnit } from '@waymark/protocol';
import KDBush from 'kdbush';

/**
 * The radius search's arithmetic (directory spec, section 5): miles × 1.60934 to km, the radius
 * truncated to whole km, × 1000 for the circle's metres.
 */
export function radiusOf(distance: number, unit: RadiusUnit): { km: number; metres: number } {
  const km = Math.trunc(unit === 'miles' ? distance * DIRECTORY.milesToKm : distance);
  return { km, metres: km * DIRECTORY.metresPerKm };
}

/** The earth's radius geokdbush measures with, so "inside" means what it always meant. */
const EARTH_RADIUS_KM = 6371;
const RAD = Math.PI / 180;
/** Degrees added around the circle's box, so rounding at its edge never leaves a place out. */
const BOX_MARGIN = 1e-6;

function haverSin(theta: number): number {
  const s = Math.sin(theta / 2);
  return s * s;
}

/** A spatial index of the placed items, made once per item set, asked per search. */
export class RadiusIndex {
  readonly #ids: number[] = [];
  readonly #lat: Float64Array;
  readonly #lon: Float64Array;
  readonly #index: KDBush | null;

  constructor(items: readonly DirectoryItem[]) {
    const placed = items.filter((item) => item.lat !== null && item.lon !== null);
    this.#lat = new Float64Array(placed.length);
    this.#lon = new Float64Array(placed.length);
    if (placed.length === 0) {
      this.#index = null;
      return;
    }
    const index = new KDBush(placed.length);
    placed.forEach((item, at) => {
      this.#lat[at] = item.lat as number;
      this.#lon[at] = item.lon as number;
      index.add(item.lon as number, item.lat as number);
      this.#ids.push(item.id);
    });
    this.#index = index.finish();
  }

  /**
   * The ids of the items within `km` of the point (great-circle distance, the test geokdbush's
   * `around` makes). The k-d tree gives the places in the circle's box of latitudes and
   * longitudes, and only those are measured: no queue, no sorting by distance, which a filter
   * does not need.
   */
  within(lat: number, lon: number, km: number): Set<number> {
    const found = new Set<number>();
    const index = this.#index;
    if (!index) return found;
    const angle = km / EARTH_RADIUS_KM;
    const maxHaverSin = haverSin(angle);
    const cosLat = Math.cos(lat * RAD);
    const measure = (at: number) => {
      const y = this.#lat[at] as number;
      const h =
        cosLat * Math.cos(y * RAD) * haverSin((lon - (this.#lon[at] as number)) * RAD) + haverSin((lat - y) * RAD);
      if (h <= maxHaverSin) found.add(this.#ids[at] as number);
    };
    const south = lat - angle / RAD - BOX_MARGIN;
    const north = lat + angle / RAD + BOX_MARGIN;
    const sinRatio = Math.sin(angle) / cosLat;
    // A circle around a pole, or half the earth, spans every longitude.
    if (angle >= Math.PI / 2 || south <= -90 || north >= 90 || !(sinRatio < 1)) {
      for (const at of index.range(-180, Math.max(-90, south), 180, Math.min(90, north))) measure(at);
      return found;
    }
    const spread = Math.asin(sinRatio) / RAD + BOX_MARGIN;
    const west = lon - spread;
    const east = lon + spread;
    for (const at of index.range(Math.max(-180, west), south, Math.min(180, east), north)) measure(at);
    // Across the antimeridian: the rest of the box on the other side.
    if (west < -180) for (const at of index.range(west + 360, south, 180, north)) measure(at);
    if (east > 180) for (const at of index.range(-180, south, east - 360, north)) measure(at);
    return found;
  }
}
