import fp from 'fastify-plugin';
import { memoryState } from '../shared-state/memory.js';
import { redisState } from '../shared-state/redis.js';
import type { SharedState } from '../shared-state/shared-state.js';

declare module 'fastify' {
  interface FastifyInstance {
    state: SharedState;
  }
}

/**
 * Rate counters, replay sets and version counters: in Redis when REDIS_URL is set, else in this
 * process. A Redis that is away (at start or later) is a warning, never a failed start.
 */
export const sharedStatePlugin = fp(
  async (app) => {
    const log = { warn: (m: string) => app.log.warn(m), info: (m: string) => app.log.info(m) };
    const state = app.config.redisUrl
      ? await redisState(app.config.redisUrl, app.config.redisPrefix, log)
      : memoryState();
    app.decorate('state', state);
    app.addHook('onClose', async () => state.close());
  },
  { name: 'shared-state' },
);
