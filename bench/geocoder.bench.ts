import autocannon from 'autocannon';
import { GEOCODER_SEARCH_PATH, nominatimPlace } from '@waymark/protocol';
import { startServer } from '../tools/start-server.js';
import type { BenchResult } from './run.js';

/**
 * DESIGN.md budget: "gazetteer search over 140,000 places: p99 under 5 ms". The offline
 * gazetteer's `/geocode/search` (all GeoNames cities plus the demo directory's addresses) under
 * load from autocannon, cycling through queries a person types: one letter, a few letters,
 * accents, several words, a country after a comma. Once with one connection (the latency of a
 * search), once with several (what the server sustains).
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
    return results;
  } finally {
    await server.stop();
  }
}
