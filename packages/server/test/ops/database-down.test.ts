import { NONCE_ACTIONS } from '@waymark/protocol';
import { createServer, Socket, type Server } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { TEST_SECRET } from '../support/app.js';
import { createTestDatabase, POSTGRES_ADMIN_URL, type TestDatabase } from '../support/storage.js';

/**
 * PostgreSQL going away: an app reaches the real server through a loopback relay, which is
 * then closed, so the app's port is closed while PostgreSQL itself keeps running for everyone
 * else. Answers are 503 with Retry-After, never 500.
 */

interface Relay {
  port: number;
  close(): Promise<void>;
}

async function relayTo(host: string, port: number): Promise<Relay> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    sockets.add(client).add(upstream);
    upstream.connect(port, host);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('PostgreSQL unreachable', () => {
  let database: TestDatabase;
  let relay: Relay;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const target = new URL(POSTGRES_ADMIN_URL);
    relay = await relayTo(target.hostname, Number(target.port || 5432));
    const url = new URL(database.databaseUrl ?? '');
    url.port = String(relay.port);
    url.hostname = '127.0.0.1';
    const config = loadConfig({
      DATA_DIR: database.dataDir,
      DATABASE_URL: url.toString(),
      DATABASE_POOL_SIZE: '2',
      WAYMARK_SECRET: TEST_SECRET,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
    });
    app = await buildApp({ config, logger: false });
    await app.ready();
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    await relay.close();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('answers pages 503 with Retry-After, in plain words', async () => {
    const res = await app.inject('/items/1');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toBe('The site is briefly unavailable. Please try again in a few seconds.');
  });

  it('answers calls 503 with Retry-After on both transports', async () => {
    const ajax = await app.inject({
      method: 'POST',
      url: '/wp-admin/admin-ajax.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `action=qcpd_upvote_action&post_id=1&security=${app.nonces.create(NONCE_ACTIONS.directory, '')}`,
    });
    expect(ajax.statusCode).toBe(503);
    expect(ajax.headers['retry-after']).toBe('5');
  });

  it('says it is not ready', async () => {
    const res = await app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ ready: false, checks: { database: 'unreachable' } });
    expect((await app.inject('/healthz')).statusCode).toBe(200);
  });
});
