import type { FastifyInstance } from 'fastify';
import { admitTo } from './access.js';
import { adminItemRoutes } from './items/routes.js';

/** The back office's pages; each area's routes admit only the roles that may use it. */
export async function adminRoutes(app: FastifyInstance) {
  // The back office opens on its items, the one area every role of it may use.
  app.get('/admin', async (request, reply) => {
    if (!(await admitTo(request, reply, 'items'))) return reply;
    return reply.redirect('/admin/items', 303);
  });
  await app.register(adminItemRoutes);
}
