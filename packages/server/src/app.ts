import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { catalogue, assertCatalogueConsistent } from '@waymark/protocol';
import { authRoutes, hashPassword, verifyPassword } from './auth/index.js';
import { backOfficeRoutes } from './admin/back-office/index.js';
import { adminRoutes } from './admin/index.js';
import { registerFeatureCalls } from './calls/index.js';
import type { Seeder } from './bootstrap.js';
import type { Config } from './config.js';
import { contactsPlugin } from './contacts/index.js';
import { directoryRoutes } from './directory/index.js';
import { embedRoutes } from './embed/index.js';
import { ajaxRoute } from './dispatch/ajax-route.js';
import { freshNoncePlugin } from './dispatch/fresh-nonce.js';
import { restRoute } from './dispatch/rest-route.js';
import { errorAnswer } from './errors.js';
import { geoRoutes } from './geo/index.js';
import { listingsRoutes } from './listings/index.js';
import { mailPlugin, mailRoutes } from './mail/index.js';
import { captchaPlugin, captchaRoutes } from './captcha/index.js';
import { emailConfirmPlugin, emailConfirmRoutes } from './email-confirm/index.js';
import { bookmarkRoutes } from './bookmarks/index.js';
import { accountRoutes } from './accounts/index.js';
import { mediaRoutes } from './media/index.js';
import { opsPlugin } from './ops/index.js';
import { bodiesPlugin } from './plugins/bodies.js';
import { compressionPlugin } from './plugins/compression.js';
import { CallRegistry } from './plugins/call-registry.js';
import { faviconRoute } from './plugins/favicon.js';
import { noncesPlugin } from './plugins/nonces.js';
import { renderPlugin } from './plugins/render.js';
import { secretPlugin } from './plugins/secret.js';
import { securityPlugin } from './plugins/security.js';
import { sessionPlugin } from './plugins/session.js';
import { sharedStatePlugin } from './plugins/shared-state.js';
import { siteOriginPlugin } from './plugins/site-origin.js';
import { storagePlugin } from './plugins/storage.js';
import { contentVersionPlugin } from './plugins/content-version.js';
import { visitorsPlugin } from './plugins/visitors.js';
import { reviewRoutes } from './reviews/index.js';
import { shieldPageParts, shieldPlugin, shieldRoutes } from './shield/index.js';
import { pageHead, seoRoutes } from './seo/index.js';
import { postsRoutes, siteSearchContext } from './posts/index.js';
import { suggestRoutes } from './suggest/index.js';
import { addNewListingToCart, shopRoutes } from './shop/index.js';
import { themeContext } from './theme/index.js';

/**
 * What the program that starts the server adds to the product: a seeder for the first start
 * (see bootstrap) and routes of its own. The server imports neither; they are given to it.
 */
export interface SiteParts {
  seed?: Seeder;
  routes?: FastifyPluginAsync[];
}

export interface AppOptions {
  config: Config;
  /** The site's own routes (the demo's gallery, say), registered among the feature routes. */
  routes?: SiteParts['routes'];
  logger?: FastifyServerOptions['logger'];
  /** Features register their call handlers here; tests register test handlers. */
  registerCalls?: (calls: CallRegistry, app: FastifyInstance) => void;
}

export async function buildApp({ config, logger, registerCalls, routes = [] }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Ids from a load balancer tie its logs to ours.
    requestIdHeader: 'x-request-id',
  });
  app.decorate('config', config);
  // Before any plugin or route: a route keeps the error handler its context had when it was
  // added, so one set later would leave the page and form routes with Fastify's default.
  app.setErrorHandler(async (error, request, reply) => {
    const answer = errorAnswer(error, request);
    if (answer.status >= 500) request.log.error({ err: error }, 'request failed');
    if (answer.retryAfter !== undefined) reply.header('retry-after', String(answer.retryAfter));
    return reply.code(answer.status).type('text/plain; charset=utf-8').send(answer.message);
  });

  assertCatalogueConsistent(catalogue);
  const calls = new CallRegistry();
  app.decorate('calls', calls);

  // First: it compresses the answers of every route added after it.
  await app.register(compressionPlugin);
  await app.register(storagePlugin);
  await app.register(sharedStatePlugin);
  await app.register(contentVersionPlugin);
  await app.register(siteOriginPlugin);
  // Before every route, so each is measured.
  await app.register(opsPlugin);
  await app.register(secretPlugin);
  await app.register(noncesPlugin);
  await app.register(securityPlugin);
  await app.register(sessionPlugin);
  await app.register(bodiesPlugin);
  await app.register(shieldPlugin);
  await app.register(contactsPlugin);
  await app.register(freshNoncePlugin);
  await app.register(renderPlugin, {
    parts: shieldPageParts,
    head: pageHead,
    context: async (request) => ({
      ...(await siteSearchContext(request)),
      ...(await themeContext(request)),
    }),
  });
  await app.register(visitorsPlugin);
  await app.register(mailPlugin);
  await app.register(captchaPlugin);
  await app.register(emailConfirmPlugin);

  registerFeatureCalls(calls, app);
  registerCalls?.(calls, app);

  await app.register(faviconRoute);
  await app.register(ajaxRoute);
  await app.register(restRoute);
  await app.register(mediaRoutes);
  await app.register(directoryRoutes);
  await app.register(embedRoutes);
  await app.register(authRoutes);
  await app.register(shieldRoutes);
  await app.register(suggestRoutes);
  for (const siteRoutes of routes) await app.register(siteRoutes);
  await app.register(reviewRoutes);
  await app.register(listingsRoutes, { afterSave: addNewListingToCart });
  await app.register(shopRoutes);
  await app.register(seoRoutes);
  await app.register(captchaRoutes);
  await app.register(emailConfirmRoutes);
  await app.register(bookmarkRoutes);
  await app.register(mailRoutes);
  await app.register(accountRoutes, { passwords: { hash: hashPassword, verify: verifyPassword } });
  await app.register(geoRoutes);
  await app.register(postsRoutes);
  await app.register(adminRoutes);
  await app.register(backOfficeRoutes);

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') {
      return reply.renderPage({ page: 'not-found', title: 'Page not found' }, 404);
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });

  return app;
}
