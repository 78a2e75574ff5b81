import fp from 'fastify-plugin';
import { resolveSecret } from '../auth/secret.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server secret every key of this site derives from; never sent anywhere. */
    serverSecret: string;
  }
}

/** Resolves the server secret once, for every plugin that signs or seals. */
export const secretPlugin = fp(
  async (app) => {
    app.decorate('serverSecret', await resolveSecret(app.storage, app.config.secret));
  },
  { name: 'secret', dependencies: ['storage'] },
);
