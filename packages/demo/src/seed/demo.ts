import { checkCoordinates } from '@waymark/protocol';
import type { Transaction } from 'kysely';
import { sanitizeRichText, type Storage, type Database } from '@waymark/server/seeding';
import { generateDirectory, type Directory } from './generate.js';
import { generateMarkers, planPictures, renderPictures } from './images.js';
import { createRandom, deriveSeed } from './random.js';
import { seedDemoPosts } from './posts.js';
import { seedDemoSlider } from './slider.js';
import { generateReviews } from './reviews.js';

export interface SeedOptions {
  items: number;
  /** Where `/media/…` URLs are served from; pictures go to `<mediaDir>/seed/`. */
  mediaDir: string;
  seed?: number;
  log?: (msg: string) => void;
  /** Also a home-page slider with a video slide (the slider's code then loads on the home page). */
  slider?: boolean;
}

export interface SeedCounts {
  categories: number;
  lists: number;
  items: number;
  tags: number;
}

/**
 * Bound parameters per INSERT. PostgreSQL allows 65,535 and SQLite 32,766; a smaller statement
 * is no slower here and keeps well clear of both.
 */
const PARAMETERS_PER_STATEMENT = 10_000;
const MAX_ROWS_PER_STATEMENT = 1_000;

/**
 * Replaces the directory (categories, lists, items, tags) with a generated demo one; users,
 * sessions and settings are left alone. One transaction: a failed seed leaves the old directory.
 */
export async function seedDemo(storage: Storage, options: SeedOptions): Promise<SeedCounts> {
  if (!Number.isSafeInteger(options.items) || options.items < 1) {
    throw new RangeError(`The number of demo items must be a positive integer, not ${options.items}`);
  }
  const seed = options.seed ?? 1;
  const log = options.log ?? (() => undefined);

  // Separate streams: changing how the pictures are drawn must not change the directory.
  const markers = await generateMarkers(options.mediaDir, createRandom(deriveSeed(seed, 2)));
  const directory = generateDirectory({
    items: options.items,
    random: createRandom(seed),
    markers,
    now: new Date().toISOString(),
  });
  log(`Generated ${directory.items.length} items in ${directory.lists.length} lists`);

  const plan = planPictures(
    directory.items.map((item) => item.scene),
    createRandom(deriveSeed(seed, 1)),
  );
  directory.items.forEach((item, i) => {
    const picture = plan.pictures[i];
    if (!picture) return;
    item.row.image = picture.url;
    item.row.image_alt = picture.alt;
  });
  log(`Drawing ${plan.jobs.length} pictures`);

  // Pictures are encoded on libvips' threads while the rows are written.
  const rendering = renderPictures(options.mediaDir, plan.jobs);
  const writing = storage.db.transaction().execute(async (trx) => {
    // Children first, so that no delete has to cascade.
    await trx.deleteFrom('reviews').where('item_id', 'is not', null).execute();
    await trx.deleteFrom('item_tags').execute();
    await trx.deleteFrom('items').execute();
    await trx.deleteFrom('tags').execute();
    await trx.deleteFrom('lists').execute();
    await trx.deleteFrom('categories').execute();
    const itemIds = await write(trx, directory, log);
    const subjects = directory.items.map((item, i) => ({ ...item.voice, itemId: itemIds[i] as number }));
    const visitors = [...new Set(directory.items.map((item) => item.voice.locale))];
    const reviews = generateReviews(subjects, visitors, createRandom(deriveSeed(seed, 3)), new Date());
    for (const rows of batches(reviews, 10)) await trx.insertInto('reviews').values(rows).execute();
    const postPictures = [...new Map(plan.pictures.map((p) => [p.url, p])).values()].slice(0, 4);
    await seedDemoPosts(trx, postPictures);
    if (options.slider) await seedDemoSlider(trx, postPictures);
  });
  await Promise.all([rendering, writing]);
  log(`Pictures ready: ${plan.jobs.length} drawn for ${directory.items.length} items, ${markers.length} markers`);

  return {
    categories: directory.categories.length,
    lists: directory.lists.length,
    items: directory.items.length,
    tags: directory.tags.length,
  };
}

/** Writes the directory; answers the new items' ids in directory order. */
async function write(trx: Transaction<Database>, directory: Directory, log: (msg: string) => void): Promise<number[]> {
  const categoryIds = new Map<string, number>();
  for (const rows of batches(directory.categories, 3)) {
    for (const row of await trx.insertInto('categories').values(rows).returning(['id', 'slug']).execute()) {
      categoryIds.set(row.slug, row.id);
    }
  }

  const listIds = new Map<string, number>();
  const listRows = directory.lists.map(({ categorySlug, ...list }) => ({
    ...list,
    category_id: idOf(categoryIds, categorySlug),
  }));
  for (const rows of batches(listRows, 5)) {
    for (const row of await trx.insertInto('lists').values(rows).returning(['id', 'slug']).execute()) {
      listIds.set(row.slug, row.id);
    }
  }

  const tagIds = new Map<string, number>();
  for (const rows of batches(directory.tags, 2)) {
    for (const row of await trx.insertInto('tags').values(rows).returning(['id', 'slug']).execute()) {
      tagIds.set(row.slug, row.id);
    }
  }

  // RETURNING promises no row order, so each new id is matched back by (list, position).
  const itemIds = new Map<string, number>();
  // Stored HTML is sanitized on write, generated or not: the popup renders it as it is.
  const itemRows = directory.items.map((item) => ({
    ...item.row,
    description: sanitizeRichText(item.row.description),
    content: sanitizeRichText(item.row.content),
    list_id: idOf(listIds, item.listSlug),
  }));
  // The seed writes items like any other writer: coordinates in range, both or neither.
  for (const row of itemRows) {
    const place = checkCoordinates(row.lat, row.lon);
    if (!place.ok) throw new Error(`Seed item "${row.title}": ${place.message}`);
  }
  let written = 0;
  for (const rows of batches(itemRows, 21)) {
    const inserted = await trx.insertInto('items').values(rows).returning(['id', 'list_id', 'position']).execute();
    for (const row of inserted) itemIds.set(`${row.list_id}:${row.position}`, row.id);
    written += rows.length;
    if (written % 5_000 < rows.length) log(`Inserted ${written} of ${itemRows.length} items`);
  }

  const ids = directory.items.map((item) => idOf(itemIds, `${idOf(listIds, item.listSlug)}:${item.row.position}`));
  const links = directory.items.flatMap((item, i) =>
    item.tagSlugs.map((slug) => ({ item_id: ids[i] as number, tag_id: idOf(tagIds, slug) })),
  );
  for (const rows of batches(links, 2)) await trx.insertInto('item_tags').values(rows).execute();
  return ids;
}

function* batches<T>(rows: readonly T[], columns: number): Generator<T[]> {
  const size = Math.max(1, Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(PARAMETERS_PER_STATEMENT / columns)));
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

function idOf(ids: ReadonlyMap<string, number>, key: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Seed: no id was returned for ${key}`);
  return id;
}
