import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../tools/start-server.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { TEST_SECRET } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/storage.js';
import { eventually, privateRedis, type PrivateRedis } from './redis-server.js';

const FRESH_NONCE_LIMIT = 10;

/** A whole app whose log lines are kept, on SQLite, with REDIS_URL pointing where the test says. */
async function appWithRedis(database: TestDatabase, redisUrl: string) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    WAYMARK_SECRET: TEST_SECRET,
    SEED_DEMO: 'false',
    REDIS_URL: redisUrl,
    REDIS_PREFIX: 'waymark-fault-test:',
  });
  const app = await buildApp({ config, logger: { level: 'info', stream } });
  await app.ready();
  return { app, lines };
}

const askFreshNonce = (app: FastifyInstance, ip: string) =>
  app
    .inject({
      method: 'POST',
      url: '/',
      remoteAddress: ip,
      payload: new URLSearchParams({
        spbc_remote_call_action: 'get_fresh_wpnonce',
        nonce_prev: '0123456789',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    .then((r) => r.json() as Record<string, string>);

describe('Redis unreachable at start', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let lines: string[];

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    // Nothing listens on a port just found free.
    ({ app, lines } = await appWithRedis(database, `redis://127.0.0.1:${await freePort()}`));
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('starts, serves pages and says once that state is per instance', async () => {
    expect((await app.inject('/')).statusCode).toBe(200);
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    const warnings = lines.filter((l) => l.includes('Redis is unreachable'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('per instance');
  });

  it('keeps rate limits in this process', async () => {
    for (let i = 0; i < FRESH_NONCE_LIMIT; i += 1)
      expect(await askFreshNonce(app, '198.51.100.7')).toHaveProperty('wpnonce');
    expect(await askFreshNonce(app, '198.51.100.7')).toEqual({ error: 'RATE_LIMIT_EXCEEDED' });
    expect(await askFreshNonce(app, '198.51.100.8')).toHaveProperty('wpnonce');
  });

  it('is not ready while Redis is away', async () => {
    const res = await app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ checks: { redis: 'unreachable' } });
  });
});

describe('Redis killed and restarted while the site runs', () => {
  let database: TestDatabase;
  let redis: PrivateRedis;
  let app: FastifyInstance;
  let lines: string[];
  let probe: Redis;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    redis = privateRedis(await freePort());
    await redis.start();
    ({ app, lines } = await appWithRedis(database, redis.url));
    probe = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    probe.on('error', () => {});
  });
  afterAll(async () => {
    probe.disconnect();
    await app.close();
    await redis.kill();
    await database.drop();
  });

  it('uses Redis, survives its loss, and goes back to it when it returns', async () => {
    expect(app.state.usingRedis()).toBe(true);
    await askFreshNonce(app, '203.0.113.1');
    await probe.connect();
    expect(await probe.get('waymark-fault-test:fresh-nonce:203.0.113.1')).toBe('1');
    probe.disconnect();

    await redis.kill();
    // Pages and calls go on from memory; the process is still here to answer.
    for (let i = 0; i < 5; i += 1) {
      expect((await app.inject('/')).statusCode).toBe(200);
      expect(await askFreshNonce(app, '203.0.113.2')).toHaveProperty('wpnonce');
    }
    expect(app.state.usingRedis()).toBe(false);
    expect(lines.filter((l) => l.includes('Redis is unreachable'))).toHaveLength(1);

    await redis.start();
    expect(await eventually(() => app.state.usingRedis())).toBe(true);
    expect(lines.some((l) => l.includes('Redis is reachable again'))).toBe(true);
    await askFreshNonce(app, '203.0.113.3');
    await probe.connect();
    // The restarted Redis started empty: the hit is there because the app is writing to it again.
    expect(await probe.get('waymark-fault-test:fresh-nonce:203.0.113.3')).toBe('1');
    expect((await app.inject('/readyz')).statusCode).toBe(200);
  });
});
