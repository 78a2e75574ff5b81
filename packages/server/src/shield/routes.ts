import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHIELD_SCRIPT_PATH, SPAM_SHIELD_ABOUT_PATH } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import { pixelRoute } from './pixel.js';
import { realPersonImageRoutes } from './real-person.js';
import { listSpamLog } from './spam-log.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SHIELD_SCRIPT_FILE = path.resolve(here, '../../../shield/dist/shield.js');

/**
 * The standalone page script at its stable address, the pixel, the real-person badge's pictures
 * and page, and the administrators' spam log.
 */
export async function shieldRoutes(app: FastifyInstance) {
  let script: string | null = null;
  try {
    script = await readFile(SHIELD_SCRIPT_FILE, 'utf8');
  } catch {
    app.log.warn(`The shield script is not built (no ${SHIELD_SCRIPT_FILE}); run \`npm run build\`.`);
  }
  app.get(SHIELD_SCRIPT_PATH, async (_request, reply) => {
    if (script === null) return reply.code(404).type('text/plain; charset=utf-8').send('Not built');
    // A stable address, not a hashed file name: caches must come back for a new build.
    return reply.header('cache-control', 'public, max-age=300').type('text/javascript; charset=utf-8').send(script);
  });

  await app.register(pixelRoute);
  await app.register(realPersonImageRoutes);

  // What the real-person badge's learn-more link explains: a page of ours, not a vendor's.
  app.get(SPAM_SHIELD_ABOUT_PATH, async (_request, reply) =>
    reply.renderPage({ page: 'spam-shield', title: 'About the spam shield' }),
  );

  app.get('/admin/spam-log', async (request, reply) => {
    if (!request.user) return reply.redirect(`/login?next=${encodeURIComponent('/admin/spam-log')}`, 303);
    if (request.user.role !== 'administrator') {
      return reply.renderPage({ page: 'not-found', title: 'Page not found' }, 404);
    }
    return reply.renderPage({
      page: 'spam-log',
      title: 'Spam log',
      entries: await listSpamLog(app.storage),
      retentionDays: app.shield.settings().spamLogRetentionDays,
    });
  });
}
