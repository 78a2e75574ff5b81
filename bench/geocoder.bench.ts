import autocannon from 'autocannon';
import { GEOCODER_SEARCH_PATH, nominatimPlace } from '@waymark/protocol';
import { openStorage } from '../packages/server/src/db/connect.js';
import { cityTable } from '../packages/server/src/geo/cities.js';
import { bigPrefixes, Gazetteer, keepBigPrefix } from '../packages/server/src/geo/gazetteer.js';
import { buildItemTable } from '../packages/server/src/geo/items.js';
import { locatedItems } from '../packages/server/src/geo/store.js';
import { startServer } from '../tools/start-server.js';
import type { BenchResult } from './run.js';

/**
 * DESIGN.md budget: "gazetteer search over 140,000 places: p99 under 5 ms". The offline
 * gazetteer's `/geocode/search` (all GeoNames cities plus the demo directory's addresses) under
 * load from autocannon, cycling through queries a person types: one letter, a few letters,
 * accents, several words, a country after a comma. Once with one connection (the latency of a
 * search), once with several (what the server sustains). The server keeps the answers of the
 * queries it has seen, so those two measure a kept answer's way through the server; a third
 * figure times the gazetteer's own search, in this process, for queries never asked before:
 * every one- and two-letter prefix, prefixes and whole names of cities with and without their
 * country, and the directory's addresses.
 */

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const QUERIES = [
  's',
  'par',
  'paris',
  'lon',
  'san fr',
  'zür',
  'ZURICH',
  'new york, usa',
  'ber',
  'mad',
  'tok',
  'paris, france',
  'springfield il',
  'saint-é',
  'rome',
  'ams',
  'bru',
  'kra',
  'münch',
  'são p',
];

const path = (q: string) =>
  `${GEOCODER_SEARCH_PATH}?${new URLSearchParams({ format: 'json', limit: '10', q }).toString()}`;

function percentile(sorted: readonly number[], p: number): number {
  const at = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[at] ?? 0) * 1000) / 1000;
}

/** The gazetteer's search, each query once and unkept, as the server builds it after its start. */
async function unkeptSearches(dataDir: string): Promise<BenchResult> {
  const storage = openStorage({ dataDir });
  const items = await locatedItems(storage).finally(() => storage.db.destroy());
  const cities = cityTable();
  for (const prefix of bigPrefixes(cities)) keepBigPrefix(cities, prefix);
  const gazetteer = new Gazetteer(cities, buildItemTable(items));
  const queries: string[] = [];
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (const a of letters) for (const b of ['', ...letters]) queries.push(a + b);
  for (let i = 0; i < cities.count; i += 97) {
    const name = cities.name[i] as string;
    queries.push(name, name.slice(0, 3), name.slice(0, 5), `${name}, ${cities.country[i] as string}`);
  }
  for (let i = 0; i < items.length; i += 7) {
    const address = (items[i] as (typeof items)[number]).address;
    queries.push(address.slice(0, 4), address.slice(0, 10), address);
  }
  const times: number[] = [];
  for (const q of queries) {
    const start = performance.now();
    gazetteer.search(q, 10);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const figures = {
    places: `${cities.count.toLocaleString('en')} GeoNames cities + ${items.length.toLocaleString('en')} addresses`,
    queries: queries.length,
    medianMs: percentile(times, 50),
    p99Ms: percentile(times, 99),
    maxMs: percentile(times, 100),
  };
  return {
    name: 'gazetteer search, queries not asked before (in process)',
    budget: 'p99 < 5 ms',
    withinBudget: figures.p99Ms < 5,
    figures,
  };
}

export async function run(): Promise<BenchResult[]> {
  const server = await startServer({ LOG_LEVEL: 'warn', SEED_ITEMS: '1000' });
  try {
    for (const q of QUERIES) {
      const check = await fetch(`${server.url}${path(q)}`);
      if (check.status !== 200) throw new Error(`The search answers ${check.status}: ${await check.text()}`);
      nominatimPlace.array().parse(await check.json());
    }
    const results: BenchResult[] = [];
    for (const connections of [1, 10]) {
      const options = {
        url: server.url,
        connections,
        requests: QUERIES.map((q) => ({ method: 'GET' as const, path: path(q) })),
      };
      await autocannon({ ...options, duration: 2 }); // warm-up: JIT and the kept top places of short prefixes
      const result = await autocannon({ ...options, duration: DURATION_S });
      const figures = {
        places: '135,233 GeoNames cities + the demo directory’s addresses',
        queries: QUERIES.length,
        connections,
        durationSeconds: DURATION_S,
        requestsPerSecond: Math.round(result.requests.average),
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      };
      results.push({
        name: `geocoder search (${connections} connection${connections === 1 ? '' : 's'})`,
        budget: 'p99 < 5 ms',
        withinBudget: figures.latencyP99Ms < 5 && figures.non2xx === 0 && figures.errors === 0,
        figures,
      });
    }
    results.push(await unkeptSearches(server.dataDir));
    return results;
  } finally {
    await server.stop();
  }
}
