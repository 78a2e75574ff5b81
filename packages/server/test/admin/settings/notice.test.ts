import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { TEST_SECRET } from '../../support/app.js';
import { createTestDatabase, type TestDatabase } from '../../support/storage.js';
import { postAs, signedIn, type Person } from '../back-office/staff.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * A settings change saved through one instance shows on the next page of another: the shield's
 * settings, which each instance keeps in memory, are read again on the settings-change notice
 * (a counter in Redis), not only when the copy is five seconds old.
 */
describe('a settings change on two instances sharing PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let apps: FastifyInstance[] = [];
  let admin: Person;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const env = {
      DATABASE_URL: database.databaseUrl ?? '',
      REDIS_URL,
      REDIS_PREFIX: `waymark-test-${randomBytes(4).toString('hex')}:`,
      DATA_DIR: database.dataDir,
      WAYMARK_SECRET: TEST_SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      WEB_DIST: process.env.WEB_DIST ?? loadConfig({}).webDist,
    };
    apps = await Promise.all([0, 1].map(() => buildApp({ config: loadConfig(env), logger: false })));
    await migrateToLatest(apps[0]!.storage);
    await Promise.all(apps.map((app) => app.ready()));
    admin = await signedIn(
      { app: apps[0]!, config: apps[0]!.config, close: async () => {} },
      'administrator',
      'a@n.test',
    );
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database?.drop();
  });

  it("reaches the other instance's in-memory copy on its next request", async () => {
    const [one, two] = apps as [FastifyInstance, FastifyInstance];
    // The other instance has read the settings already, so its copy is fresh for five seconds.
    await two.inject({ method: 'GET', url: '/healthz' });
    expect(two.shield.settings().blockMessage).not.toBe('Not today, robot.');

    const form = await one.inject({ method: 'GET', url: '/admin/settings/shield', cookies: admin.cookies });
    expect(form.statusCode).toBe(200);
    const saved = await postAs(
      { app: one, config: one.config, close: async () => {} },
      admin,
      '/admin/settings/shield',
      {
        honeypotFieldName: 'wm_form_key',
        cookieType: 'none',
        ajaxType: 'rest',
        pixel: '3',
        minSecondsToSubmit: '3',
        maxSubmissionsPerMinute: '20',
        freePostsPerHour: '2',
        contactRevealsPerHour: '30',
        spamLogRetentionDays: '30',
        blockMessage: 'Not today, robot.',
        realPersonHeading: 'The Real Person!',
        realPersonContent1: 'A person.',
        realPersonContent2: 'Passed.',
        realPersonLearnMore: 'Learn more',
      },
    );
    expect(saved.statusCode).toBe(303);

    // The other instance checks the notice at most every quarter second: its requests read the
    // change well before its copy would be five seconds old.
    await expect
      .poll(
        async () => {
          await two.inject({ method: 'GET', url: '/healthz' });
          return two.shield.settings().blockMessage;
        },
        { timeout: 3_000, interval: 100 },
      )
      .toBe('Not today, robot.');
  });
});
