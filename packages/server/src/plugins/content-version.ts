import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** What pages show, as one number every instance agrees on; it rises on every write to it. */
    contentVersion: ContentVersion;
  }
}

export interface ContentVersion {
  /**
   * The current version (from Redis when configured, so a write on any instance counts): a
   * token to compare with the last one seen, never to do arithmetic on.
   */
  current(): Promise<string>;
  /** Raises the version: whatever was cached from the content before is stale. */
  bump(): Promise<void>;
}

/** The tables whose rows pages show (the directory, settings, posts, reviews, votes). */
export const CONTENT_TABLES: ReadonlySet<string> = new Set([
  'categories',
  'lists',
  'items',
  'tags',
  'item_tags',
  'settings',
  'upvotes',
  'posts',
  'reviews',
]);

/**
 * How long a cache of content is kept at most: a write the hook cannot see (another process on
 * the SQLite file, a hand-made SQL edit) shows within this time all the same.
 */
export const OUTSIDE_WRITES_SHOW_MS = 60_000;

const KEY = 'content-version';
/**
 * A write inside a PostgreSQL transaction is reported before the transaction commits, so a
 * reader could load the old rows under the new version; a second rise after the longest
 * transaction we run makes such an entry stale too.
 */
const SETTLE_MS = 1_000;

/**
 * The content version: raised by the storage layer's write hook on every write to a content
 * table, kept in the shared state (Redis when configured, so every instance sees it).
 */
export const contentVersionPlugin = fp(
  async (app) => {
    let settle: NodeJS.Timeout | undefined;
    const raise = () =>
      app.state.increment(KEY).then(
        () => undefined,
        (error: unknown) => app.log.warn({ err: error }, 'the content version could not be raised'),
      );
    const version: ContentVersion = {
      // The in-process counter while Redis is away counts apart from Redis's: the two never match.
      current: async () => `${app.state.usingRedis() ? 'r' : 'm'}${await app.state.get(KEY)}`,
      bump: raise,
    };
    app.decorate('contentVersion', version);
    app.storageWrites.onWrite((tables) => {
      if (![...tables].some((table) => CONTENT_TABLES.has(table))) return;
      void raise();
      clearTimeout(settle);
      settle = setTimeout(() => void raise(), SETTLE_MS);
      settle.unref();
    });
    app.addHook('onClose', async () => clearTimeout(settle));
  },
  { name: 'content-version', dependencies: ['storage', 'shared-state'] },
);
