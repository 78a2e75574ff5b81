import { directorySettings, NONCE_ACTIONS } from '@waymark/protocol';
import type { InitialFilter } from '@waymark/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { protectItem } from '../../contacts/protect-item.js';
import { readSetting } from '../../settings/store.js';
import { loadDirectory } from './load-directory.js';

const PAYMENT_PRICES = { once: '€49 once', monthly: '€9 a month' };

export async function homeRoutes(app: FastifyInstance) {
  const directoryPage = async (request: FastifyRequest, reply: FastifyReply, view: 'filter' | 'tabs') => {
    const settings = await readSetting(app.storage, directorySettings, (m) => request.log.warn(m));
    return reply.renderPage({
      page: 'home',
      title: view === 'tabs' ? 'Directory by category' : app.config.siteName,
      view,
      // Contacts stay sealed until a person decodes them (or signs in, or holds a pass).
      directory: await loadDirectory(
        app.storage,
        settings,
        app.contacts.visibleTo(request) ? undefined : protectItem(app.contacts.cipher),
      ),
      settings,
      directoryNonce: app.nonces.create(NONCE_ACTIONS.directory, request.nonceSession),
      filter: initialFilter(request.query),
    });
  };
  app.get('/', async (request, reply) => directoryPage(request, reply, 'filter'));
  app.get('/categories', async (request, reply) => directoryPage(request, reply, 'tabs'));

  app.get('/add-business', async (_request, reply) => {
    const { db } = app.storage;
    const [categories, tags] = await Promise.all([
      db.selectFrom('categories').select(['id', 'slug', 'name']).orderBy('position').orderBy('id').execute(),
      db.selectFrom('tags').select('name').orderBy('name').execute(),
    ]);
    return reply.renderPage({
      page: 'add-business',
      title: 'Add your business',
      categories,
      tags: tags.map((t) => t.name),
      prices: PAYMENT_PRICES,
    });
  });
}

/** The filters a plain form or link asked for, so the page works before its script runs. */
function initialFilter(query: unknown): InitialFilter {
  const q = (query ?? {}) as Record<string, unknown>;
  const one = (v: unknown) => (typeof v === 'string' ? v.slice(0, 200) : '');
  const many = (v: unknown) =>
    (Array.isArray(v) ? v : [v]).filter((t): t is string => typeof t === 'string').slice(0, 50);
  return { category: one(q.category), tags: many(q.tag), search: one(q.search) };
}
