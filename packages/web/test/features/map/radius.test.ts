import { DIRECTORY } from '@waymark/protocol';
import { describe, expect, it } from 'vitest';
import { RadiusIndex, radiusOf } from '../../../src/features/map/radius.js';
import type { DirectoryItem } from '../../../src/shared/page-data.js';

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
  marker: null,
  tags: [],
  content: '',
  votes: 0,
  phoneSealed: '',
});

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
});
