import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { readiness } from './health.js';
import { createMetrics, type SiteMetrics } from './metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics of this app. */
    metrics: SiteMetrics;
  }
}

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
export const METRICS_PATH = '/metrics';

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(String(request.headers.authorization ?? ''));
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const plain = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(body);

/**
 * Health, readiness and metrics for whoever runs the site: `/healthz` answers while the process
 * does, `/readyz` only while the database (and Redis, when configured) answer, and `/metrics`
 * only to the bearer of `METRICS_TOKEN` (with no token set it does not exist). Registered
 * before the features so their routes are measured.
 */
export const opsPlugin = fp(
  async (app) => {
    const metrics = createMetrics(app);
    app.decorate('metrics', metrics);
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observe(request, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    // A load balancer asks by its own name for the instance, whatever the site's hosts are.
    const anyHost = { config: { anyHost: true } };
    app.get(HEALTH_PATH, anyHost, async (_request, reply) => plain(reply, 200, 'ok'));
    app.get(READY_PATH, anyHost, async (_request, reply) => {
      const { ready, checks } = await readiness(app);
      if (!ready) reply.header('retry-after', '5');
      return reply
        .code(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ ready, checks });
    });
    const token = app.config.metricsToken;
    if (token) {
      app.get(METRICS_PATH, anyHost, async (request, reply) => {
        if (!bearerMatches(request, token)) {
          return plain(reply.header('www-authenticate', 'Bearer'), 401, 'A metrics token is needed.');
        }
        return reply
          .header('cache-control', 'no-store')
          .type(metrics.registry.contentType)
          .send(await metrics.registry.metrics());
      });
    }
  },
  { name: 'ops', dependencies: ['storage', 'shared-state'] },
);
