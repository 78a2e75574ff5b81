import fp from 'fastify-plugin';
import { createNonces } from '../auth/nonces.js';

export const noncesPlugin = fp(
  async (app) => {
    app.decorate('nonces', createNonces(app.serverSecret));
  },
  { name: 'nonces', dependencies: ['secret'] },
);
