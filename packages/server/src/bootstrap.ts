import { sql } from 'kysely';
import type { Config } from './config.js';
import type { Storage } from './db/connect.js';
import { ensureAdministrator } from './auth/index.js';

/** What the server asks of a seeder: how many items, where pictures go, and whether a home-page slider. */
export interface SeedRequest {
  items: number;
  /** Where `/media/…` URLs are served from; a seeder writes its pictures under it. */
  mediaDir: string;
  slider: boolean;
  log: (message: string) => void;
}

/** What a seeder reports back, for the first-start log line. */
export interface SeedReport {
  items: number;
  lists: number;
}

/**
 * Fills an empty directory at first start. The server decides when (SEED_DEMO, and only on a
 * directory with no items and no categories); the seeder, given from outside, decides what.
 */
export type Seeder = (storage: Storage, request: SeedRequest) => Promise<SeedReport>;

export interface BootstrapReport {
  administrator: Awaited<ReturnType<typeof ensureAdministrator>>;
  seeded: number | null;
}

/**
 * First-start work: the administrator account and, on an empty directory, the given seeder's
 * content. Instances that start together on one PostgreSQL take turns under an advisory lock,
 * so only one seeds.
 */
export async function bootstrap(
  storage: Storage,
  config: Config,
  log: (message: string) => void,
  seed?: Seeder,
): Promise<BootstrapReport> {
  if (storage.dialect === 'sqlite') return run(storage, config, log, seed);
  return storage.db.connection().execute(async (connection) => {
    const lock = sql`select pg_advisory_lock(727274)`;
    await lock.execute(connection);
    try {
      return await run({ db: connection, dialect: storage.dialect }, config, log, seed);
    } finally {
      await sql`select pg_advisory_unlock(727274)`.execute(connection);
    }
  });
}

async function run(
  storage: Storage,
  config: Config,
  log: (message: string) => void,
  seed: Seeder | undefined,
): Promise<BootstrapReport> {
  const administrator = await ensureAdministrator(storage, {
    email: config.adminEmail,
    password: config.adminPassword,
  });
  let seeded: number | null = null;
  if (config.seedDemo && seed) {
    const { count } = await storage.db
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const categories = await storage.db.selectFrom('categories').select('id').limit(1).execute();
    if (Number(count) === 0 && categories.length === 0) {
      const started = Date.now();
      const result = await seed(storage, {
        items: config.seedItems,
        mediaDir: config.mediaDir,
        log,
        slider: config.seedSlider,
      });
      seeded = result.items;
      log(`Seeded the demo directory: ${result.items} items in ${result.lists} lists (${Date.now() - started} ms).`);
    }
  }
  return { administrator, seeded };
}
