import { performance } from 'node:perf_hooks';
import type { AdminItemQuery } from '@waymark/protocol';
import { sql } from 'kysely';
import { searchItems } from '../packages/server/src/admin/items/store.js';
import { openStorage } from '../packages/server/src/db/connect.js';
import { migrateToLatest } from '../packages/server/src/db/migrate.js';
import { createTestDatabase } from '../packages/server/test/support/storage.js';
import type { BenchResult } from './run.js';

/**
 * The back office's item table at 100,000 items (issue 14: "fast at 100,000 items"): one page
 * of 50 as the table asks for it (the page's rows and the count of matches), on SQLite and on
 * PostgreSQL, for the first page in each order, a deep page, a search and a list filter. The
 * median of several runs of each, after one warm-up.
 */

const ITEMS = 100_000;
const LISTS = 40;
const RUNS = 7;
const BUDGET_MS = 100;

const QUERIES: Record<string, Partial<AdminItemQuery>> = {
  'newest first (the default)': {},
  'by title, page 1': { sort: 'title', dir: 'asc' },
  'by title, page 1,000 of 2,000': { sort: 'title', dir: 'asc', page: 1_000 },
  'by address, descending': { sort: 'address', dir: 'desc' },
  'by list': { sort: 'list', dir: 'asc' },
  'search "harbour" (1 in 100 match)': { q: 'harbour' },
  'search "zzz" (none match)': { q: 'zzz' },
  'search "qu" (too short for trigrams)': { q: 'qu' },
  'one list, by title': { list: 7, sort: 'title', dir: 'asc' },
};

async function measure(dialect: 'sqlite' | 'postgres'): Promise<BenchResult> {
  const database = await createTestDatabase(dialect);
  const storage = openStorage({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
  try {
    await migrateToLatest(storage);
    const { db } = storage;
    const { id: category } = await db
      .insertInto('categories')
      .values({ slug: 'all', name: 'All', position: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lists: number[] = [];
    for (let i = 0; i < LISTS; i++) {
      const { id } = await db
        .insertInto('lists')
        .values({ category_id: category, slug: `list-${i}`, title: `List ${i}`, position: i, settings: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow();
      lists.push(id);
    }
    const started = Date.now();
    for (let from = 0; from < ITEMS; from += 1_000) {
      await db
        .insertInto('items')
        .values(
          Array.from({ length: 1_000 }, (_, j) => {
            const n = from + j;
            const at = new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();
            return {
              list_id: lists[n % LISTS] ?? 0,
              position: Math.floor(n / LISTS),
              title: `${['Blue', 'Green', 'Old', 'New', 'Little'][n % 5]} ${['Bakery', 'Books', 'Café', 'Garage', 'Florist'][(n % 7) % 5]} ${n}`,
              subtitle: n % 100 === 0 ? 'By the harbour' : 'In town',
              description: '',
              content: '',
              address: `${n % 300} ${['High Street', 'Quay Road', 'Mill Lane'][n % 3]}`,
              locality: '',
              phone: '',
              hours: '',
              url: '',
              image: '',
              lat: null,
              lon: null,
              paid: n % 9 === 0 ? 1 : 0,
              marker: null,
              owner_email: '',
              created_at: at,
              updated_at: at,
            };
          }),
        )
        .execute();
    }
    const seedMs = Date.now() - started;
    // As PostgreSQL's autovacuum does after a bulk load (its insert threshold): the planner's
    // statistics, and the visibility map that lets a deep page be read from the index alone.
    if (dialect === 'postgres') await sql`vacuum analyze items`.execute(db);
    const figures: Record<string, unknown> = { items: ITEMS, seedSeconds: Math.round(seedMs / 100) / 10 };
    let worst = 0;
    for (const [name, change] of Object.entries(QUERIES)) {
      const query: AdminItemQuery = { q: '', list: null, sort: 'updated', dir: 'desc', page: 1, ...change };
      if (change.list) query.list = lists[change.list] ?? null;
      await searchItems(storage, query);
      const times: number[] = [];
      let total = 0;
      for (let run = 0; run < RUNS; run++) {
        const t0 = performance.now();
        total = (await searchItems(storage, query)).total;
        times.push(performance.now() - t0);
      }
      const median = times.sort((a, b) => a - b)[Math.floor(RUNS / 2)] ?? 0;
      worst = Math.max(worst, median);
      figures[name] = { medianMs: Math.round(median * 10) / 10, matches: total };
    }
    return {
      name: `admin item table, ${dialect}`,
      budget: `one page of the item table under ${BUDGET_MS} ms at ${ITEMS.toLocaleString('en')} items`,
      withinBudget: worst < BUDGET_MS,
      figures,
    };
  } finally {
    await storage.db.destroy();
    await database.drop();
  }
}

export async function run(): Promise<BenchResult[]> {
  return [await measure('sqlite'), await measure('postgres')];
}
