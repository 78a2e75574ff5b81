import fp from 'fastify-plugin';
import { createVisitorIds, type VisitorIds } from '../auth/visitor-ids.js';

/** `app.visitors`: signed anonymous visitor ids (one upvote per visitor per item). */
export const visitorsPlugin = fp(
  async (app) => {
    app.decorate('visitors', createVisitorIds(app.serverSecret));
  },
  { name: 'visitors', dependencies: ['secret'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    visitors: VisitorIds;
  }
}
