import { randomBytes } from 'node:crypto';
import { directorySettings, NONCE_ACTIONS } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../../tools/start-server.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { writeSetting } from '../../src/settings/store.js';
import { TEST_SECRET } from '../support/app.js';
import { shieldFields } from '../support/shield-fields.js';
import { createTestDatabase, type TestDatabase } from '../support/storage.js';
import { startBalancer, type Balancer } from './balancer.js';
import { answerLoginCaptcha } from '../auth/login-captcha.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'cluster-admin-password';
const AJAX = '/wp-admin/admin-ajax.php';
const REST = '/wp-json/cleantalk-antispam/v1';
const VOTERS = 1_000;
/** Votes in flight at once: enough to interleave the instances, few enough for two cores. */
const IN_FLIGHT = 16;

/**
 * Issue 17, "three instances behind a real load balancer": three server processes on one
 * PostgreSQL and one Redis behind HAProxy, round robin; whichever instance answers, the site
 * behaves as one.
 */
describe('three instances behind HAProxy', () => {
  let database: TestDatabase;
  let servers: RunningServer[] = [];
  let balancer: Balancer;
  /** The same site in this process, not listening: for the database and the shield's keys. */
  let local: FastifyInstance;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    env = {
      DATABASE_URL: database.databaseUrl ?? '',
      DATABASE_POOL_SIZE: '4',
      REDIS_URL,
      REDIS_PREFIX: `waymark-cluster-${randomBytes(4).toString('hex')}:`,
      WAYMARK_SECRET: TEST_SECRET,
      ADMIN_PASSWORD: PASSWORD,
      SEED_ITEMS: '24',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    };
    servers = await Promise.all([0, 1, 2].map(() => startServer(env)));
    balancer = await startBalancer(servers.map((s) => s.port));
    local = await buildApp({
      config: loadConfig({ ...env, DATA_DIR: database.dataDir, LOG_LEVEL: 'silent' }),
      logger: false,
    });
    await local.ready();
  }, 120_000);

  afterAll(async () => {
    await local?.close();
    await balancer?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
  });

  /** A request through the balancer as the client at `ip`; answers the response and who served it. */
  const through = async (pathname: string, ip: string, init: RequestInit = {}) => {
    const res = await fetch(`${balancer.url}${pathname}`, {
      redirect: 'manual',
      ...init,
      headers: { 'x-forwarded-for': ip, ...(init.headers as Record<string, string> | undefined) },
    });
    return { res, servedBy: res.headers.get('x-served-by') ?? '' };
  };

  it('spreads requests over the three instances', async () => {
    const served = new Set<string>();
    for (let i = 0; i < 6; i += 1) served.add((await through('/healthz', '198.51.100.1')).servedBy);
    expect(served).toEqual(new Set(['w1', 'w2', 'w3']));
  });

  it('keeps a visitor signed in whichever instance answers', async () => {
    const ip = '198.51.100.2';
    const loginPage = await (await through('/login', ip)).res.text();
    const formNonce = /name="_wpnonce" value="([0-9a-f]{10})"/.exec(loginPage)?.[1] ?? '';
    const signIn = await through('/login', ip, {
      method: 'POST',
      body: new URLSearchParams({
        email: 'admin@waymark.test',
        password: PASSWORD,
        _wpnonce: formNonce,
        ...answerLoginCaptcha(loginPage, local.captchaKeys),
        ...(await shieldFields(local, { token: null })),
      }),
    });
    expect(signIn.res.status).toBe(303);
    const cookie = (signIn.res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const served = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const page = await through('/', ip, { headers: { cookie } });
      expect(await page.res.text()).toContain('Signed in as');
      served.add(page.servedBy);
    }
    expect(served.size).toBe(3);
  });

  it('accepts on every instance a nonce another one made, and refuses a forged one everywhere', async () => {
    const ip = '198.51.100.3';
    const page = await through('/', ip);
    const nonce = /"_rest_nonce":"([0-9a-f]{10})"/.exec(await page.res.text())?.[1] ?? '';
    const served = new Set([page.servedBy]);
    for (let i = 0; i < 3; i += 1) {
      const good = await through(`${REST}/no_such_route`, ip, { method: 'POST', headers: { 'x-wp-nonce': nonce } });
      // Past the nonce check, so the answer is about the route.
      expect(good.res.status).toBe(404);
      served.add(good.servedBy);
      const forged = await through(`${REST}/no_such_route`, ip, {
        method: 'POST',
        headers: { 'x-wp-nonce': '0123456789' },
      });
      expect(forged.res.status).toBe(403);
    }
    expect(served.size).toBe(3);
  });

  it('shares the replay set: an event token one instance issued counts once on any of them', async () => {
    const ip = '198.51.100.4';
    const issueToken = async () => {
      const issue = await through(`${REST}/waymark_bot_detector`, ip, {
        method: 'POST',
        headers: { 'x-wp-nonce': local.nonces.create(NONCE_ACTIONS.rest, ''), 'content-type': 'application/json' },
        body: '{}',
      });
      return ((await issue.res.json()) as { event_token: string }).event_token;
    };
    const token = await issueToken();
    expect(token).toBeTruthy();
    const signIn = async (eventToken: string) => {
      const loginPage = await (await through('/login', ip)).res.text();
      const formNonce = /name="_wpnonce" value="([0-9a-f]{10})"/.exec(loginPage)?.[1] ?? '';
      return through('/login', ip, {
        method: 'POST',
        body: new URLSearchParams({
          email: 'admin@waymark.test',
          password: PASSWORD,
          _wpnonce: formNonce,
          ...answerLoginCaptcha(loginPage, local.captchaKeys),
          ...(await shieldFields(local, { token: eventToken })),
        }),
      });
    };
    const first = await signIn(token);
    const second = await signIn(token);
    expect(first.res.status).toBe(303);
    expect(second.servedBy).not.toBe(first.servedBy);
    expect(second.res.status).not.toBe(303);
    // The same sign-in with a token of its own goes through: the refusal was the replay.
    expect((await signIn(await issueToken())).res.status).toBe(303);
  });

  it('shares rate limits: one client’s limit holds across the instances', async () => {
    const ip = '198.51.100.5';
    const ask = async () => {
      const { res, servedBy } = await through('/', ip, {
        method: 'POST',
        body: new URLSearchParams({ spbc_remote_call_action: 'get_fresh_wpnonce', nonce_prev: '0123456789' }),
      });
      return { answer: (await res.json()) as Record<string, string>, servedBy };
    };
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push(await ask());
    expect(answers.every((a) => 'wpnonce' in a.answer)).toBe(true);
    expect(new Set(answers.map((a) => a.servedBy)).size).toBe(3);
    for (let i = 0; i < 3; i += 1) expect((await ask()).answer).toEqual({ error: 'RATE_LIMIT_EXCEEDED' });
  });

  it('shows a settings change on every instance', async () => {
    const text = `Nothing here, ${randomBytes(4).toString('hex')}.`;
    await writeSetting(local.storage, directorySettings, { noResultsText: text });
    const served = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const page = await through('/', '198.51.100.6');
      expect(await page.res.text()).toContain(text);
      served.add(page.servedBy);
    }
    expect(served.size).toBe(3);
  });

  it(`counts ${VOTERS} votes from ${VOTERS} visitors exactly`, async () => {
    const itemId = (await local.storage.db.selectFrom('items').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const votesOf = async () =>
      (await local.storage.db.selectFrom('items').select('votes').where('id', '=', itemId).executeTakeFirstOrThrow())
        .votes;
    const before = await votesOf();
    const security = local.nonces.create(NONCE_ACTIONS.directory, '');
    const vote = async (n: number) => {
      // A visitor of their own: no cookie yet, an address of their own.
      const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      const { res, servedBy } = await through(AJAX, ip, {
        method: 'POST',
        body: new URLSearchParams({
          action: 'qcpd_upvote_action',
          post_id: String(itemId),
          meta_title: 'x',
          meta_link: 'https://x.example/',
          li_id: `item-${itemId}`,
          security,
        }),
      });
      return { status: ((await res.json()) as { vote_status: string }).vote_status, servedBy };
    };
    const outcomes: { status: string; servedBy: string }[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < VOTERS) outcomes.push(await vote((next += 1)));
      }),
    );
    expect(outcomes.filter((o) => o.status === 'success')).toHaveLength(VOTERS);
    expect(new Set(outcomes.map((o) => o.servedBy))).toEqual(new Set(['w1', 'w2', 'w3']));
    expect((await votesOf()) - before).toBe(VOTERS);
  }, 90_000);
});
