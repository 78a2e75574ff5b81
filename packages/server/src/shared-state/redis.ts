import { Redis } from 'ioredis';
import type { SharedState } from './shared-state.js';

/** State shared by every instance through one Redis. Keys are prefixed so a Redis can be shared. */
export async function redisState(url: string, prefix = 'waymark:'): Promise<SharedState> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: false });
  await redis.connect();
  return {
    async hit(key, windowSeconds) {
      const k = prefix + key;
      // NX keeps the window fixed from the first hit instead of sliding with every hit.
      const [[incrErr, count] = [null, 0]] = (await redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec()) ?? [];
      if (incrErr) throw incrErr;
      return Number(count);
    },
    async claim(key, ttlSeconds) {
      return (await redis.set(prefix + key, '1', 'EX', ttlSeconds, 'NX')) === 'OK';
    },
    async close() {
      await redis.quit();
    },
  };
}
