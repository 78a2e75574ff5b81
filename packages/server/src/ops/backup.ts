import { cpSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * A consistent copy of a running site: the SQLite database through SQLite's online backup
 * (pages copied in steps, so the site keeps reading and writing meanwhile, and the copy is the
 * database as of one moment, WAL included), then the media folder, into a new folder named by
 * the time. PostgreSQL sites back up their database with `pg_dump`; the media folder is copied
 * all the same.
 */

export interface BackupOptions {
  dataDir: string;
  mediaDir: string;
  /** Where the timestamped backup folders go. */
  outDir: string;
  /** Set for a PostgreSQL site: its database is not ours to copy here. */
  databaseUrl?: string | undefined;
  now?: Date;
}

export interface BackupResult {
  folder: string;
  database: string | null;
  databaseBytes: number;
  mediaFiles: boolean;
}

export const SQLITE_FILE = 'waymark.sqlite';

export async function backupSite(options: BackupOptions): Promise<BackupResult> {
  const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, '-');
  const folder = path.resolve(options.outDir, `waymark-${stamp}`);
  mkdirSync(folder, { recursive: true });

  let database: string | null = null;
  if (!options.databaseUrl) {
    const source = path.join(options.dataDir, SQLITE_FILE);
    if (!existsSync(source)) throw new Error(`No SQLite database at ${source}`);
    database = path.join(folder, SQLITE_FILE);
    const live = new SQLite(source, { fileMustExist: true });
    try {
      live.pragma('busy_timeout = 5000');
      await live.backup(database);
    } finally {
      live.close();
    }
    const copy = new SQLite(database);
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`The copy failed its integrity check: ${String(check)}`);
      // One file to restore: no WAL beside it.
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
  }

  const mediaFiles = existsSync(options.mediaDir);
  if (mediaFiles) cpSync(options.mediaDir, path.join(folder, 'media'), { recursive: true });

  const result = {
    folder,
    database,
    databaseBytes: database ? statSync(database).size : 0,
    mediaFiles,
  };
  writeFileSync(
    path.join(folder, 'backup.json'),
    `${JSON.stringify({ at: new Date().toISOString(), ...result, postgres: Boolean(options.databaseUrl) }, null, 2)}\n`,
  );
  return result;
}
