import { getPixelUrl, PIXEL_PATH } from '@waymark/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallRegistry } from '../plugins/call-registry.js';
import { siteOrigin } from '../plugins/site-origin.js';
import { clientHash } from './client.js';

/** A transparent 1×1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * The pixel's URL on this site, in the site's own scheme: an https URL on a plain-http install
 * points at nothing, and the image fails to load.
 */
export function pixelUrl(request: FastifyRequest): string {
  return `${siteOrigin(request)}${PIXEL_PATH}`;
}

export function registerPixelCall(calls: CallRegistry) {
  calls.handle(getPixelUrl, (_input, { request }) => pixelUrl(request));
}

/** The pixel route: records a hit per client at most once an hour, then answers the image. */
export async function pixelRoute(app: FastifyInstance) {
  app.get(PIXEL_PATH, async (request, reply) => {
    const client = clientHash(app.shield.keys, request);
    if (await app.state.claim(`shield:pixel:${client}`, 3_600)) {
      await app.storage.db
        .insertInto('shield_pixel_hits')
        .values({ client_hash: client, created_at: new Date().toISOString() })
        .execute();
    }
    return reply.header('cache-control', 'no-store').type('image/gif').send(GIF);
  });
}
