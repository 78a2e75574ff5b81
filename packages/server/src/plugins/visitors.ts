import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';

/**
 * Anonymous visitor ids in a signed cookie: `<id>.<mac>`. Only this server can mint one, so a
 * script cannot invent a fresh identity per request by making up cookie values; the database
 * keeps a keyed hash of the id, never the id itself.
 */
export const VISITOR_COOKIE = 'waymark_visitor';
const ID_PATTERN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

export interface VisitorIds {
  /** The visitor id in a well-signed cookie value, or null. */
  verify(cookie: string | undefined): string | null;
  /** A new id and the cookie value that carries it. */
  issue(): { id: string; cookie: string };
  /** What the database stores for a visitor: 64 hex characters. */
  voterKey(id: string): string;
}

export function createVisitorIds(secret: string): VisitorIds {
  const mac = (id: string) => createHmac('sha256', secret).update(`visitor|${id}`).digest('base64url').slice(0, 22);
  return {
    verify(cookie) {
      const match = cookie ? ID_PATTERN.exec(cookie) : null;
      if (!match) return null;
      const [, id = '', given = ''] = match;
      return timingSafeEqual(Buffer.from(given), Buffer.from(mac(id))) ? id : null;
    },
    issue() {
      const id = randomBytes(16).toString('base64url');
      return { id, cookie: `${id}.${mac(id)}` };
    },
    voterKey: (id) => createHmac('sha256', secret).update(`voter|${id}`).digest('hex'),
  };
}

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
