import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createContactCipher, type ContactCipher } from './cipher.js';
import { hasContactPass } from './pass.js';

export interface ContactsService {
  cipher: ContactCipher;
  /** Whether this request may see contacts in clear: a signed-in user, or a visitor with a pass. */
  visibleTo(request: FastifyRequest): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    contacts: ContactsService;
  }
}

export const contactsPlugin = fp(
  async (app) => {
    app.decorate('contacts', {
      cipher: createContactCipher(app.serverSecret),
      visibleTo: (request) => request.user !== null || hasContactPass(app.shield.keys, request),
    } satisfies ContactsService);
  },
  { name: 'contacts', dependencies: ['secret', 'shield', 'session'] },
);
