import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { bootstrap } from './support/demo-site.js';
import { loadConfig } from '../src/config.js';
import { shieldFields } from './support/shield-fields.js';
import { createTestDatabase, type TestDatabase } from './support/storage.js';
import { answerLoginCaptcha } from './auth/login-captcha.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'instances-admin-password';

/**
 * DESIGN.md, "Running on more than one machine": two instances on different ports, sharing one
 * PostgreSQL and one Redis and nothing else, behave as one site.
 */
describe('two instances sharing PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let apps: FastifyInstance[] = [];
  let urls: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const env = {
      DATABASE_URL: database.databaseUrl,
      REDIS_URL,
      REDIS_PREFIX: `waymark-test-${randomBytes(4).toString('hex')}:`,
      DATA_DIR: database.dataDir,
      ADMIN_PASSWORD: PASSWORD,
      SEED_ITEMS: '60',
      LOG_LEVEL: 'silent',
    };
    // No WAYMARK_SECRET: the first instance makes one and keeps it in the shared database.
    apps = await Promise.all([0, 1].map(() => buildApp({ config: loadConfig(env), logger: false })));
    // Both start their first-start work at once; the advisory lock lets only one seed.
    await Promise.all(apps.map((app) => bootstrap(app.storage, app.config, () => {})));
    urls = await Promise.all(apps.map((app) => app.listen({ host: '127.0.0.1', port: 0 })));
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database.drop();
  });

  it('listen on different ports and seed the directory once', async () => {
    expect(new Set(urls).size).toBe(2);
    const [first] = apps;
    const { count } = await first!.storage.db
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(60);
    const admins = await first!.storage.db.selectFrom('users').select('id').execute();
    expect(admins).toHaveLength(1);
  });

  it('accept each other’s nonces', async () => {
    const page = await (await fetch(`${urls[0]}/`)).text();
    const nonce = /"_rest_nonce":"([0-9a-f]{10})"/.exec(page)?.[1] ?? '';
    const res = await fetch(`${urls[1]}/wp-json/cleantalk-antispam/v1/no_such_route`, {
      method: 'POST',
      headers: { 'x-wp-nonce': nonce },
    });
    // Past the nonce check, so the answer is about the route.
    expect(res.status).toBe(404);
    const bad = await fetch(`${urls[1]}/wp-json/cleantalk-antispam/v1/no_such_route`, {
      method: 'POST',
      headers: { 'x-wp-nonce': '0123456789' },
    });
    expect(bad.status).toBe(403);
  });

  it('share sign-ins', async () => {
    const loginPage = await (await fetch(`${urls[0]}/login`)).text();
    const formNonce = /name="_wpnonce" value="([0-9a-f]{10})"/.exec(loginPage)?.[1] ?? '';
    const signIn = await fetch(`${urls[0]}/login`, {
      method: 'POST',
      // A person's shield fields; the event token is left out because it is bound to its client.
      body: new URLSearchParams({
        email: 'admin@waymark.test',
        password: PASSWORD,
        _wpnonce: formNonce,
        ...answerLoginCaptcha(loginPage, apps[0]!.captchaKeys),
        ...(await shieldFields(apps[0]!, { token: null })),
      }),
      redirect: 'manual',
    });
    expect(signIn.status).toBe(303);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const other = await (await fetch(`${urls[1]}/`, { headers: { cookie } })).text();
    expect(other).toContain('Signed in as');
  });

  it('share one rate limit', async () => {
    const ask = (url: string) =>
      fetch(url, {
        method: 'POST',
        body: new URLSearchParams({ spbc_remote_call_action: 'get_fresh_wpnonce', nonce_prev: '0123456789' }),
      }).then((r) => r.json() as Promise<Record<string, string>>);
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push(await ask(`${urls[i % 2]}/`));
    expect(answers.every((a) => 'wpnonce' in a)).toBe(true);
    expect(await ask(`${urls[0]}/`)).toEqual({ error: 'RATE_LIMIT_EXCEEDED' });
    expect(await ask(`${urls[1]}/`)).toEqual({ error: 'RATE_LIMIT_EXCEEDED' });
  });
});
