import autocannon from 'autocannon';
import { createTestDatabase } from '../packages/server/test/support/storage.js';
import { startServer } from '../tools/start-server.js';
import type { BenchResult } from './run.js';

/**
 * DESIGN.md budget: "admin-ajax and REST calls: thousands of requests a second on two cores,
 * p99 under 20 ms". One real admin-ajax call that reads the database (the item popup) under
 * load from autocannon, on SQLite and on PostgreSQL.
 */

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 20;

async function measure(dialect: 'sqlite' | 'postgres'): Promise<BenchResult> {
  const database = await createTestDatabase(dialect);
  const server = await startServer({
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    LOG_LEVEL: 'warn',
  });
  try {
    const body = new URLSearchParams({
      action: 'qcpd_load_long_description',
      post_id: '42',
      upvote: 'off',
      mailto: 'false',
    });
    const check = await fetch(`${server.url}/wp-admin/admin-ajax.php`, { method: 'POST', body });
    if (check.status !== 200) throw new Error(`The call answers ${check.status}: ${await check.text()}`);

    const options = {
      url: `${server.url}/wp-admin/admin-ajax.php`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
      connections: CONNECTIONS,
    };
    await autocannon({ ...options, duration: 2 }); // warm-up: JIT, caches, pools
    const result = await autocannon({ ...options, duration: DURATION_S });
    const figures = {
      dialect,
      call: 'qcpd_load_long_description',
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      requestsPerSecond: Math.round(result.requests.average),
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    };
    return {
      name: `admin-ajax (${dialect})`,
      budget: 'thousands of requests a second, p99 < 20 ms',
      withinBudget: figures.requestsPerSecond >= 1000 && figures.latencyP99Ms < 20 && figures.non2xx === 0,
      figures,
    };
  } finally {
    await server.stop();
    await database.drop();
  }
}

export async function run(): Promise<BenchResult[]> {
  return [await measure('sqlite'), await measure('postgres')];
}
