import { parseArgs } from 'node:util';
import { DEFAULT_AJAX_PATH, DEFAULT_REST_ROOT, REST_NAMESPACE } from '@waymark/protocol';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { DialectName } from '../packages/server/src/db/connect.js';
import { callRequest, prepareFuzz, routeRequest, sweep } from '../packages/server/test/fuzz/requests.js';
import { createTestApp } from '../packages/server/test/support/app.js';

/**
 * The long run of the no-5xx property test: the same malformed requests, as many as asked, on
 * SQLite, PostgreSQL or both. Prints every request answered 5xx and a summary line per
 * dialect; exits 1 when there was any.
 *
 *   node --import tsx tools/fuzz.ts --runs 20000 --dialect both [--seed 42]
 */

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5000' },
    dialect: { type: 'string', default: 'sqlite' },
    seed: { type: 'string' },
  },
});
const runs = Number(values.runs);
const dialects: DialectName[] = values.dialect === 'both' ? ['sqlite', 'postgres'] : [values.dialect as DialectName];
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);

let failures = 0;
for (const dialect of dialects) {
  const t = await createTestApp(dialect, {
    env: {
      TRUST_PROXY: 'true',
      SEED_DEMO: 'true',
      SEED_ITEMS: '20',
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  });
  try {
    const { routes, secrets } = await prepareFuzz(t);
    const statuses = new Map<number, number>();
    let sent = 0;
    const send = async (request: InjectOptions) => {
      const res = await t.app.inject(request);
      sent += 1;
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) {
        failures += 1;
        process.stdout.write(
          `5xx ${res.statusCode} ${request.method} ${String(request.url).slice(0, 200)}: ${res.body.slice(0, 200)}\n`,
        );
      }
    };
    for (const request of sweep(routes)) await send(request);
    const any = fc.oneof(
      routeRequest(routes, secrets),
      callRequest(DEFAULT_AJAX_PATH, `${DEFAULT_REST_ROOT}${REST_NAMESPACE}/`, secrets),
    );
    // The property never fails: every answer is recorded, so one 5xx does not stop the run.
    await fc.assert(fc.asyncProperty(any, send), { numRuns: runs, seed });
    const summary = { dialect, seed, requests: sent, fiveHundreds: failures, statuses: Object.fromEntries(statuses) };
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } finally {
    await t.close();
  }
}
process.exit(failures > 0 ? 1 : 0);
