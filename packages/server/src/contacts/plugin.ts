import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createContactCipher, type ContactCipher } from './cipher.js';
import { contactHash, readContactPass } from './pass.js';

export interface ContactsService {
  cipher: ContactCipher;
  /** Whether this request may see every contact in clear: a signed-in user. */
  visibleTo(request: FastifyRequest): boolean;
  /** The cipher to render for this request: it shows in clear what the visitor's pass holds. */
  cipherFor(request: FastifyRequest): ContactCipher;
}

declare module 'fastify' {
  interface FastifyInstance {
    contacts: ContactsService;
  }
}

export const contactsPlugin = fp(
  async (app) => {
    const cipher = createContactCipher(app.serverSecret);
    const { keys } = app.shield;
    app.decorate('contacts', {
      cipher,
      visibleTo: (request) => request.user !== null,
      cipherFor(request) {
        const decoded = readContactPass(keys, request);
        if (decoded.size === 0) return cipher;
        return { ...cipher, reveals: (contact) => decoded.has(contactHash(keys, contact)) };
      },
    } satisfies ContactsService);
  },
  { name: 'contacts', dependencies: ['secret', 'shield', 'session'] },
);
