import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openStorage, type DialectName, type Storage } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';

/**
 * Real databases for tests: a fresh SQLite file in a temporary folder, or a fresh PostgreSQL
 * database on the server at TEST_POSTGRES_URL (default: the local one), dropped afterwards.
 */

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const DIALECTS: DialectName[] = ['sqlite', 'postgres'];

export interface TestDatabase {
  dialect: DialectName;
  /** Set for PostgreSQL. */
  databaseUrl: string | undefined;
  dataDir: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'waymark-test-'));
  if (dialect === 'sqlite') {
    return {
      dialect,
      databaseUrl: undefined,
      dataDir,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `waymark_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    dialect,
    databaseUrl: url.toString(),
    dataDir,
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A migrated storage on a fresh database; `close` destroys both. */
export async function createTestStorage(dialect: DialectName): Promise<Storage & { close(): Promise<void> }> {
  const database = await createTestDatabase(dialect);
  const storage = openStorage({ databaseUrl: database.databaseUrl, dataDir: database.dataDir, poolSize: 4 });
  await migrateToLatest(storage);
  return {
    ...storage,
    async close() {
      await storage.db.destroy();
      await database.drop();
    },
  };
}
