import { DEFAULT_AJAX_PATH } from '@waymark/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { firstString } from '../plugins/bodies.js';

/**
 * The site's Prometheus metrics, in a registry of this app's own (tests build many apps in one
 * process, and a global registry would mix them). Labels are bounded: a route is its pattern
 * (`/items/:id`), a call is a name from the catalogue or `unknown`, never what a client typed.
 */

export interface SiteMetrics {
  registry: Registry;
  /** Counts one request as answered, with its duration. */
  observe(request: FastifyRequest, status: number, seconds: number): void;
  /** Counts one verdict of the spam shield. */
  verdict(form: string, allowed: boolean): void;
}

const UNMATCHED = 'unmatched';

/** The catalogue name of the call a dispatcher request asked for, or '' when it is not one. */
function callName(app: FastifyInstance, request: FastifyRequest, route: string): string {
  if (route === DEFAULT_AJAX_PATH) {
    const fields = (request.method === 'GET' ? request.query : request.body) as Record<string, unknown> | undefined;
    const action = firstString(fields?.action);
    return (action && app.calls.byAction(action)?.call.name) || 'unknown';
  }
  const restRoute = (request.params as { route?: unknown } | undefined)?.route;
  if (typeof restRoute === 'string') return app.calls.byRoute(restRoute)?.call.name ?? 'unknown';
  return '';
}

export function createMetrics(app: FastifyInstance): SiteMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'waymark_http_requests_total',
    help: 'Requests answered, by method, route pattern, call and status.',
    labelNames: ['method', 'route', 'call', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'waymark_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and call.',
    labelNames: ['method', 'route', 'call'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const verdicts = new Counter({
    name: 'waymark_shield_verdicts_total',
    help: "The spam shield's verdicts, by form and outcome.",
    labelNames: ['form', 'outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'waymark_outbox_depth',
    help: 'Messages waiting in the outbox.',
    registers: [registry],
    async collect() {
      try {
        const { rows } = await sql<{ n: number | string }>`select count(*) as n from outbox`.execute(app.storage.db);
        this.set(Number(rows[0]?.n ?? 0));
      } catch {
        // No outbox table (yet), or no database this moment: the gauge is left out of this scrape.
        this.reset();
      }
    },
  });

  return {
    registry,
    observe(request, status, seconds) {
      const route = request.routeOptions.url ?? UNMATCHED;
      const labels = { method: request.method, route, call: callName(app, request, route) };
      requests.inc({ ...labels, status: String(status) });
      durations.observe(labels, seconds);
    },
    verdict(form, allowed) {
      verdicts.inc({ form, outcome: allowed ? 'allowed' : 'blocked' });
    },
  };
}
