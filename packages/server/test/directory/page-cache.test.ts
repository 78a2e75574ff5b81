import type { FastifyReply, FastifyRequest } from 'fastify';
import { directorySettings, type PageContext } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { bootstrap } from '../support/demo-site.js';
import { loadConfig } from '../../src/config.js';
import { CONTACT_PASS_COOKIE, grantContactPass } from '../../src/contacts/pass.js';
import { writeSetting } from '../../src/settings/store.js';
import { createTestApp, TEST_SECRET, type TestApp } from '../support/app.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../support/storage.js';
import { personVoteFields } from './vote-evidence.js';

/**
 * The directory page is rendered once per content version for every visitor who would see the
 * same page (issue 17, "Speed under load"): a write to what it shows is on the next page, and
 * nothing of one visitor's (a contact pass, votes, the honeypot stamp) reaches another's page.
 */

const PAGE_CONTEXT = /<script type="application\/json" id="[^"]+">([\s\S]*?)<\/script>/;
const contextOf = (html: string) => JSON.parse(PAGE_CONTEXT.exec(html)?.[1] ?? 'null') as PageContext;
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0';

async function firstItem(t: { app: TestApp['app'] }) {
  const row = await t.app.storage.db
    .selectFrom('items')
    .select(['id', 'title', 'phone'])
    .where('phone', '!=', '')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row;
}

describe.each(DIALECTS)('the cached directory page on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { SEED_DEMO: 'true', SEED_ITEMS: '30' } });
    await bootstrap(t.app.storage, t.config, () => {});
  });
  afterAll(async () => t.close());

  const home = async (headers: Record<string, string> = {}, remoteAddress = '203.0.113.9') => {
    const res = await t.app.inject({ url: '/', headers: { 'user-agent': AGENT, ...headers }, remoteAddress });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  /** The contact pass the decoder would give this address after it revealed the phone. */
  const contactPassFor = (ip: string, phone: string): string => {
    let pass = '';
    const reply = { setCookie: (_name: string, value: string) => (pass = value) } as unknown as FastifyReply;
    const request = {
      ip,
      protocol: 'http',
      headers: { 'user-agent': AGENT },
      cookies: {},
    } as unknown as FastifyRequest;
    grantContactPass(t.app.shield.keys, request, reply, [phone]);
    return pass;
  };

  it('shows a changed item and a new setting on the next page', async () => {
    const item = await firstItem(t);
    expect(await home()).toContain(item.title);
    expect(await home()).toContain(item.title); // now from the cache

    await t.app.storage.db.updateTable('items').set({ title: 'Renamed Bakery 17' }).where('id', '=', item.id).execute();
    const renamed = await home();
    expect(renamed).toContain('Renamed Bakery 17');
    expect(renamed).not.toContain(`>${item.title}<`);

    await writeSetting(t.app.storage, directorySettings, { viewDetailsText: 'Open the card 17' });
    expect(await home()).toContain('Open the card 17');
    await writeSetting(t.app.storage, directorySettings, {});
  });

  it('opens a changed item’s popup with the change, and shows a decoded phone only to its holder', async () => {
    const item = await firstItem(t);
    const popup = async (headers: Record<string, string> = {}, remoteAddress = '203.0.113.9') => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wp-admin/admin-ajax.php',
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': AGENT, ...headers },
        payload: new URLSearchParams({
          action: 'qcpd_load_long_description',
          post_id: String(item.id),
          upvote: 'off',
          mailto: 'false',
        }).toString(),
      });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    await popup();
    await t.app.storage.db
      .updateTable('items')
      .set({ description: `<p>Call ${item.phone} for the new opening hours 17</p>` })
      .where('id', '=', item.id)
      .execute();
    const changed = await popup();
    expect(changed).toContain('the new opening hours 17');
    expect(changed).not.toContain(item.phone);

    const ip = '198.51.100.24';
    const pass = contactPassFor(ip, item.phone);
    expect(await popup({ cookie: `${CONTACT_PASS_COOKIE}=${pass}` }, ip)).toContain(item.phone);
    expect(await popup()).not.toContain(item.phone);
  });

  it('fills each visitor’s own honeypot stamp into the shared page', async () => {
    const [a, b] = [contextOf(await home()), contextOf(await home())];
    expect(a.shield.honeypot.value).not.toBe(b.shield.honeypot.value);
    for (const page of [a, b]) expect(page.shield.honeypot.value).toMatch(/^[\w.-]{20,}$/);
    expect(a.formNonce).toMatch(/^[0-9a-f]{10}$/);
  });

  it('never hands one visitor’s decoded contact to another, in either order', async () => {
    const item = await firstItem(t);
    const ip = '198.51.100.23';
    const pass = contactPassFor(ip, item.phone);
    const withPass = () => home({ cookie: `${CONTACT_PASS_COOKIE}=${pass}` }, ip);

    // A visitor without a pass first (the page is cached), then the holder, then another again.
    expect(await home()).not.toContain(item.phone);
    expect(await withPass()).toContain(item.phone);
    expect(await home()).not.toContain(item.phone);
    // The holder first on a fresh version.
    await t.app.contentVersion.bump();
    expect(await withPass()).toContain(item.phone);
    expect(await home()).not.toContain(item.phone);
  });

  it('shows a voter their own votes and nobody else', async () => {
    const item = await firstItem(t);
    const nonce = contextOf(await home()).data;
    expect(nonce.page).toBe('home');
    const directoryNonce = nonce.page === 'home' ? nonce.directoryNonce : '';
    const vote = await t.app.inject({
      method: 'POST',
      url: '/wp-admin/admin-ajax.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': AGENT },
      remoteAddress: '192.0.2.77',
      payload: new URLSearchParams({
        action: 'qcpd_upvote_action',
        post_id: String(item.id),
        security: directoryNonce,
        ...personVoteFields(t.app),
      }).toString(),
    });
    expect(JSON.parse(vote.body)).toMatchObject({ vote_status: 'success' });
    const cookie = vote.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const own = contextOf(await home({ cookie }, '192.0.2.77')).data;
    const other = contextOf(await home()).data;
    expect(own.page === 'home' && own.votedIds).toEqual([item.id]);
    expect(other.page === 'home' && other.votedIds).toEqual([]);
  });
});

describe('two instances sharing PostgreSQL and Redis', () => {
  let database: TestDatabase;
  const apps: TestApp['app'][] = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const prefix = `waymark-cache-test-${process.pid}-${Date.now()}:`;
    for (let i = 0; i < 2; i += 1) {
      const config = loadConfig({
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl,
        DATABASE_POOL_SIZE: '4',
        WAYMARK_SECRET: TEST_SECRET,
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'true',
        SEED_ITEMS: '20',
        REDIS_URL: 'redis://127.0.0.1:6379',
        REDIS_PREFIX: prefix,
      });
      const app = await buildApp({ config, logger: false });
      await app.ready();
      await bootstrap(app.storage, config, () => {});
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.drop();
  });

  it('shows a change made through one instance on the other’s next page', async () => {
    const [a, b] = apps as [TestApp['app'], TestApp['app']];
    const item = await firstItem({ app: a });
    for (const app of apps) expect((await app.inject('/')).body).toContain(item.title);
    await a.storage.db.updateTable('items').set({ title: 'Moved Across 17' }).where('id', '=', item.id).execute();
    expect((await b.inject('/')).body).toContain('Moved Across 17');
    expect((await a.inject('/')).body).toContain('Moved Across 17');
  });
});
