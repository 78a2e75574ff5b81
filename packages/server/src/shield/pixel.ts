import { getPixelUrl, PIXEL_PATH } from '@waymark/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallRegistry } from '../protocol/registry.js';
import { clientHash } from './client.js';

/** A transparent 1×1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The pixel's https URL on this site (the page layer accepts no other). */
export function pixelUrl(app: FastifyInstance, request: FastifyRequest): string {
  const host = app.config.publicUrl ? new URL(app.config.publicUrl).host : request.host;
  return `https://${host}${PIXEL_PATH}`;
}

export function registerPixelCall(calls: CallRegistry, app: FastifyInstance) {
  calls.handle(getPixelUrl, (_input, { request }) => pixelUrl(app, request));
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
