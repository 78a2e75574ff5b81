import { DEFAULT_AJAX_PATH, DEFAULT_REST_ROOT, REST_NAMESPACE } from '@waymark/protocol';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { DIALECTS } from '../support/storage.js';
import { callRequest, prepareFuzz, routeRequest, sweep, type Route, type Secrets } from './requests.js';
import { webDistEnv } from '../mail/env.js';

/**
 * No input makes the server answer 5xx: malformed requests of every shape to every route the
 * app has and every call of the catalogue. A bounded run here; `tools/fuzz.ts` runs longer.
 */

const RUNS = { routes: 300, calls: 500 };
/**
 * Words of a parser or a database that must never reach a visitor. Matched with their case and
 * as whole codes: pages carry random base64url keys, and one once held "fST_" by chance.
 */
const RAW = /\bFST_ERR_|\bSQLITE_[A-Z]|out of range for type|Boundary not found|Unexpected end of JSON|[Ss]tack size/;

describe.each(DIALECTS)('no 5xx on %s', (dialect) => {
  let t: TestApp;
  let routes: Route[];
  let secrets: Secrets;
  let sent = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: {
        TRUST_PROXY: 'true',
        SEED_DEMO: 'true',
        SEED_ITEMS: '3',
        METRICS_TOKEN: 'metrics-token-0123456789',
        // Every page type must be in the build the routes render with: a fresh one when given.
        ...webDistEnv(),
      },
    });
    ({ routes, secrets } = await prepareFuzz(t));
  });
  afterAll(async () => {
    console.info(`no-5xx on ${dialect}: ${sent} requests`);
    await t.close();
  });

  const send = async (request: InjectOptions) => {
    sent += 1;
    const res = await t.app.inject(request);
    const what = `${request.method} ${request.url} ${String(request.headers?.['content-type'] ?? '')}`;
    expect(res.statusCode, what).toBeLessThan(500);
    expect(res.body, what).not.toMatch(RAW);
  };

  it('finds the routes from the app itself', () => {
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'POST /login',
      'POST /logout',
      'POST /suggest',
      'POST /reviews',
      'POST /admin/reviews/:id',
      'GET /items/:id',
    ]) {
      expect(urls).toContain(expected);
    }
  });

  it('answers every route with every unreadable body and every out-of-range id below 500', async () => {
    for (const request of sweep(routes)) await send(request);
  }, 180_000);

  it('answers malformed requests to any route below 500', async () => {
    await fc.assert(fc.asyncProperty(routeRequest(routes, secrets), send), { numRuns: RUNS.routes });
    // A fixed number of requests, however long a busy machine takes; no timing is asserted.
  }, 180_000);

  it('answers malformed calls, by admin-ajax and by REST, below 500', async () => {
    const rest = `${DEFAULT_REST_ROOT}${REST_NAMESPACE}/`;
    await fc.assert(fc.asyncProperty(callRequest(DEFAULT_AJAX_PATH, rest, secrets), send), { numRuns: RUNS.calls });
  }, 180_000);
});
