import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { catalogue, assertCatalogueConsistent } from '@waymark/protocol';
import { registerFeatureCalls } from './calls/index.js';
import type { Config } from './config.js';
import { clientErrorStatus } from './errors.js';
import { bodiesPlugin } from './plugins/bodies.js';
import { contactsPlugin } from './contacts/plugin.js';
import { noncesPlugin } from './plugins/nonces.js';
import { secretPlugin } from './plugins/secret.js';
import { renderPlugin } from './plugins/render.js';
import { securityPlugin } from './plugins/security.js';
import { sessionPlugin } from './plugins/session.js';
import { sharedStatePlugin } from './plugins/shared-state.js';
import { storagePlugin } from './plugins/storage.js';
import { visitorsPlugin } from './plugins/visitors.js';
import { ajaxRoute } from './protocol/ajax-route.js';
import { freshNoncePlugin } from './protocol/fresh-nonce.js';
import { CallRegistry } from './protocol/registry.js';
import { restRoute } from './protocol/rest-route.js';
import { authRoutes } from './routes/auth/index.js';
import { galleryRoutes } from './routes/gallery/index.js';
import { homeRoutes } from './routes/home/index.js';
import { mediaRoutes } from './routes/media/index.js';
import { suggestRoutes } from './routes/suggest/index.js';
import { reviewRoutes } from './routes/reviews/index.js';
import { shieldPlugin } from './shield/plugin.js';
import { shieldRoutes } from './shield/routes.js';
import './types.js';

export interface AppOptions {
  config: Config;
  logger?: FastifyServerOptions['logger'];
  /** Features register their call handlers here; tests register test handlers. */
  registerCalls?: (calls: CallRegistry, app: FastifyInstance) => void;
}

export async function buildApp({ config, logger, registerCalls }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Ids from a load balancer tie its logs to ours.
    requestIdHeader: 'x-request-id',
  });
  app.decorate('config', config);

  assertCatalogueConsistent(catalogue);
  const calls = new CallRegistry();
  app.decorate('calls', calls);

  await app.register(storagePlugin);
  await app.register(sharedStatePlugin);
  await app.register(secretPlugin);
  await app.register(noncesPlugin);
  await app.register(securityPlugin);
  await app.register(sessionPlugin);
  await app.register(bodiesPlugin);
  await app.register(shieldPlugin);
  await app.register(contactsPlugin);
  await app.register(freshNoncePlugin);
  await app.register(renderPlugin);
  await app.register(visitorsPlugin);

  registerFeatureCalls(calls, app);
  registerCalls?.(calls, app);

  await app.register(ajaxRoute);
  await app.register(restRoute);
  await app.register(mediaRoutes);
  await app.register(homeRoutes);
  await app.register(authRoutes);
  await app.register(shieldRoutes);
  await app.register(suggestRoutes);
  await app.register(galleryRoutes);
  await app.register(reviewRoutes);

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') {
      return reply.renderPage({ page: 'not-found', title: 'Page not found' }, 404);
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });

  app.setErrorHandler(async (error, request, reply) => {
    const status = clientErrorStatus(error, request) ?? 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    const message = status === 500 ? 'The server could not answer this request.' : (error as Error).message;
    return reply.code(status).type('text/plain; charset=utf-8').send(message);
  });

  return app;
}
