import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineSetting } from '@waymark/protocol';
import { readSetting, writeSetting } from '../../src/settings/store.js';
import { createTestStorage, DIALECTS } from '../support/storage.js';

const demo = defineSetting(
  'test.demo',
  z.object({ zoom: z.number().int().min(1).max(20).default(5), title: z.string().default('Map') }),
);

describe.each(DIALECTS)('settings store on %s', (dialect) => {
  let storage: Awaited<ReturnType<typeof createTestStorage>>;
  beforeAll(async () => {
    storage = await createTestStorage(dialect);
  });
  afterAll(async () => storage.close());

  it('answers the defaults when nothing is stored', async () => {
    expect(await readSetting(storage, demo)).toEqual({ zoom: 5, title: 'Map' });
  });

  it('stores, replaces and reads back a validated object', async () => {
    await writeSetting(storage, demo, { zoom: 9 });
    expect(await readSetting(storage, demo)).toEqual({ zoom: 9, title: 'Map' });
    await writeSetting(storage, demo, { zoom: 3, title: 'Here' });
    expect(await readSetting(storage, demo)).toEqual({ zoom: 3, title: 'Here' });
    await expect(writeSetting(storage, demo, { zoom: 99 })).rejects.toThrow();
  });

  it('keeps the fields that fit when a stored object does not', async () => {
    await storage.db
      .updateTable('settings')
      .set({ value: '{"zoom":"huge","title":"Kept"}' })
      .where('key', '=', 'test.demo')
      .execute();
    const messages: string[] = [];
    expect(await readSetting(storage, demo, (m) => messages.push(m))).toEqual({ zoom: 5, title: 'Kept' });
    expect(messages).toHaveLength(1);
    await storage.db.updateTable('settings').set({ value: 'not json' }).where('key', '=', 'test.demo').execute();
    expect(await readSetting(storage, demo)).toEqual({ zoom: 5, title: 'Map' });
  });
});
