import { parseEmbedQuery } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import { directoryPageData } from '../directory/index.js';
import { allowAnyFramer } from './framing.js';
import { shapeForEmbed } from './shape.js';

/** `GET /embed?…`: the directory as the embed fields say, for another site's iframe. */
export async function embedRoutes(app: FastifyInstance) {
  app.get('/embed', async (request, reply) => {
    // Only known fields with good values get through; the rest are their defaults.
    const fields = parseEmbedQuery(request.query);
    const base = await directoryPageData(app, request, reply, { map: fields.map || fields.showmaponly });
    allowAnyFramer(reply);
    return reply.renderPage({
      page: 'embed',
      title: app.config.siteName,
      view: 'filter',
      ...shapeForEmbed(base, fields),
      // The address carries embed fields, not filters: the directory starts unfiltered.
      filter: { category: '', tags: [], search: '' },
      embed: fields,
    });
  });
}
