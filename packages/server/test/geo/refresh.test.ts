import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GazetteerSource } from '../../src/geo/source.js';
import { createTestStorage } from '../support/storage.js';
import { addPlacedItems } from './support.js';

describe('the gazetteer follows the directory’s items', () => {
  let storage: Awaited<ReturnType<typeof createTestStorage>>;
  let clock = 0;
  const errors: unknown[] = [];
  let source: GazetteerSource;

  beforeAll(async () => {
    storage = await createTestStorage('sqlite');
    source = new GazetteerSource(
      storage,
      (error) => errors.push(error),
      () => clock,
    );
  });
  afterAll(() => storage.close());

  const found = async (q: string) => {
    const gazetteer = await source.get();
    return gazetteer.search(q, 5).filter((hit) => hit.kind === 'item').length;
  };

  it('reads new items again after 30 s, and rebuilds only when they changed', async () => {
    await addPlacedItems(storage, [
      { title: 'A', address: '1 Quayside, Newcastle', locality: 'Newcastle', lat: 54.969, lon: -1.605 },
    ]);
    expect(await found('1 quayside')).toBe(1);
    const first = await source.get();

    clock += 31_000;
    await source.get();
    await source.settled();
    expect(await source.get()).toBe(first);

    await addPlacedItems(storage, [
      { title: 'B', address: '2 Quayside, Newcastle', locality: 'Newcastle', lat: 54.9691, lon: -1.604 },
    ]);
    // Within the 30 s the previous gazetteer answers.
    expect(await found('2 quayside')).toBe(0);
    clock += 31_000;
    await source.get();
    await source.settled();
    expect(await found('2 quayside')).toBe(1);
    expect(errors).toEqual([]);
  });

  it('with a change signal, reads them again within a second of the signal moving, and not before', async () => {
    let signal = 1;
    const signalled = new GazetteerSource(
      storage,
      (error) => errors.push(error),
      () => clock,
      async () => `v${signal}`,
    );
    const seen = async (q: string) => {
      await signalled.get();
      await signalled.settled();
      return (await signalled.get()).search(q, 5).filter((hit) => hit.kind === 'item').length;
    };
    expect(await seen('1 quayside')).toBe(1);
    await addPlacedItems(storage, [
      { title: 'C', address: '3 Quayside, Newcastle', locality: 'Newcastle', lat: 54.9692, lon: -1.603 },
    ]);
    clock += 1_500;
    // The signal has not moved: the items are not read again.
    expect(await seen('3 quayside')).toBe(0);
    signal += 1;
    expect(await seen('3 quayside')).toBe(0);
    clock += 1_500;
    expect(await seen('3 quayside')).toBe(1);
    expect(errors).toEqual([]);
  });
});
