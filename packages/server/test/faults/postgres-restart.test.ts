import { NONCE_ACTIONS } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { bootstrap } from '../support/demo-site.js';
import { loadConfig } from '../../src/config.js';
import { TEST_SECRET } from '../support/app.js';
import { createTestDatabase, POSTGRES_ADMIN_URL, type TestDatabase } from '../support/storage.js';
import { cuttableRelay, type CuttableRelay } from './cuttable-relay.js';

/** Writes in flight at once while the database goes away and comes back. */
const WRITERS = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 17, "PostgreSQL restarted under load": a stream of votes while the app's way to
 * PostgreSQL is cut and restored. Every vote the app acknowledged is in the database, nothing
 * answers 500, and the pool serves again as soon as the database is back.
 */
describe('PostgreSQL restarted under a stream of writes', () => {
  let database: TestDatabase;
  let relay: CuttableRelay;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const target = new URL(POSTGRES_ADMIN_URL);
    relay = await cuttableRelay(target.hostname, Number(target.port || 5432));
    const url = new URL(database.databaseUrl ?? '');
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    const config = loadConfig({
      DATA_DIR: database.dataDir,
      DATABASE_URL: url.toString(),
      DATABASE_POOL_SIZE: '4',
      WAYMARK_SECRET: TEST_SECRET,
      LOG_LEVEL: 'silent',
      SEED_ITEMS: '3',
    });
    app = await buildApp({ config, logger: false });
    await app.ready();
    await bootstrap(app.storage, app.config, () => {});
  });
  afterAll(async () => {
    await app.close();
    await relay.close();
    await database.drop();
  });

  it('loses no acknowledged vote and serves again once the database is back', async () => {
    const { id: itemId, votes: before } = await app.storage.db
      .selectFrom('items')
      .select(['id', 'votes'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const security = app.nonces.create(NONCE_ACTIONS.directory, '');
    let voter = 0;
    const vote = () => {
      voter += 1;
      return app.inject({
        method: 'POST',
        url: '/wp-admin/admin-ajax.php',
        // A visitor of their own each time, so every vote counts.
        remoteAddress: `10.9.${(voter >> 8) & 255}.${voter & 255}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `action=qcpd_upvote_action&post_id=${itemId}&security=${security}`,
      });
    };

    let phase: 'before' | 'cut' | 'after' = 'before';
    let stop = false;
    const statuses = new Map<string, number[]>([
      ['either', []],
      ['before', []],
      ['cut', []],
      ['after', []],
    ]);
    let acknowledged = 0;
    const writers = Array.from({ length: WRITERS }, async () => {
      while (!stop) {
        const sentIn = phase;
        const res = await vote();
        // A vote sent on one side of a cut or a restore and answered on the other may go either way.
        if (sentIn === phase) statuses.get(sentIn)?.push(res.statusCode);
        else statuses.get('either')?.push(res.statusCode);
        if (res.statusCode === 200 && (res.json() as { vote_status: string }).vote_status === 'success') {
          acknowledged += 1;
        }
      }
    });

    await sleep(400);
    phase = 'cut';
    await relay.cut();
    await sleep(1_500);
    await relay.restore();
    phase = 'after';
    // The first vote sent after the database is back is served: the pool does not wait out a
    // back-off or keep dead connections.
    const first = await vote();
    expect(first.statusCode).toBe(200);
    expect((first.json() as { vote_status: string }).vote_status).toBe('success');
    acknowledged += 1;
    await sleep(400);
    stop = true;
    await Promise.all(writers);

    const all = [...statuses.values()].flat();
    expect(all.every((s) => s === 200 || s === 503)).toBe(true);
    expect(statuses.get('before')?.every((s) => s === 200)).toBe(true);
    expect(statuses.get('cut')).toContain(503);
    expect(statuses.get('after')?.every((s) => s === 200)).toBe(true);

    const { votes: after } = await app.storage.db
      .selectFrom('items')
      .select('votes')
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    // A vote whose answer the cut swallowed may have been written too; an acknowledged one must be.
    expect(after - before).toBeGreaterThanOrEqual(acknowledged);
    expect(after - before).toBeLessThanOrEqual(acknowledged + WRITERS);
    console.info(
      `PostgreSQL restart: ${acknowledged} votes acknowledged, ${after - before} stored, ` +
        `${statuses.get('cut')?.filter((s) => s === 503).length} answered 503 while it was away`,
    );
  });
});
