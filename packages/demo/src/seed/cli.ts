import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { openStorage, migrateToLatest } from '@waymark/server/seeding';
import { seedDemo } from './demo.js';

/**
 * `npm run seed -- --items 10000 [--seed 7]`: replaces the directory with demo data.
 * DATABASE_URL selects PostgreSQL (SQLite under DATA_DIR otherwise); pictures go to DATA_DIR/media.
 */

const MAX_ITEMS = 100_000;

export interface SeedArgs {
  items: number;
  seed: number;
  verbose: boolean;
}

/** Throws an Error whose message can be shown to the person as it is. */
export function parseSeedArgs(argv: readonly string[]): SeedArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      items: { type: 'string', default: '300' },
      seed: { type: 'string', default: '1' },
      verbose: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const items = wholeNumber(values.items);
  if (items === undefined || items < 1 || items > MAX_ITEMS) {
    throw new Error(`--items must be a whole number from 1 to ${MAX_ITEMS}, not "${values.items}"`);
  }
  const seed = wholeNumber(values.seed);
  if (seed === undefined || seed > 0xffff_ffff) {
    throw new Error(`--seed must be a whole number from 0 to ${0xffff_ffff}, not "${values.seed}"`);
  }
  return { items, seed, verbose: values.verbose };
}

function wholeNumber(text: string): number | undefined {
  return /^\d{1,12}$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

async function main(): Promise<void> {
  const args = parseSeedArgs(process.argv.slice(2));
  const dataDir = path.resolve(process.env.DATA_DIR || 'data');
  const storage = openStorage({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir, poolSize: 2 });
  try {
    const started = performance.now();
    await migrateToLatest(storage);
    const counts = await seedDemo(storage, {
      items: args.items,
      seed: args.seed,
      mediaDir: path.join(dataDir, 'media'),
      log: args.verbose ? (msg) => console.error(msg) : undefined,
    });
    const ms = Math.round(performance.now() - started);
    console.log(
      `Seeded ${counts.items} items in ${counts.lists} lists, ${counts.categories} categories and ${counts.tags} tags ` +
        `(${storage.dialect}, seed ${args.seed}) in ${ms} ms.`,
    );
  } finally {
    await storage.db.destroy();
  }
}

/** Seeds as the command line asks; a failure is printed and sets the exit code. */
export function runSeedCli(): void {
  main().catch((error: unknown) => {
    console.error(`seed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}

// Only when run as the script, so tests can import parseSeedArgs.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) runSeedCli();
