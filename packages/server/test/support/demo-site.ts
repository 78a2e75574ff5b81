import { demoSite } from '@waymark/demo';
import { bootstrap as serverBootstrap } from '../../src/bootstrap.js';
import type { Config } from '../../src/config.js';
import type { Storage } from '../../src/db/connect.js';

/**
 * First-start work as the program composes it: the server's bootstrap with the demo's seeder,
 * for tests whose site starts with the seeded demo (SEED_DEMO).
 */
export function bootstrap(storage: Storage, config: Config, log: (message: string) => void) {
  return serverBootstrap(storage, config, log, demoSite.seed);
}

/** The demo's extra routes (its gallery), as the program gives them to buildApp. */
export const demoRoutes = demoSite.routes;
