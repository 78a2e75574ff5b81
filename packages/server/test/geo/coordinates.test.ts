import { checkCoordinates, COORDINATE_MESSAGES, NONCE_ACTIONS, type PageContext } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideListing } from '../../src/listings/store.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { shieldFields } from '../support/shield-fields.js';
import { webDistEnv } from '../mail/env.js';

describe('an item’s coordinates on write', () => {
  it.each([
    [null, null],
    [undefined, ''],
    ['48.8566', '2.3522'],
    [-90, 180],
    [90, -180],
    [' 0 ', '0'],
    ['-33.8688', '151.2093'],
  ])('accepts %j, %j', (lat, lon) => {
    expect(checkCoordinates(lat, lon).ok).toBe(true);
  });

  it('answers numbers, or null for neither', () => {
    expect(checkCoordinates('48.5', '-2.25')).toEqual({ ok: true, lat: 48.5, lon: -2.25 });
    expect(checkCoordinates('', ' ')).toEqual({ ok: true, lat: null, lon: null });
  });

  it.each([
    [90.0001, 0, 'lat', COORDINATE_MESSAGES.lat],
    [-91, 0, 'lat', COORDINATE_MESSAGES.lat],
    [0, 180.5, 'lon', COORDINATE_MESSAGES.lon],
    [0, '-181', 'lon', COORDINATE_MESSAGES.lon],
    ['north', '2', 'lat', COORDINATE_MESSAGES.lat],
    ['1e1', '2', 'lat', COORDINATE_MESSAGES.lat],
    [Number.NaN, 2, 'lat', COORDINATE_MESSAGES.lat],
    [0, Number.POSITIVE_INFINITY, 'lon', COORDINATE_MESSAGES.lon],
    [{}, 2, 'lat', COORDINATE_MESSAGES.lat],
    ['48.8', '', 'lon', COORDINATE_MESSAGES.pair],
    [null, 2.35, 'lat', COORDINATE_MESSAGES.pair],
  ])('refuses %j, %j', (lat, lon, field, message) => {
    expect(checkCoordinates(lat, lon)).toEqual({ ok: false, field, message });
  });
});

describe('the add-business form with a chosen position', () => {
  let t: TestApp;
  let clients = 0;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { ...webDistEnv(), TRUST_PROXY: 'true' } });
    await t.app.storage.db.insertInto('categories').values({ slug: 'cafes', name: 'Cafés', position: 0 }).execute();
  });
  afterAll(() => t.close());

  const submit = async (position: Record<string, string>) => {
    const headers = { 'x-forwarded-for': `198.51.${(clients += 1)}.7` };
    const fields = {
      _wpnonce: t.app.nonces.create(NONCE_ACTIONS.form, ''),
      title: 'Corner Café',
      address: '12 Rue de Rivoli, Paris',
      email: 'owner@corner-cafe.example',
      category: 'cafes',
      ...(await shieldFields(t.app, { headers })),
      ...position,
    };
    return t.app.inject({
      method: 'POST',
      url: '/add-business',
      headers: { ...FORM_HEADERS, ...headers },
      payload: form(fields),
    });
  };
  const addressError = (html: string) => {
    const json = /<script type="application\/json" id="waymark-page">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
    const { data } = JSON.parse(json) as PageContext;
    if (data.page !== 'add-business') throw new Error('not the form page');
    return data.errors.address;
  };

  it('refuses a latitude out of range, or one coordinate without the other, and keeps nothing', async () => {
    const outOfRange = await submit({ address_lat: '91', address_lon: '2.35' });
    expect(outOfRange.statusCode).toBe(400);
    expect(addressError(outOfRange.body)).toBe(COORDINATE_MESSAGES.lat);

    const half = await submit({ address_lat: '48.85' });
    expect(half.statusCode).toBe(400);
    expect(addressError(half.body)).toBe(COORDINATE_MESSAGES.pair);

    expect(await t.app.storage.db.selectFrom('pending_listings').selectAll().execute()).toEqual([]);
  });

  it('takes a listing with a position in range, or with none, and keeps the position', async () => {
    expect((await submit({ address_lat: '48.8557', address_lon: '2.36' })).statusCode).toBe(303);
    expect((await submit({})).statusCode).toBe(303);
    const kept = await t.app.storage.db.selectFrom('pending_listings').select(['lat', 'lon']).orderBy('id').execute();
    expect(kept).toEqual([
      { lat: 48.8557, lon: 2.36 },
      { lat: null, lon: null },
    ]);
  });

  it('gives the approved listing’s item its position', async () => {
    const { db } = t.app.storage;
    const category = await db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
    const list = await db
      .insertInto('lists')
      .values({ category_id: category.id, slug: 'coordinates', title: 'Coordinates', position: 0, settings: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const listing = await db
      .selectFrom('pending_listings')
      .select('id')
      .where('lat', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(await decideListing(t.app.storage, listing.id, { action: 'approve', listId: list.id })).toBe(true);
    const item = await db
      .selectFrom('items')
      .innerJoin('pending_listings', 'pending_listings.item_id', 'items.id')
      .select(['items.lat', 'items.lon'])
      .where('pending_listings.id', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect(item).toEqual({ lat: 48.8557, lon: 2.36 });
  });
});

describe.each(['sqlite', 'postgres'] as const)('a pending listing’s position in %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: webDistEnv() });
  });
  afterAll(() => t.close());

  const write = (lat: number | null, lon: number | null) =>
    t.app.storage.db
      .insertInto('pending_listings')
      .values({
        title: 'Place',
        subtitle: '',
        url: '',
        address: '',
        owner_email: 'owner@example.com',
        category_id: null,
        tags: '[]',
        payment: 'once',
        status: 'pending',
        score: 0,
        reasons: '[]',
        lat,
        lon,
        created_at: new Date().toISOString(),
      })
      .execute();

  it('is checked by the database too: in range, both or neither', async () => {
    await expect(write(45, 7)).resolves.toBeDefined();
    await expect(write(null, null)).resolves.toBeDefined();
    await expect(write(-90, 180)).resolves.toBeDefined();
    for (const [lat, lon] of [
      [90.5, 0],
      [0, -180.5],
      [10, null],
      [null, 10],
    ] as const) {
      await expect(write(lat, lon)).rejects.toThrow();
    }
  });
});
