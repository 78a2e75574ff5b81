import { describe, expect, it } from 'vitest';
import { openStorage } from '../../src/db/connect.js';
import { connectionFailure, databaseTarget } from '../../src/db/connection-error.js';
import { migrateToLatest } from '../../src/db/migrate.js';

/** What starting against `url` says when the database cannot be reached. */
async function startError(url: string): Promise<string> {
  const storage = openStorage({ databaseUrl: url, dataDir: '/nonexistent-unused' });
  try {
    await migrateToLatest(storage);
    return 'connected';
  } catch (error) {
    return (connectionFailure(url, error) ?? (error as Error)).message;
  } finally {
    await storage.db.destroy();
  }
}

// Issue 33: the three connection failures ended without naming the variable.
describe('a DATABASE_URL the server cannot reach', () => {
  it('names the variable, where it pointed without the password, and why', async () => {
    expect(await startError('postgres://postgres:secret@127.0.0.1:1/test')).toBe(
      'DATABASE_URL: could not connect to PostgreSQL at postgres@127.0.0.1:1/test: nothing answers at that address and port (ECONNREFUSED). Check DATABASE_URL, or leave it unset to use SQLite in DATA_DIR.',
    );
    expect(await startError('postgres://postgres@no-such-host.invalid/test')).toMatch(
      /^DATABASE_URL: could not connect to PostgreSQL at postgres@no-such-host\.invalid:5432\/test: the host name/,
    );
    expect(await startError('postgres://postgres@127.0.0.1:5432/waymark_no_such_db')).toMatch(
      /^DATABASE_URL: .*127\.0\.0\.1:5432\/waymark_no_such_db: the database does not exist \(3D000\)/,
    );
    expect(databaseTarget('not a url')).toBe('an address that is not a valid URL');
    expect(connectionFailure(undefined, new Error('x'))).toBeNull();
  });
});
