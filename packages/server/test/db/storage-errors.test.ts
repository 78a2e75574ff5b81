import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openStorage } from '../../src/db/connect.js';
import { createTestDatabase, POSTGRES_ADMIN_URL } from '../support/storage.js';

describe('storage on PostgreSQL', () => {
  it('survives the server ending its idle connections, and reconnects', async () => {
    const database = await createTestDatabase('postgres');
    const errors: Error[] = [];
    const storage = openStorage({
      databaseUrl: database.databaseUrl,
      dataDir: database.dataDir,
      onIdleError: (e) => errors.push(e),
    });
    await storage.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();

    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    const name = new URL(database.databaseUrl ?? '').pathname.slice(1);
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    await admin.end();
    await expect.poll(() => errors.length).toBeGreaterThan(0);

    const [row] = await storage.db.selectNoFrom((eb) => eb.val(2).as('two')).execute();
    expect(Number(row?.two)).toBe(2);
    await storage.db.destroy();
    await database.drop();
  });
});
