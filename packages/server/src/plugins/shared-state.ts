import fp from 'fastify-plugin';
import { memoryState } from '../shared-state/memory.js';
import { redisState } from '../shared-state/redis.js';
import type { SharedState } from '../shared-state/shared-state.js';

declare module 'fastify' {
  interface FastifyInstance {
    state: SharedState;
  }
}

/** Rate counters and replay sets: in Redis when REDIS_URL is set, else in this process. */
export const sharedStatePlugin = fp(
  async (app) => {
    const state = app.config.redisUrl ? await redisState(app.config.redisUrl, app.config.redisPrefix) : memoryState();
    app.decorate('state', state);
    app.addHook('onClose', async () => state.close());
  },
  { name: 'shared-state' },
);
