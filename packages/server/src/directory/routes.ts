import { directorySettings, NONCE_ACTIONS } from '@waymark/protocol';
import type { InitialFilter } from '@waymark/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readSetting } from '../settings/store.js';
import { loadDirectory } from './load-directory.js';
import { visitorTransform } from './page-item.js';
import { visitorVotes } from './votes.js';

/** The directory's pages: the directory with filters, and the same by category tabs. */
export async function directoryRoutes(app: FastifyInstance) {
  const directoryPage = async (request: FastifyRequest, reply: FastifyReply, view: 'filter' | 'tabs') => {
    const [settings, votedIds] = await Promise.all([
      readSetting(app.storage, directorySettings, (m) => request.log.warn(m)),
      visitorVotes(request),
    ]);
    return reply.renderPage({
      page: 'home',
      title: view === 'tabs' ? 'Directory by category' : app.config.siteName,
      view,
      // Contacts stay sealed until a person decodes them (or signs in, or holds a pass).
      directory: await loadDirectory(app.storage, settings, visitorTransform(request)),
      settings,
      directoryNonce: app.nonces.create(NONCE_ACTIONS.directory, request.nonceSession),
      filter: initialFilter(request.query),
      votedIds,
    });
  };
  app.get('/', async (request, reply) => directoryPage(request, reply, 'filter'));
  app.get('/categories', async (request, reply) => directoryPage(request, reply, 'tabs'));
}

/** The filters a plain form or link asked for, so the page works before its script runs. */
function initialFilter(query: unknown): InitialFilter {
  const q = (query ?? {}) as Record<string, unknown>;
  const one = (v: unknown) => (typeof v === 'string' ? v.slice(0, 200) : '');
  const many = (v: unknown) =>
    (Array.isArray(v) ? v : [v]).filter((t): t is string => typeof t === 'string').slice(0, 50);
  return { category: one(q.category), tags: many(q.tag), search: one(q.search) };
}
