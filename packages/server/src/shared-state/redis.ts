import { Redis } from 'ioredis';
import { memoryState } from './memory.js';
import type { SharedState, StateLog } from './shared-state.js';

/** How long the start waits for Redis before it goes on without it. */
const START_WAIT_MS = 2_000;
/** Reconnection back-off: quick at first, then every two seconds for as long as it takes. */
const retryDelay = (attempt: number) => Math.min(attempt * 100, 2_000);

const quiet: StateLog = { warn: () => {}, info: () => {} };

/**
 * State shared by every instance through one Redis. Keys are prefixed so a Redis can be shared.
 *
 * Redis going away must not take the site with it: while it is unreachable (at start or later)
 * every call is answered from this process's memory, so limits and replay sets hold per instance
 * only, and one warning says so; when Redis answers again it is used again. Commands never
 * queue while it is away, so a request never waits on a reconnection.
 */
export async function redisState(url: string, prefix = 'waymark:', log: StateLog = quiet): Promise<SharedState> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: START_WAIT_MS,
    retryStrategy: retryDelay,
  });
  const fallback = memoryState();
  let away = false;
  const wentAway = (reason: string) => {
    if (away) return;
    away = true;
    log.warn(`Redis is unreachable (${reason}): rate limits and replay sets are per instance until it returns`);
  };
  // An 'error' event without a listener would be reported as unhandled; here it is the signal.
  redis.on('error', (error: Error) => wentAway(error.message));
  redis.on('close', () => wentAway('connection closed'));
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    log.info('Redis is reachable again: shared state is back in Redis');
  });
  const started = await redis.connect().then(
    () => true,
    (error: Error) => (wentAway(error.message), false),
  );
  // A failed first connection is retried by the same strategy as a lost one.
  if (!started && redis.status !== 'reconnecting') redis.connect().catch(() => {});

  /** Redis when it is ready, this process's memory otherwise or when a command fails. */
  async function either<T>(inRedis: () => Promise<T>, inMemory: () => Promise<T>): Promise<T> {
    if (redis.status !== 'ready') return inMemory();
    try {
      return await inRedis();
    } catch (error) {
      wentAway((error as Error).message);
      return inMemory();
    }
  }

  return {
    hit(key, windowSeconds) {
      const k = prefix + key;
      return either(
        async () => {
          // NX keeps the window fixed from the first hit instead of sliding with every hit.
          const [[incrErr, count] = [null, 0]] =
            (await redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec()) ?? [];
          if (incrErr) throw incrErr;
          return Number(count);
        },
        () => fallback.hit(key, windowSeconds),
      );
    },
    count(key) {
      return either(
        async () => Number((await redis.get(prefix + key)) ?? 0),
        () => fallback.count(key),
      );
    },
    claim(key, ttlSeconds) {
      return either(
        async () => (await redis.set(prefix + key, '1', 'EX', ttlSeconds, 'NX')) === 'OK',
        () => fallback.claim(key, ttlSeconds),
      );
    },
    recall(key, value, keep, ttlSeconds) {
      const k = prefix + key;
      return either(
        async () => {
          const replies = (await redis
            .multi()
            .lrange(k, 0, keep - 1)
            .lpush(k, value)
            .ltrim(k, 0, keep - 1)
            .expire(k, ttlSeconds)
            .exec()) ?? [[null, []]];
          const [error, before] = replies[0] ?? [null, []];
          if (error) throw error;
          return before as string[];
        },
        () => fallback.recall(key, value, keep, ttlSeconds),
      );
    },
    get(key) {
      return either(
        async () => Number((await redis.get(prefix + key)) ?? 0),
        () => fallback.get(key),
      );
    },
    increment(key) {
      return either(
        async () => redis.incr(prefix + key),
        () => fallback.increment(key),
      );
    },
    async ping() {
      await redis.ping();
    },
    usingRedis: () => redis.status === 'ready',
    async close() {
      await fallback.close();
      // quit() waits for a reply a Redis that is away never sends.
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
