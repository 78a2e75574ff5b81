import fp from 'fastify-plugin';
import { openStorage, type Storage } from '../db/connect.js';
import { connectionFailure } from '../db/connection-error.js';
import { migrateToLatest } from '../db/migrate.js';
import { WriteHook } from '../db/write-hook.js';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
    /** Every write through the query builder, by table: what caches of pages listen to. */
    storageWrites: WriteHook;
  }
}

/** Opens the database, brings it up to the newest migration, and closes it with the server. */
export const storagePlugin = fp(
  async (app) => {
    const { databaseUrl, dataDir, databasePoolSize } = app.config;
    const storage = openStorage({
      databaseUrl,
      dataDir,
      poolSize: databasePoolSize,
      onIdleError: (error) => app.log.warn({ err: error }, 'an idle database connection failed'),
    });
    try {
      const applied = await migrateToLatest(storage);
      if (applied.length > 0) app.log.info({ migrations: applied, dialect: storage.dialect }, 'database migrated');
    } catch (error) {
      await storage.db.destroy();
      throw connectionFailure(databaseUrl, error) ?? error;
    }
    const writes = new WriteHook();
    app.decorate('storage', { ...storage, db: storage.db.withPlugin(writes) });
    app.decorate('storageWrites', writes);
    app.addHook('onClose', async () => storage.db.destroy());
  },
  { name: 'storage' },
);
