import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createTestDatabase } from '../packages/server/test/support/storage.js';
import { freePort, startServer } from '../tools/start-server.js';
import { alternate } from './alternate.js';
import { startBareRoute } from './bare-fastify.js';
import type { BenchResult } from './run.js';

/**
 * Issue 17, "Speed under load", on SQLite with the demo's 300 items: the CPU one home page
 * costs, home pages a second, a mixed load of pages and calls (rate and p99), and admin-ajax
 * throughput against a bare Fastify route measured in the same run.
 */

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 10;
const ITEMS = 300;
const here = path.dirname(fileURLToPath(import.meta.url));
/** As `npm run serve` runs the site: React's production build, the production host rules. */
const PRODUCTION = { NODE_ENV: 'production' };

const popupBody = new URLSearchParams({
  action: 'qcpd_load_long_description',
  post_id: '42',
  upvote: 'off',
  mailto: 'false',
});

type Request = { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function cannon(url: string, requests: Request[]) {
  const options = { url, connections: CONNECTIONS, requests };
  await autocannon({ ...options, duration: 2 }); // warm-up: JIT, caches, pools
  const result = await autocannon({ ...options, duration: DURATION_S });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** CPU per home render and per directory load, measured by `render-cpu.ts` in a process of its own. */
async function renderCpu(dataDir: string): Promise<{ cpuMsPerHomeRender: number; cpuMsDirectoryData: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'render-cpu.ts')], {
    env: { ...process.env, ...PRODUCTION, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  return JSON.parse(output) as { cpuMsPerHomeRender: number; cpuMsDirectoryData: number };
}

export async function run(): Promise<BenchResult[]> {
  const database = await createTestDatabase('sqlite');
  const server = await startServer({
    ...PRODUCTION,
    DATA_DIR: database.dataDir,
    SEED_ITEMS: String(ITEMS),
    LOG_LEVEL: 'warn',
  });
  const bare = await startBareRoute(await freePort());
  try {
    const check = await fetch(`${server.url}/`);
    if (check.status !== 200) throw new Error(`The home page answers ${check.status}`);
    const pageBytes = (await check.text()).length;

    const home = await cannon(server.url, [{ method: 'GET', path: '/' }]);
    const call: Request = {
      method: 'POST',
      path: '/wp-admin/admin-ajax.php',
      headers: FORM,
      body: popupBody.toString(),
    };
    // One page for every four calls: a visitor opens the page, then its popups and filters.
    const mixed = await cannon(server.url, [{ method: 'GET', path: '/' }, call, call, call, call]);
    // The ratio as the admin-ajax benchmark takes it, in alternating turns after a warm-up: the
    // server has just rendered thousands of home pages, and a single turn after them measured
    // the collection of their garbage as much as the call.
    const {
      a: ajax,
      b: bareRoute,
      ratio,
    } = await alternate(
      { url: `${server.url}${call.path}`, method: 'POST', headers: FORM, body: call.body },
      { url: `${bare.url}/bare`, method: 'POST', headers: FORM, body: call.body },
      { rounds: 3, secondsPerTurn: 4, warmUpSeconds: 5, connections: CONNECTIONS },
    );
    const cpu = await renderCpu(database.dataDir);

    const figures = {
      items: ITEMS,
      pageBytes,
      ...cpu,
      homeRequestsPerSecond: home.requestsPerSecond,
      homeP99Ms: home.latencyP99Ms,
      mixedRequestsPerSecond: mixed.requestsPerSecond,
      mixedP99Ms: mixed.latencyP99Ms,
      adminAjaxRequestsPerSecond: ajax.requestsPerSecond,
      bareRouteRequestsPerSecond: bareRoute.requestsPerSecond,
      adminAjaxToBareRatio: ratio,
      non2xx: home.non2xx + mixed.non2xx + ajax.non2xx + bareRoute.non2xx,
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      // Figures from a machine busy with other work are not the server's: the load says how busy.
      loadAverage1m: Math.round((loadavg()[0] ?? 0) * 10) / 10,
    };
    return [
      {
        name: 'home page and mixed load (sqlite, 300 items)',
        budget: 'home ≥ 200 r/s; mixed ≥ 500 r/s with p99 < 100 ms; admin-ajax ≥ 1/3 of a bare route',
        withinBudget:
          home.requestsPerSecond >= 200 &&
          mixed.requestsPerSecond >= 500 &&
          mixed.latencyP99Ms < 100 &&
          ratio >= 1 / 3 &&
          figures.non2xx === 0,
        figures,
      },
    ];
  } finally {
    bare.stop();
    await server.stop();
    await database.drop();
  }
}
