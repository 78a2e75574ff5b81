import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Storage {
  db: Kysely<Database>;
  dialect: DialectName;
}

export interface StorageOptions {
  /** `postgres://…` for PostgreSQL; unset for SQLite. */
  databaseUrl?: string | undefined;
  /** Where the SQLite file lives. */
  dataDir: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** Told when an idle pooled connection fails (the server restarted or ended it). */
  onIdleError?: (error: Error) => void;
}

export function openStorage(options: StorageOptions): Storage {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client that loses its connection emits on the pool; unheard, that would end the
    // process. The pool drops the client and opens a new one when next needed.
    pool.on('error', (error) => options.onIdleError?.(error));
    // A client in use when its connection drops emits 'error' too, outside the pool's idle
    // listener; its query fails on its own, and the event must not end the process.
    pool.on('connect', (client) => client.on('error', (error) => options.onIdleError?.(error)));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = new SQLite(path.join(options.dataDir, 'waymark.sqlite'));
  // WAL lets readers work while a write is under way; the busy timeout covers two processes
  // (the server and `npm run seed`) touching the file at once.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) }), dialect: 'sqlite' };
}
