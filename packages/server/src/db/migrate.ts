import { Migrator, type MigrationProvider } from 'kysely';
import type { Storage } from './connect.js';
import { migrations } from './migrations/index.js';

/** Brings the database up to the newest migration; throws with the failing migration's name. */
export async function migrateToLatest({ db, dialect }: Storage): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations({ dialect }) };
  // Features number their migrations when they start, so one may land before a lower number
  // (0012 before 0009): each builds its own tables, and the order they ran in does not matter.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error) {
    const where = failed ? ` in migration ${failed.migrationName}` : '';
    throw new Error(`Database migration failed${where}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
