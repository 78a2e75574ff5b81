import { directorySettings, NONCE_ACTIONS, type PageContext } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '../../src/plugins/visitors.js';
import { bootstrap } from '../support/demo-site.js';
import { writeSetting } from '../../src/settings/store.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { DIALECTS } from '../support/storage.js';
import { personVoteFields } from './vote-evidence.js';

const AJAX = '/wp-admin/admin-ajax.php';

describe.each(DIALECTS)('directory on %s', (dialect) => {
  let t: TestApp;
  let itemId: number;
  let secondId: number;
  let nonce: string;
  let address = 0;
  /** A distinct client address per call unless told, so the daily limit stays out of the way. */
  const nextAddress = () => `10.1.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

  /** A person's vote from their page, with the shield's signals the page adds. */
  const vote = (post_id: number, options: { cookie?: string; ip?: string; security?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: AJAX,
      headers: { ...FORM_HEADERS, ...(options.cookie ? { cookie: `${VISITOR_COOKIE}=${options.cookie}` } : {}) },
      remoteAddress: options.ip ?? nextAddress(),
      payload: form({
        action: 'qcpd_upvote_action',
        post_id: String(post_id),
        meta_title: 'Ignored',
        meta_link: 'https://ignored.example/',
        li_id: `item-${post_id}`,
        security: options.security ?? nonce,
        ...personVoteFields(t.app),
      }),
    });
  const cookieOf = (res: Awaited<ReturnType<typeof vote>>) => res.cookies.find((c) => c.name === VISITOR_COOKIE)?.value;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { SEED_DEMO: 'true', SEED_ITEMS: '40', ADMIN_PASSWORD: 'admin-password-1' },
    });
    await bootstrap(t.app.storage, t.config, () => {});
    const items = await t.app.storage.db.selectFrom('items').select('id').orderBy('id').limit(2).execute();
    itemId = items[0]?.id ?? 0;
    secondId = items[1]?.id ?? 0;
    nonce = t.app.nonces.create(NONCE_ACTIONS.directory, '');
  });
  afterAll(async () => t.close());

  describe('qcpd_upvote_action', () => {
    it('counts a first vote, answers exactly votes, vote_status and cookies, and sets the visitor cookie', async () => {
      const res = await vote(itemId);
      expect(res.statusCode).toBe(200);
      const body = JSON.parse(res.body) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['votes', 'vote_status', 'cookies']);
      expect(body.votes).toBe(1);
      expect(body.vote_status).toBe('success');
      const cookie = cookieOf(res);
      expect(cookie).toMatch(/^[\w-]{22}\.[\w-]{22}$/);
      expect(body.cookies).toBe(`${VISITOR_COOKIE}=${cookie}`);
      const set = res.cookies.find((c) => c.name === VISITOR_COOKIE);
      expect(set?.httpOnly).toBe(true);

      const repeat = await vote(itemId, { cookie });
      expect(JSON.parse(repeat.body)).toEqual({
        votes: 1,
        vote_status: 'failed',
        cookies: `${VISITOR_COOKIE}=${cookie}`,
      });
      expect(cookieOf(repeat)).toBeUndefined();

      // The same visitor may still vote for another item.
      expect(JSON.parse((await vote(secondId, { cookie })).body)).toMatchObject({ votes: 1, vote_status: 'success' });
    });

    it('does not trust a cookie it did not sign', async () => {
      const first = await vote(secondId);
      const cookie = cookieOf(first) ?? '';
      const forged = `${cookie.slice(0, 22)}.${'A'.repeat(22)}`;
      const res = await vote(secondId, { cookie: forged });
      // A new visitor is made: the forged id never reaches the database as a voter.
      const fresh = cookieOf(res);
      expect(fresh).toBeDefined();
      expect(fresh).not.toBe(forged);
      expect(fresh?.slice(0, 22)).not.toBe(cookie.slice(0, 22));
    });

    it('fails for an unknown item, a bad nonce and a malformed id', async () => {
      expect(JSON.parse((await vote(999_999)).body)).toMatchObject({ votes: 0, vote_status: 'failed' });
      const badNonce = await vote(itemId, { security: '0123456789' });
      expect(badNonce.statusCode).toBe(200);
      expect(JSON.parse(badNonce.body)).toEqual({ votes: 0, vote_status: 'failed', cookies: '' });
      const malformed = await t.app.inject({
        method: 'POST',
        url: AJAX,
        headers: FORM_HEADERS,
        payload: form({ action: 'qcpd_upvote_action', post_id: 'x', security: nonce }),
      });
      expect(malformed.statusCode).toBe(400);
      expect(JSON.parse(malformed.body)).toHaveProperty('error');
    });

    it('lets one address vote only so often a day, whatever cookies it brings', async () => {
      await writeSetting(t.app.storage, directorySettings, { upvotesPerAddressPerDay: 3 });
      try {
        const ip = '192.0.2.77';
        const answers = [];
        for (let i = 0; i < 4; i += 1)
          answers.push(JSON.parse((await vote(secondId, { ip })).body) as { vote_status: string });
        expect(answers.map((a) => a.vote_status)).toEqual(['success', 'success', 'success', 'failed']);
      } finally {
        await writeSetting(t.app.storage, directorySettings, {});
      }
    });

    it('refuses votes while upvotes are off', async () => {
      await writeSetting(t.app.storage, directorySettings, { upvotes: false });
      try {
        expect(JSON.parse((await vote(secondId)).body)).toMatchObject({ vote_status: 'failed' });
      } finally {
        await writeSetting(t.app.storage, directorySettings, {});
      }
    });

    it('counts 200 concurrent votes from 200 visitors without losing one', async () => {
      const [target] = await t.app.storage.db.selectFrom('items').select('id').orderBy('id', 'desc').limit(1).execute();
      const id = target?.id ?? 0;
      const answers = await Promise.all(
        Array.from({ length: 200 }, () =>
          vote(id).then((res) => JSON.parse(res.body) as { votes: number; vote_status: string }),
        ),
      );
      expect(answers.every((a) => a.vote_status === 'success')).toBe(true);
      // Every vote saw its own count: 1 to 200, each once.
      expect(answers.map((a) => a.votes).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      const row = await t.app.storage.db.selectFrom('items').select('votes').where('id', '=', id).executeTakeFirst();
      expect(row?.votes).toBe(200);
      const stored = await t.app.storage.db
        .selectFrom('upvotes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('item_id', '=', id)
        .executeTakeFirst();
      expect(Number(stored?.n)).toBe(200);
    });

    it('drops an item’s votes with the item', async () => {
      await t.app.storage.db.deleteFrom('items').where('id', '=', itemId).execute();
      const left = await t.app.storage.db.selectFrom('upvotes').select('id').where('item_id', '=', itemId).execute();
      expect(left).toEqual([]);
    });
  });

  describe('qcpd_load_long_description', () => {
    const popup = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: AJAX,
        headers: FORM_HEADERS,
        payload: form({ action: 'qcpd_load_long_description', post_id: String(secondId), ...fields }),
      });

    it('adds the upvote block with the stored count only when asked', async () => {
      const votes = (
        await t.app.storage.db.selectFrom('items').select('votes').where('id', '=', secondId).executeTakeFirst()
      )?.votes;
      const on = await popup({ upvote: 'on', popup_map: 'off', mailto: 'false' });
      expect(on.statusCode).toBe(200);
      expect(on.body).toContain(`data-upvote-item="${secondId}"`);
      expect(on.body).toContain(`<span class="qcpd-upvote__count" data-upvote-count="${secondId}">${votes}</span>`);
      const off = await popup({ upvote: 'off', popup_map: 'off', mailto: 'false' });
      expect(off.body).not.toContain('data-upvote-item');
    });

    it('adds the 400 px map slot and the mailto link when asked', async () => {
      const row = await t.app.storage.db
        .selectFrom('items')
        .select(['lat', 'lon', 'owner_email'])
        .where('id', '=', secondId)
        .executeTakeFirstOrThrow();
      const on = await popup({ upvote: 'off', popup_map: 'on', mailto: 'true' });
      if (row.lat !== null) expect(on.body).toContain(`data-latlon="${row.lat},${row.lon}" style="height:400px"`);
      // For an anonymous visitor the owner's address is sealed: a masked href, the whole tail sealed.
      const link =
        /<a class="qcpd-popup__email" href="mailto:([^"?]*)\?subject=[^"]*"[^>]*data-original-string="([^"]+)"/.exec(
          on.body,
        );
      expect(link, on.body).not.toBeNull();
      expect(link?.[1]).not.toContain(row.owner_email);
      expect(t.app.contacts.cipher.open(link?.[2] ?? '')).toMatch(
        new RegExp(`^${row.owner_email.replace(/[.]/g, '\\.')}\\?subject=`),
      );
      const off = await popup({ upvote: 'off', popup_map: 'off', mailto: 'false' });
      expect(off.body).not.toContain('qcpd-popup__map');
      expect(off.body).not.toContain('mailto:');
    });

    it('describes the picture with the item’s own alt text, escaped', async () => {
      await t.app.storage.db
        .updateTable('items')
        .set({ image: '/media/x.webp', image_alt: 'A café front with a "striped" awning & two tables' })
        .where('id', '=', secondId)
        .execute();
      const res = await popup({ upvote: 'off' });
      expect(res.body).toContain(
        '<img src="/media/x.webp" alt="A café front with a &quot;striped&quot; awning &amp; two tables">',
      );
    });

    it('never prints the request’s own title or link', async () => {
      const res = await popup({
        meta_title: '<script>alert(1)</script>',
        meta_link: 'javascript:alert(1)',
        upvote: 'on',
      });
      expect(res.body).not.toContain('<script>');
      expect(res.body).not.toContain('javascript:');
    });
  });

  describe('directory pages', () => {
    const context = (html: string) => {
      const json = /<script type="application\/json" id="waymark-page">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}';
      return JSON.parse(json) as PageContext;
    };

    it('carries the items once, as compact data, with the settings and a working upvote nonce', async () => {
      const res = await t.app.inject('/');
      const data = context(res.body).data;
      if (data.page !== 'home') throw new Error(`unexpected page ${data.page}`);
      const count = Number(
        (
          await t.app.storage.db
            .selectFrom('items')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst()
        )?.n,
      );
      expect(data.directory.items).toHaveLength(count);
      expect(Array.isArray(data.directory.items[0])).toBe(true);
      expect(data.settings).toEqual(directorySettings.schema.parse({}));
      expect(t.app.nonces.verify(data.directoryNonce, NONCE_ACTIONS.directory, '')).toBe(true);
      expect(res.body.match(/<li id="item-\d+"/g)).toHaveLength(count);
      // The data holds each item once, not a second full object per item.
      const json = /id="waymark-page">([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '';
      const title = JSON.stringify(data.directory.items[0]?.[2] ?? '').replace(/&/g, '\\u0026');
      expect(json.split(title).length - 1).toBe(1);
      expect(json).not.toContain('"subtitle":');
    });

    it('carries the ids this visitor voted for, and renders their buttons voted', async () => {
      const [a, b] = await t.app.storage.db.selectFrom('items').select('id').orderBy('id', 'desc').limit(2).execute();
      const [first, second] = [b?.id ?? 0, a?.id ?? 0];
      const cookie = cookieOf(await vote(first)) ?? '';
      expect(JSON.parse((await vote(second, { cookie })).body)).toMatchObject({ vote_status: 'success' });
      const votedData = async (headers: Record<string, string> = {}) => {
        const res = await t.app.inject({ url: '/', headers });
        const data = context(res.body).data;
        if (data.page !== 'home') throw new Error('not the home page');
        return { data, html: res.body };
      };

      const { data, html } = await votedData({ cookie: `${VISITOR_COOKIE}=${cookie}` });
      expect(data.votedIds).toEqual([first, second]);
      // Green from the server's markup already: no flash of an uncounted vote before hydration.
      for (const id of [first, second]) {
        const card = new RegExp(`<li id="item-${id}"[\\s\\S]*?</article>`).exec(html)?.[0] ?? '';
        expect(card).toMatch(/class="dir-upvote dir-upvote--voted"[^>]*data-voted="true"/);
      }
      const tabs = context(
        (await t.app.inject({ url: '/categories', headers: { cookie: `${VISITOR_COOKIE}=${cookie}` } })).body,
      ).data;
      if (tabs.page !== 'home') throw new Error('not the tabs page');
      expect(tabs.votedIds).toEqual(data.votedIds);

      // No cookie, or one the server did not sign: nothing is shown as voted.
      expect((await votedData()).data.votedIds).toEqual([]);
      const forged = `${cookie.slice(0, 22)}.${'A'.repeat(22)}`;
      expect((await votedData({ cookie: `${VISITOR_COOKIE}=${forged}` })).data.votedIds).toEqual([]);
      expect((await votedData()).html).not.toContain('dir-upvote--voted');
    });

    it('applies the filters of the address, so links and the search form work without a script', async () => {
      const res = await t.app.inject('/?category=shops&search=Book&tag=Vegan&tag=No+such+tag');
      const data = context(res.body).data;
      if (data.page !== 'home') throw new Error('not the home page');
      expect(data.filter).toEqual({ category: 'shops', search: 'Book', tags: ['Vegan', 'No such tag'] });
      expect(res.body).toMatch(/<a href="\?category=shops" aria-current="true"/);
    });

    it('shows one tab per category at /categories', async () => {
      const res = await t.app.inject('/categories');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('role="tablist"');
      // The directory's tab list, apart from the footer's own tabs.
      const list = /<div[^>]*aria-label="Categories"[^>]*>([\s\S]*?)<\/div>/.exec(res.body)?.[1] ?? '';
      expect(list.match(/role="tab"/g)?.length).toBe(5);
      expect(list.match(/aria-selected="true"/g)?.length).toBe(1);
    });

    it('offers the paid-listing form', async () => {
      const res = await t.app.inject('/add-business');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Pay monthly (recurring)');
      expect(res.body).toMatch(/<input id="ab-other-tags"[^>]*disabled/);
    });
  });
});
