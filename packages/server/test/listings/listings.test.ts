import { NONCE_ACTIONS, type PageContext } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../support/demo-site.js';
import { SESSION_COOKIE, startSession } from '../../src/plugins/session.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { shieldFields } from '../support/shield-fields.js';
import { DIALECTS } from '../support/storage.js';

const THANKS = 'Thank you! Your listing is waiting for approval';

function contextOf(html: string): PageContext {
  const json = /<script type="application\/json" id="waymark-page">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
  return JSON.parse(json) as PageContext;
}

describe.each(DIALECTS)('pending listings on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let subscriber: string;
  let nonce: string;
  let category: { id: number; slug: string };
  let knownTag: string;
  let clients = 0;
  const client = () => ({ 'x-forwarded-for': `198.51.${(clients += 1)}.7` });

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { SEED_DEMO: 'true', SEED_ITEMS: '20', ADMIN_PASSWORD: 'admin-password-1', TRUST_PROXY: 'true' },
    });
    await bootstrap(t.app.storage, t.config, () => {});
    const { db } = t.app.storage;
    const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    admin = (await startSession(t.app.storage, user.id, 1)).token;
    const other = await db
      .insertInto('users')
      .values({
        email: 'reader@example.org',
        name: 'Reader',
        password_hash: 'x',
        role: 'subscriber',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    subscriber = (await startSession(t.app.storage, other.id, 1)).token;
    nonce = t.app.nonces.create(NONCE_ACTIONS.form, '');
    category = await db.selectFrom('categories').select(['id', 'slug']).orderBy('position').executeTakeFirstOrThrow();
    knownTag = (await db.selectFrom('tags').select('name').orderBy('name').executeTakeFirstOrThrow()).name;
  });
  afterAll(async () => t?.close());

  const LISTING = () => ({
    _wpnonce: nonce,
    title: 'Corner Bakery',
    subtitle: 'Bread since dawn',
    url: 'https://corner-bakery.example/',
    address: 'Via Roma 1, Turin',
    email: 'owner@corner-bakery.example',
    category: category.slug,
    tags: [knownTag, 'other'],
    other_tags: 'Sourdough, Pastries, sourdough',
    recurring: 'on',
  });
  const submit = (fields: Record<string, string | string[]>, headers: Record<string, string> = client()) =>
    t.app.inject({
      method: 'POST',
      url: '/add-business',
      headers: { ...FORM_HEADERS, ...headers },
      payload: form(fields),
    });
  const asPerson = async (fields: Record<string, string | string[]> = {}) => {
    const headers = client();
    return submit({ ...LISTING(), ...(await shieldFields(t.app, { headers })), ...fields }, headers);
  };
  const listings = () => t.app.storage.db.selectFrom('pending_listings').selectAll().orderBy('id').execute();

  describe('the form', () => {
    it('carries the honeypot and the form nonce, and is protected by the shield', async () => {
      const res = await t.app.inject('/add-business');
      expect(res.statusCode).toBe(200);
      const tag = /<form [^>]*action="\/add-business"[^>]*>/.exec(res.body)?.[0] ?? '';
      expect(tag).toContain('method="post"');
      expect(tag).toContain('data-shield-protect=""');
      expect(res.body).toMatch(/<input type="text" id="alt_s"[^>]*name="alt_s"/);
      expect(res.body).toMatch(/name="wm_form_key" value="[0-9a-z]+\.[\w-]{8}\.[\w-]{20}"/);
      expect(res.body).toMatch(/name="_wpnonce" value="[0-9a-f]{10}"/);
      expect(res.body).not.toContain('Payments are not set up');
    });

    it('keeps a person’s listing as pending and confirms it after a redirect', async () => {
      const res = await asPerson();
      // With the shop, the listing waits in the buyer's cart.
      expect([res.statusCode, res.headers.location]).toEqual([303, '/cart?done=listing']);
      const saved = (await listings()).at(-1);
      expect(saved).toMatchObject({
        title: 'Corner Bakery',
        subtitle: 'Bread since dawn',
        url: 'https://corner-bakery.example/',
        address: 'Via Roma 1, Turin',
        owner_email: 'owner@corner-bakery.example',
        category_id: category.id,
        payment: 'recurring',
        status: 'pending',
        item_id: null,
      });
      // The chosen tag, then the owner's own, each once; "other" itself is no tag.
      expect(JSON.parse(saved?.tags ?? '[]')).toEqual([knownTag, 'Sourdough', 'Pastries']);

      const page = await t.app.inject('/add-business?sent=pending');
      const data = contextOf(page.body).data;
      if (data.page !== 'add-business') throw new Error('not the form page');
      expect(data.sent).toContain(THANKS);
    });

    it('blocks a filled honeypot and keeps nothing', async () => {
      const before = (await listings()).length;
      const res = await asPerson({ alt_s: 'http://spam.example/' });
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('Submission blocked');
      expect(await listings()).toHaveLength(before);
    });

    it('blocks a post without the page script and keeps nothing', async () => {
      const before = (await listings()).length;
      const res = await submit(LISTING());
      expect(res.statusCode).toBe(403);
      expect(await listings()).toHaveLength(before);
    });

    it('shows the form again with its errors, and refuses an expired form', async () => {
      const before = (await listings()).length;
      const res = await asPerson({ email: 'not an address', category: 'no-such-category', other_tags: ' , ' });
      expect(res.statusCode).toBe(400);
      const data = contextOf(res.body).data;
      if (data.page !== 'add-business') throw new Error('not the form page');
      expect(Object.keys(data.errors).sort()).toEqual(['category', 'email', 'other_tags']);
      expect(data.values).toMatchObject({ title: 'Corner Bakery', recurring: true, tags: [knownTag, 'other'] });
      expect(res.body).toMatch(/<input id="ab-email"[^>]*aria-invalid="true"[^>]*aria-describedby="ab-email-error"/);

      // Without "Other" its input is not required.
      const plain = await asPerson({ tags: knownTag, other_tags: '', recurring: [] as unknown as string });
      expect(plain.statusCode).toBe(303);
      expect((await listings()).at(-1)).toMatchObject({ payment: 'once', tags: JSON.stringify([knownTag]) });

      const expired = await asPerson({ _wpnonce: '0000000000' });
      expect(expired.statusCode).toBe(403);
      expect(await listings()).toHaveLength(before + 1);
    });
  });

  describe('approval', () => {
    let adminNonce: string;
    const decide = (id: number, fields: Record<string, string>, session = admin) =>
      t.app.inject({
        method: 'POST',
        url: `/admin/listings/${id}`,
        headers: FORM_HEADERS,
        cookies: { [SESSION_COOKIE]: session },
        payload: form({ _wpnonce: adminNonce, ...fields }),
      });

    it('is for administrators only', async () => {
      const anonymous = await t.app.inject('/admin/listings');
      expect([anonymous.statusCode, anonymous.headers.location]).toEqual([303, '/login?next=%2Fadmin%2Flistings']);
      expect(
        (await t.app.inject({ url: '/admin/listings', cookies: { [SESSION_COOKIE]: subscriber } })).statusCode,
      ).toBe(404);
      const page = await t.app.inject({ url: '/admin/listings', cookies: { [SESSION_COOKIE]: admin } });
      expect(page.statusCode).toBe(200);
      adminNonce = contextOf(page.body).formNonce;

      const pending = (await listings()).find((l) => l.status === 'pending');
      if (!pending) throw new Error('no pending listing');
      const list = await t.app.storage.db.selectFrom('lists').select('id').executeTakeFirstOrThrow();
      for (const session of [subscriber, 'no-such-session']) {
        const res = await decide(pending.id, { action: 'approve', list: String(list.id) }, session);
        expect(res.statusCode).toBe(404);
      }
      expect((await listings()).find((l) => l.id === pending.id)?.status).toBe('pending');
    });

    it('lists pending listings with the owner’s address and the shield’s verdict', async () => {
      const page = await t.app.inject({ url: '/admin/listings', cookies: { [SESSION_COOKIE]: admin } });
      const data = contextOf(page.body).data;
      if (data.page !== 'listings') throw new Error('not the listings page');
      expect(data.status).toBe('pending');
      expect(data.counts.pending).toBe(2);
      expect(data.listings[0]).toMatchObject({
        title: 'Corner Bakery',
        email: 'owner@corner-bakery.example',
        category: { id: category.id },
        score: expect.any(Number),
        reasons: expect.any(Array),
      });
      expect(data.lists.length).toBeGreaterThan(0);
      expect(page.body).toContain('owner@corner-bakery.example');
    });

    it('approves a listing into the chosen list, with its tags, once', async () => {
      const [first] = (await listings()).filter((l) => l.status === 'pending');
      if (!first) throw new Error('no pending listing');
      const { db } = t.app.storage;
      const list = await db
        .selectFrom('lists')
        .select(['id', 'slug'])
        .where('category_id', '=', category.id)
        .executeTakeFirstOrThrow();
      const res = await decide(first.id, { action: 'approve', list: String(list.id) });
      expect([res.statusCode, res.headers.location]).toEqual([303, '/admin/listings?status=pending&done=approve']);

      const decided = (await listings()).find((l) => l.id === first.id);
      expect(decided).toMatchObject({ status: 'approved', item_id: expect.any(Number) });
      const item = await db
        .selectFrom('items')
        .selectAll()
        .where('id', '=', decided?.item_id ?? 0)
        .executeTakeFirstOrThrow();
      expect(item).toMatchObject({
        list_id: list.id,
        title: 'Corner Bakery',
        url: 'https://corner-bakery.example/',
        owner_email: 'owner@corner-bakery.example',
        paid: 0,
      });
      const last = await db
        .selectFrom('items')
        .select((eb) => eb.fn.max('position').as('p'))
        .where('list_id', '=', list.id)
        .executeTakeFirstOrThrow();
      expect(item.position).toBe(Number(last.p));
      const tags = await db
        .selectFrom('item_tags')
        .innerJoin('tags', 'tags.id', 'item_tags.tag_id')
        .select(['tags.name', 'tags.slug'])
        .where('item_tags.item_id', '=', item.id)
        .orderBy('tags.name')
        .execute();
      expect(tags.map((tag) => tag.name).sort()).toEqual([knownTag, 'Pastries', 'Sourdough'].sort());
      expect(tags.find((tag) => tag.name === 'Sourdough')?.slug).toBe('sourdough');

      // The directory shows it now; a second decision finds nothing pending.
      expect((await t.app.inject('/')).body).toContain('Corner Bakery');
      expect((await decide(first.id, { action: 'approve', list: String(list.id) })).statusCode).toBe(404);
      expect((await decide(first.id, { action: 'reject' })).statusCode).toBe(404);
      const done = await t.app.inject({
        url: '/admin/listings?status=approved&done=approve',
        cookies: { [SESSION_COOKIE]: admin },
      });
      const data = contextOf(done.body).data;
      if (data.page !== 'listings') throw new Error('not the listings page');
      expect(data.done).toContain('approved');
      expect(data.listings.find((l) => l.id === first.id)?.itemId).toBe(item.id);
    });

    it('rejects a listing without making an item, and refuses unknown lists and actions', async () => {
      const [next] = (await listings()).filter((l) => l.status === 'pending');
      if (!next) throw new Error('no pending listing');
      const count = async () =>
        Number(
          (
            await t.app.storage.db
              .selectFrom('items')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const items = await count();
      expect((await decide(next.id, { action: 'approve', list: '999999' })).statusCode).toBe(404);
      expect((await decide(next.id, { action: 'approve' })).statusCode).toBe(400);
      expect((await decide(next.id, { action: 'explode' })).statusCode).toBe(400);
      expect((await listings()).find((l) => l.id === next.id)?.status).toBe('pending');
      // A stale form changes nothing.
      const stale = await decide(next.id, { action: 'reject', _wpnonce: '0000000000' });
      expect(stale.statusCode).toBe(303);
      expect((await listings()).find((l) => l.id === next.id)?.status).toBe('pending');

      const res = await decide(next.id, { action: 'reject' });
      expect(res.headers.location).toBe('/admin/listings?status=pending&done=reject');
      expect((await listings()).find((l) => l.id === next.id)).toMatchObject({ status: 'rejected', item_id: null });
      expect(await count()).toBe(items);
    });
  });
});
