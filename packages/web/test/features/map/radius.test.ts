import { DIRECTORY, type DirectoryItem } from '@waymark/protocol';
import fc from 'fast-check';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import { describe, expect, it } from 'vitest';
import { RadiusIndex, radiusOf } from '../../../src/features/map/radius.js';

const item = (id: number, lat: number | null, lon: number | null): DirectoryItem => ({
  id,
  title: `Item ${id}`,
  subtitle: '',
  address: '',
  locality: '',
  phone: '',
  hours: '',
  url: '',
  image: '',
  imageAlt: '',
  lat,
  lon,
  paid: false,
  featured: false,
  marker: null,
  tags: [],
  content: '',
  votes: 0,
  phoneSealed: '',
});

const wrap = (x: number) => (x > 180 ? x - 360 : x < -180 ? x + 360 : x);
/** The point `km` away from (lat, lon) at `bearing` (radians) on the sphere. */
const destination = (lat: number, lon: number, bearing: number, km: number): [number, number] => {
  const rad = Math.PI / 180;
  const d = km / 6371;
  const φ = Math.asin(Math.sin(lat * rad) * Math.cos(d) + Math.cos(lat * rad) * Math.sin(d) * Math.cos(bearing));
  const λ =
    lon * rad +
    Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat * rad), Math.cos(d) - Math.sin(lat * rad) * Math.sin(φ));
  return [φ / rad, wrap(λ / rad)];
};

describe('the radius search', () => {
  it('turns miles into km by 1.60934, truncates to whole km and gives metres', () => {
    expect(radiusOf(10, 'km')).toEqual({ km: 10, metres: 10_000 });
    expect(radiusOf(2.9, 'km')).toEqual({ km: 2, metres: 2_000 });
    expect(radiusOf(10, 'miles')).toEqual({ km: 16, metres: 16_000 });
    expect(radiusOf(40, 'miles').km).toBe(Math.trunc(40 * DIRECTORY.milesToKm));
    expect(radiusOf(0.5, 'miles')).toEqual({ km: 0, metres: 0 });
  });

  it('finds the placed items within the radius from its index, and none without a position', () => {
    // Paris, Versailles (about 17 km), Orléans (about 111 km), and one without a position.
    const index = new RadiusIndex([
      item(1, 48.8566, 2.3522),
      item(2, 48.8049, 2.1204),
      item(3, 47.9029, 1.9093),
      item(4, null, null),
    ]);
    expect([...index.within(48.8566, 2.3522, 20)].sort()).toEqual([1, 2]);
    expect([...index.within(48.8566, 2.3522, 5)]).toEqual([1]);
    expect([...index.within(48.8566, 2.3522, 150)].sort()).toEqual([1, 2, 3]);
    expect(new RadiusIndex([item(5, null, null)]).within(0, 0, 100).size).toBe(0);
  });

  it('finds exactly the items geokdbush finds around the point, at the poles and across the antimeridian too', () => {
    const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
    const corners: [number, number][] = [
      [89.9, 0],
      [-89.9, 179.9],
      [0, 179.95],
      [0, -179.95],
      [51.5, -0.12],
    ];
    const centre = fc.oneof(
      fc.tuple(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true })),
      fc.constantFrom(...corners),
    );
    // Each place an offset from the centre (so the circle holds some), or a point near the circle's
    // edge in some direction (between 0.98 and 1.02 of the radius away).
    const offset = fc.oneof(
      fc.tuple(
        fc.constant('offset' as const),
        fc.double({ min: -40, max: 40, noNaN: true }),
        fc.double({ min: -60, max: 60, noNaN: true }),
      ),
      // Unbiased: fast-check's usual edge values (0, the bounds) would keep these off the edge.
      fc.noBias(
        fc.tuple(
          fc.constant('edge' as const),
          fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
          fc.double({ min: 0.98, max: 1.02, noNaN: true }),
        ),
      ),
    );
    fc.assert(
      fc.property(
        centre,
        fc.oneof(fc.integer({ min: 0, max: 3_000 }), fc.noBias(fc.integer({ min: 1, max: 3_000 }))),
        fc.array(offset, { minLength: 1, maxLength: 200 }),
        ([lat, lon], km, offsets) => {
          const places = offsets.map(([kind, a, b], i) => {
            const [y, x] =
              kind === 'edge' ? destination(lat, lon, a, km * b) : [clamp(lat + a, -90, 90), wrap(lon + b)];
            return item(i + 1, clamp(y, -90, 90), clamp(x, -180, 180));
          });
          const tree = new KDBush(places.length);
          for (const place of places) tree.add(place.lon as number, place.lat as number);
          tree.finish();
          const expected = new Set(around(tree, lon, lat, Infinity, km).map((at) => at + 1));
          expect(new RadiusIndex(places).within(lat, lon, km)).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('agrees with geokdbush all round the edge of circles at the poles, the antimeridian and in between', () => {
    const centres: [number, number][] = [
      [0, 0],
      [45, 10],
      [-62, -70],
      [80, 179.5],
      [-89.5, 0],
      [10, -179.9],
    ];
    for (const [lat, lon] of centres) {
      for (const km of [1, 50, 800, 2_500]) {
        const places: DirectoryItem[] = [];
        for (let step = 0; step < 720; step += 1) {
          for (const factor of [0.999, 0.9999, 1.0001, 1.001]) {
            const [y, x] = destination(lat, lon, (step / 720) * 2 * Math.PI, km * factor);
            places.push(item(places.length + 1, y, x));
          }
        }
        const tree = new KDBush(places.length);
        for (const place of places) tree.add(place.lon as number, place.lat as number);
        tree.finish();
        const expected = new Set(around(tree, lon, lat, Infinity, km).map((at) => at + 1));
        expect(expected.size).toBeGreaterThan(0);
        expect(new RadiusIndex(places).within(lat, lon, km)).toEqual(expected);
      }
    }
  });
});
