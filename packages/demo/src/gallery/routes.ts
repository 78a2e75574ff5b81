import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { firstItemId, reviewThread, sentFrom } from '@waymark/server/seeding';
import { ensureGalleryMedia, extraPhotos, galleryPhotos, postPhotos } from './media.js';

const ASSETS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'assets');
export const GALLERY_ASSETS_PREFIX = '/gallery/assets/';

/** The seeded gallery page, which shows every kind of lightbox item and the directory popup. */
export async function galleryRoutes(app: FastifyInstance) {
  await app.register(fastifyStatic, {
    root: ASSETS_DIR,
    prefix: GALLERY_ASSETS_PREFIX,
    decorateReply: false,
    index: false,
    maxAge: '7d',
  });

  app.get('/gallery', async (request, reply) => {
    const [itemId] = await Promise.all([firstItemId(app.storage), ensureGalleryMedia(app.config.mediaDir)]);
    return reply.renderPage({
      page: 'gallery',
      title: 'Gallery',
      gallery: {
        photos: galleryPhotos(),
        more: extraPhotos(),
        post: postPhotos(),
        assets: GALLERY_ASSETS_PREFIX,
        itemId,
      },
      comments: await reviewThread(request, { kind: 'page', path: '/gallery' }, sentFrom(request.query, 'page')),
    });
  });

  // A page of this site to show in the lightbox's iframe.
  app.get('/gallery/frame', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Opening hours</title>' +
          '<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:24px;background:#fff;color:#16181d}</style></head>' +
          '<body><main><h1>Opening hours</h1><p>The visitor centre is open every day from nine until six.</p></main></body></html>',
      ),
  );
}
