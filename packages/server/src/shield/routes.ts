import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { SHIELD_EXTRAS_PATH, SHIELD_SCRIPT_PATH, SPAM_SHIELD_ABOUT_PATH } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import { hasFreshSiblings } from '../plugins/precompress.js';
import { botDetectorScriptRoute } from './bot-detector-script.js';
import { pixelRoute } from './pixel.js';
import { realPersonImageRoutes } from './real-person.js';
import { spamLogRoutes } from './spam-log-routes.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The shield package's build output: the standalone page script. */
export const SHIELD_DIST = path.resolve(here, '../../../shield/dist');
export const SHIELD_SCRIPT_FILE = path.join(SHIELD_DIST, path.posix.basename(SHIELD_SCRIPT_PATH));

/**
 * The standalone page script at its stable address, the pixel, the real-person badge's pictures
 * and page, and the administrators' spam log.
 */
export async function shieldRoutes(app: FastifyInstance) {
  if (!existsSync(SHIELD_SCRIPT_FILE)) {
    app.log.warn(`The shield script is not built (no ${SHIELD_SCRIPT_FILE}); run \`npm run build\`.`);
  }
  // The build's brotli and gzip copies (npm run build -w packages/server) when they were made
  // from this very script; else the script itself, compressed on the fly.
  const preCompressed = await hasFreshSiblings(SHIELD_SCRIPT_FILE);
  if (existsSync(SHIELD_SCRIPT_FILE) && !preCompressed) {
    app.log.warn(`The shield script has no compressed copies of this build; run \`npm run build\`.`);
  }
  // The script and the extras it fetches where a page needs them; nothing else of the folder.
  const names = [SHIELD_SCRIPT_PATH, SHIELD_EXTRAS_PATH].map((address) => `/${path.posix.basename(address)}`);
  // The script's type as RFC 9239 names it (the static files' table still says application/).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (String(reply.getHeader('content-type')).startsWith('application/javascript')) {
      reply.type('text/javascript; charset=utf-8');
    }
    return payload;
  });
  await app.register(fastifyStatic, {
    root: SHIELD_DIST,
    prefix: `${path.posix.dirname(SHIELD_SCRIPT_PATH)}/`,
    allowedPath: (pathname) => names.includes(pathname),
    decorateReply: false,
    index: false,
    preCompressed,
    // A stable address, not a hashed file name: caches must come back for a new build.
    maxAge: 300_000,
    suppressWarning: true,
  });

  await app.register(pixelRoute);
  await app.register(botDetectorScriptRoute);
  await app.register(realPersonImageRoutes);

  // What the real-person badge's learn-more link explains: a page of ours, not a vendor's.
  app.get(SPAM_SHIELD_ABOUT_PATH, async (_request, reply) =>
    reply.renderPage({ page: 'spam-shield', title: 'About the spam shield' }),
  );

  await app.register(spamLogRoutes);
}
