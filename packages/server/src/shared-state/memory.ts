import type { SharedState } from './shared-state.js';

/** One process's state: right for a single instance, and for tests. */
export function memoryState(now: () => number = Date.now): SharedState {
  const entries = new Map<string, { count: number; expires: number }>();
  const counters = new Map<string, number>();
  const lists = new Map<string, { values: string[]; expires: number }>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, entry] of entries) if (entry.expires <= t) entries.delete(key);
    for (const [key, list] of lists) if (list.expires <= t) lists.delete(key);
  }, 60_000);
  sweep.unref();

  function live(key: string) {
    const entry = entries.get(key);
    if (entry && entry.expires > now()) return entry;
    entries.delete(key);
    return undefined;
  }

  return {
    async hit(key, windowSeconds) {
      const entry = live(key) ?? { count: 0, expires: now() + windowSeconds * 1000 };
      entry.count += 1;
      entries.set(key, entry);
      return entry.count;
    },
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async claim(key, ttlSeconds) {
      if (live(key)) return false;
      entries.set(key, { count: 1, expires: now() + ttlSeconds * 1000 });
      return true;
    },
    async recall(key, value, keep, ttlSeconds) {
      const list = lists.get(key);
      const before = list && list.expires > now() ? list.values : [];
      lists.set(key, { values: [value, ...before].slice(0, keep), expires: now() + ttlSeconds * 1000 });
      return before;
    },
    async get(key) {
      return counters.get(key) ?? 0;
    },
    async increment(key) {
      const value = (counters.get(key) ?? 0) + 1;
      counters.set(key, value);
      return value;
    },
    async ping() {},
    usingRedis: () => false,
    async close() {
      clearInterval(sweep);
      entries.clear();
      counters.clear();
      lists.clear();
    },
  };
}
