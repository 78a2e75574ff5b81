import type { FastifyInstance } from 'fastify';
import { LOGIN_PATH } from './calls.js';
import { bookmarkedItems } from './store.js';

export const BOOKMARKS_PATH = '/bookmarks';

/** The bookmark list: the signed-in user's favourites; a visitor is sent to sign in and back. */
export async function bookmarkRoutes(app: FastifyInstance) {
  app.get(BOOKMARKS_PATH, async (request, reply) => {
    if (!request.user) return reply.redirect(`${LOGIN_PATH}?next=${encodeURIComponent(BOOKMARKS_PATH)}`, 303);
    const items = await bookmarkedItems(app.storage, request.user.id);
    return reply.renderPage({
      page: 'bookmarks',
      title: 'Your favourites',
      items: items.map(({ id, title, subtitle, url }) => ({ id, title, subtitle, url })),
    });
  });
}
