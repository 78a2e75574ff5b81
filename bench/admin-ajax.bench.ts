import { loadavg } from 'node:os';
import { createTestDatabase } from '../packages/server/test/support/storage.js';
import { freePort, startServer } from '../tools/start-server.js';
import { alternate } from './alternate.js';
import { startBareRoute } from './bare-fastify.js';
import type { BenchResult } from './run.js';

/**
 * DESIGN.md budget: "admin-ajax and REST calls: thousands of requests a second on two cores,
 * p99 under 20 ms, and at least a third of what a bare Fastify route does on the same machine
 * in the same run". One real admin-ajax call, the item popup (from the database, then from the
 * popup cache every anonymous visitor shares), under load from autocannon, on SQLite and on
 * PostgreSQL, taking turns with a bare Fastify route that gets the same request: the machine is
 * shared, so each turn of the one sees about the load the other saw, and the ratio is of the
 * sums over the turns.
 */

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP_S = 5;
const CONNECTIONS = 20;
/** As `npm run serve` runs the site. */
const PRODUCTION = { NODE_ENV: 'production' };

/** The item popup as the page asks for it. */
const body = 'action=qcpd_load_long_description&post_id=42&upvote=off&mailto=false';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function measure(dialect: 'sqlite' | 'postgres', bareUrl: string): Promise<BenchResult> {
  const database = await createTestDatabase(dialect);
  const server = await startServer({
    ...PRODUCTION,
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    LOG_LEVEL: 'warn',
  });
  try {
    const ajaxUrl = `${server.url}/wp-admin/admin-ajax.php`;
    const check = await fetch(ajaxUrl, { method: 'POST', headers: FORM, body });
    if (check.status !== 200) throw new Error(`The call answers ${check.status}: ${await check.text()}`);

    // Five seconds of warm-up for each: they take in the first full collection of what seeding
    // the demo left behind (at 2 s the first turn still paid for it, at a third of the rate of
    // the others).
    const {
      a: ajax,
      b: bare,
      ratio,
    } = await alternate(
      { url: ajaxUrl, method: 'POST', headers: FORM, body },
      { url: bareUrl, method: 'POST', headers: FORM, body },
      { rounds: ROUNDS, secondsPerTurn: DURATION_S, warmUpSeconds: WARM_UP_S, connections: CONNECTIONS },
    );
    const figures = {
      dialect,
      call: 'qcpd_load_long_description',
      connections: CONNECTIONS,
      rounds: ROUNDS,
      secondsPerTurn: DURATION_S,
      requestsPerSecond: ajax.requestsPerSecond,
      bareRouteRequestsPerSecond: bare.requestsPerSecond,
      requestsPerSecondPerTurn: ajax.requestsPerSecondPerTurn,
      bareRouteRequestsPerSecondPerTurn: bare.requestsPerSecondPerTurn,
      adminAjaxToBareRatio: ratio,
      // The worst turn's p99: the budget holds only if every turn keeps it.
      latencyP99Ms: Math.max(...ajax.latencyP99MsPerTurn),
      latencyP99MsPerTurn: ajax.latencyP99MsPerTurn,
      non2xx: ajax.non2xx + bare.non2xx,
      errors: ajax.errors + bare.errors,
      // Figures from a machine busy with other work are not the server's: the load says how busy.
      loadAverage1m: Math.round((loadavg()[0] ?? 0) * 10) / 10,
    };
    return {
      name: `admin-ajax (${dialect})`,
      budget: 'thousands of requests a second, p99 < 20 ms, ≥ 1/3 of a bare Fastify route',
      withinBudget:
        figures.requestsPerSecond >= 1000 &&
        figures.latencyP99Ms < 20 &&
        ratio >= 1 / 3 &&
        figures.non2xx === 0 &&
        figures.errors === 0,
      figures,
    };
  } finally {
    await server.stop();
    await database.drop();
  }
}

export async function run(): Promise<BenchResult[]> {
  const bare = await startBareRoute(await freePort());
  try {
    const bareUrl = `${bare.url}/bare`;
    return [await measure('sqlite', bareUrl), await measure('postgres', bareUrl)];
  } finally {
    bare.stop();
  }
}
