import {
  addressField,
  CALLS,
  CART_FIELDS,
  cartQuantityField,
  CHECKOUT_FIELDS,
  decodeItem,
  NONCE_ACTIONS,
  ORDER_ACTION_FIELD,
  SHOP_PATHS,
  type PageContext,
  type PageData,
} from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../support/demo-site.js';
import { markFeaturedPurchases } from '../../src/db/migrations/0018-featured-items.js';
import type { MigrationDb } from '../../src/db/migrations/context.js';
import { startSession } from '../../src/plugins/session.js';
import { VISITOR_COOKIE } from '../../src/plugins/visitors.js';
import { webDistEnv } from '../mail/env.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { shieldFields } from '../support/shield-fields.js';
import { DIALECTS } from '../support/storage.js';

function dataOf<P extends PageData['page']>(html: string, page: P): Extract<PageData, { page: P }> {
  const json = /<script type="application\/json" id="waymark-page">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
  const data = (JSON.parse(json) as PageContext).data;
  if (data.page !== page) throw new Error(`expected the ${page} page, got ${data.page}`);
  return data as Extract<PageData, { page: P }>;
}

const BILLING = {
  [addressField('billing', 'first_name')]: 'Ada',
  [addressField('billing', 'last_name')]: 'Lovelace',
  [addressField('billing', 'company')]: '',
  [addressField('billing', 'address_1')]: 'Via Roma 1',
  [addressField('billing', 'city')]: 'Torino',
  [addressField('billing', 'postcode')]: '10121',
  [addressField('billing', 'country')]: 'IT',
  [addressField('billing', 'state')]: '21',
  [CHECKOUT_FIELDS.email]: 'ada@example.org',
  [CHECKOUT_FIELDS.phone]: '',
  [CHECKOUT_FIELDS.paymentMethod]: 'bacs',
};

describe.each(DIALECTS)('the shop on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let subscriber: string;
  let category: string;
  let clients = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: {
        SEED_DEMO: 'true',
        SEED_ITEMS: '20',
        ADMIN_PASSWORD: 'admin-password-1',
        TRUST_PROXY: 'true',
        ...webDistEnv(),
      },
    });
    await bootstrap(t.app.storage, t.config, () => {});
    const { db } = t.app.storage;
    const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    admin = (await startSession(t.app.storage, user.id, 1)).token;
    const other = await db
      .insertInto('users')
      .values({
        email: 'buyer@example.org',
        name: 'Buyer',
        password_hash: 'x',
        role: 'subscriber',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    subscriber = (await startSession(t.app.storage, other.id, 1)).token;
    category = (await db.selectFrom('categories').select('slug').orderBy('position').executeTakeFirstOrThrow()).slug;
  });
  afterAll(async () => t?.close());

  const formNonce = () => t.app.nonces.create(NONCE_ACTIONS.form, '');

  /** A buyer: one client address and, once made, the visitor cookie. */
  function buyer() {
    const headers = { 'x-forwarded-for': `198.51.${(clients += 1)}.7` };
    let cookie = '';
    const cookies = (): Record<string, string> => (cookie ? { [VISITOR_COOKIE]: cookie } : {});
    const post = async (url: string, fields: Record<string, string | string[]>, extra: Record<string, string> = {}) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...FORM_HEADERS, ...headers, ...extra },
        cookies: cookies(),
        payload: form(fields),
      });
      const set = res.cookies.find((c) => c.name === VISITOR_COOKIE);
      if (set) cookie = set.value;
      return res;
    };
    return {
      headers,
      get: (url: string) => t.app.inject({ url, headers, cookies: cookies() }),
      post,
      asPerson: async (url: string, fields: Record<string, string | string[]>) =>
        post(url, { ...fields, ...(await shieldFields(t.app, { headers })) }),
      call: async (action: string, fields: Record<string, string>, shield = true) =>
        post('/wp-admin/admin-ajax.php', {
          action,
          _ajax_nonce: t.app.nonces.create(NONCE_ACTIONS.ajax, ''),
          ...fields,
          ...(shield ? await shieldFields(t.app, { headers }) : {}),
        }),
    };
  }
  type Buyer = ReturnType<typeof buyer>;

  const addBusiness = (b: Buyer, title: string, extra: Record<string, string> = {}) =>
    b.asPerson('/add-business', {
      _wpnonce: formNonce(),
      title,
      subtitle: '',
      url: 'https://shop-test.example/',
      address: 'Via Roma 1, Turin',
      email: 'owner@shop-test.example',
      category,
      ...extra,
    });
  const cart = async (b: Buyer) => dataOf((await b.get(SHOP_PATHS.cart)).body, 'cart');

  const formNonceOf = async (session: string) => {
    const page = await t.app.inject({ url: SHOP_PATHS.cart, cookies: { waymark_session: session } });
    const json = /<script type="application\/json" id="waymark-page">(.*?)<\/script>/s.exec(page.body)?.[1] ?? '{}';
    return (JSON.parse(json) as PageContext).formNonce;
  };
  /** An administrator's (or another user's) decision on an order, from the orders page's form. */
  const settle = async (session: string, id: number, action: string) =>
    t.app.inject({
      method: 'POST',
      url: `${SHOP_PATHS.adminOrders}/${id}`,
      headers: FORM_HEADERS,
      cookies: { waymark_session: session },
      payload: form({ _wpnonce: await formNonceOf(session), [ORDER_ACTION_FIELD]: action }),
    });
  /** The marks of the item a listing became. */
  const itemMarks = async (title: string) => {
    const { db } = t.app.storage;
    const listing = await db
      .selectFrom('pending_listings')
      .select(['status', 'item_id'])
      .where('title', '=', title)
      .executeTakeFirstOrThrow();
    expect(listing.status).toBe('approved');
    return db
      .selectFrom('items')
      .select(['title', 'paid', 'featured'])
      .where('id', '=', listing.item_id ?? 0)
      .executeTakeFirstOrThrow();
  };

  it('leads "Add your business" into the cart with the chosen product', async () => {
    const b = buyer();
    const res = await addBusiness(b, 'Lantern Books', { [CART_FIELDS.product]: 'paid-listing' });
    expect([res.statusCode, res.headers.location]).toEqual([303, `${SHOP_PATHS.cart}?done=listing`]);
    const page = await cart(b);
    expect(page.lines).toMatchObject([
      { product: 'paid-listing', title: 'Lantern Books', quantity: 1, min: 0, max: 1 },
    ]);
    expect(page.notice).toBeNull();
    expect(page.prices.featuredOnce).toBe('€49');
    // The recurring toggle's product, with its price from the settings.
    const monthly = buyer();
    await addBusiness(monthly, 'Night Owl Café', { recurring: 'on' });
    expect((await cart(monthly)).lines).toMatchObject([{ product: 'featured-monthly', max: 12, unitPrice: '€9' }]);
    // Another visitor's cart stays empty.
    expect((await cart(buyer())).lines).toEqual([]);
  });

  it('adds an item through the shield-judged call, and refuses a listing that is not the visitor’s', async () => {
    const b = buyer();
    await addBusiness(b, 'Harbour Lights', { [CART_FIELDS.product]: 'paid-listing' });
    const [line] = (await cart(b)).lines;
    const fields = { [CART_FIELDS.product]: 'featured-once', [CART_FIELDS.listing]: String(line?.listingId) };

    const blocked = await b.call(CALLS.addToCart.action, fields, false);
    expect(blocked.json()).toMatchObject({ apbct: { blocked: true } });
    expect((await cart(b)).lines[0]?.product).toBe('paid-listing');

    const added = await b.call(CALLS.addToCart.action, fields);
    expect(added.json()).toEqual({ success: true, message: 'Added to your cart.', count: 1 });
    expect((await cart(b)).lines[0]?.product).toBe('featured-once');

    const stranger = await buyer().call(CALLS.addToCart.action, fields);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ params: { listing: 'unknown listing' } });
    const bad = await b.call(CALLS.addToCart.action, {
      [CART_FIELDS.product]: 'gold-plated',
      [CART_FIELDS.listing]: '0x1',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { params: object }).params).sort()).toEqual(
      [CART_FIELDS.product, CART_FIELDS.listing].sort(),
    );
  });

  it('changes quantities within their bounds, removes lines, and checks the calculator’s country and state', async () => {
    const b = buyer();
    await addBusiness(b, 'Month by Month', { recurring: 'on' });
    const [line] = (await cart(b)).lines;
    if (!line) throw new Error('no line');
    const update = (quantity: string) =>
      b.post(SHOP_PATHS.cart, {
        _wpnonce: formNonce(),
        [CART_FIELDS.action]: 'update',
        [cartQuantityField(line.id)]: quantity,
      });

    expect((await update('3')).statusCode).toBe(303);
    expect((await cart(b)).lines[0]).toMatchObject({ quantity: 3, total: '€27' });
    for (const wrong of ['13', 'abc', '-1', '2.5']) {
      const res = await update(wrong);
      expect(res.statusCode, wrong).toBe(400);
      expect(dataOf(res.body, 'cart').errors[cartQuantityField(line.id)]).toContain('whole number from 0 to 12');
    }
    expect((await cart(b)).lines[0]?.quantity).toBe(3);

    const calc = (country: string, state: string) =>
      b.post(SHOP_PATHS.cart, {
        _wpnonce: formNonce(),
        [CART_FIELDS.action]: 'calculate',
        [CART_FIELDS.calcCountry]: country,
        [CART_FIELDS.calcState]: state,
      });
    expect((await calc('ZZ', '')).statusCode).toBe(400);
    expect(dataOf((await calc('IT', 'Atlantis')).body, 'cart').errors[CART_FIELDS.calcState]).toBe(
      'please choose a state or region',
    );
    expect((await calc('IT', '21')).statusCode).toBe(303);
    const page = await cart(b);
    expect(page.calc).toMatchObject({ country: 'IT', value: '21' });
    expect(page.calc.regions.find((r) => r.code === '21')?.name).toBe('Piemonte');
    expect(page.shippingNote).toContain('Piemonte, Italy');
    // A country without a list of regions takes free text.
    expect((await calc('GI', 'Upper Town')).statusCode).toBe(303);
    expect((await cart(b)).calc).toMatchObject({ country: 'GI', regions: [], value: 'Upper Town' });

    expect((await update('0')).statusCode).toBe(303);
    expect((await cart(b)).lines).toEqual([]);
  });

  it('refuses expired forms, cross-site posts and unknown actions without a 500', async () => {
    const b = buyer();
    await addBusiness(b, 'Guarded Goods');
    expect((await b.post(SHOP_PATHS.cart, { [CART_FIELDS.action]: 'update' })).statusCode).toBe(403);
    expect((await b.post(SHOP_PATHS.checkout, BILLING)).statusCode).toBe(403);
    const crossSite = await b.post(
      SHOP_PATHS.checkout,
      { ...BILLING, _wpnonce: formNonce() },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.body).toContain('sent from another site');
    expect((await b.post(SHOP_PATHS.cart, { _wpnonce: formNonce(), [CART_FIELDS.action]: 'explode' })).statusCode).toBe(
      400,
    );
    expect(
      (
        await b.post(SHOP_PATHS.cart, {
          _wpnonce: formNonce(),
          [CART_FIELDS.action]: 'remove',
          [CART_FIELDS.line]: 'x',
        })
      ).statusCode,
    ).toBe(400);
    const junk = await t.app.inject({
      method: 'POST',
      url: SHOP_PATHS.checkout,
      headers: { 'content-type': 'application/json', ...b.headers },
      payload: '{"billing_country": {"$ne": 1}, "_wpnonce": [1, 2]',
    });
    expect(junk.statusCode).toBeLessThan(500);
    expect((await t.app.inject(`${SHOP_PATHS.order}/1?key=wrong`)).statusCode).toBe(404);
    expect((await t.app.inject(`${SHOP_PATHS.order}/abc`)).statusCode).toBe(404);
  });

  it('checks out with a review step, places the order, and the administrator’s payment activates the listing', async () => {
    const b = buyer();
    await addBusiness(b, 'Paid Pantry', { [CART_FIELDS.product]: 'featured-once' });
    const start = dataOf((await b.get(SHOP_PATHS.checkout)).body, 'checkout');
    expect(start.step).toBe('form');
    expect(start.states.billing.country).toBe('IT');
    expect(start.states.billing.regions.length).toBeGreaterThan(1);
    expect(start.countries.length).toBeGreaterThan(240);

    const wrong = await b.post(SHOP_PATHS.checkout, {
      ...BILLING,
      _wpnonce: formNonce(),
      [addressField('billing', 'first_name')]: '',
      [addressField('billing', 'state')]: 'Narnia',
      [CHECKOUT_FIELDS.email]: 'not an address',
      [CHECKOUT_FIELDS.paymentMethod]: 'bitcoin',
      [CHECKOUT_FIELDS.shipToDifferent]: '1',
      [addressField('shipping', 'country')]: 'IT',
    });
    expect(wrong.statusCode).toBe(400);
    const errors = dataOf(wrong.body, 'checkout').errors;
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining([
        addressField('billing', 'first_name'),
        CHECKOUT_FIELDS.email,
        CHECKOUT_FIELDS.paymentMethod,
        addressField('shipping', 'first_name'),
      ]),
    );
    const badState = await b.post(SHOP_PATHS.checkout, {
      ...BILLING,
      _wpnonce: formNonce(),
      [addressField('billing', 'state')]: 'Narnia',
    });
    expect(dataOf(badState.body, 'checkout').errors).toEqual({
      [addressField('billing', 'state')]: 'please choose a state or region',
    });

    const review = await b.post(SHOP_PATHS.checkout, {
      ...BILLING,
      _wpnonce: formNonce(),
      [CHECKOUT_FIELDS.step]: 'review',
    });
    expect(review.statusCode).toBe(200);
    const reviewed = dataOf(review.body, 'checkout');
    expect(reviewed.step).toBe('review');
    expect(reviewed.summary).toEqual({
      billing: 'Ada Lovelace, Via Roma 1, 10121 Torino, Piemonte, Italy',
      shipping: 'Same as billing',
      payment: 'Bank transfer',
    });

    const place = { ...BILLING, _wpnonce: formNonce(), [CHECKOUT_FIELDS.step]: 'place' };
    const blocked = await b.post(SHOP_PATHS.checkout, place);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.body).toContain('Submission blocked');
    expect(
      await t.app.storage.db.selectFrom('shop_orders').select('id').where('email', '=', 'ada@example.org').execute(),
    ).toEqual([]);

    const placed = await b.asPerson(SHOP_PATHS.checkout, place);
    expect(placed.statusCode).toBe(303);
    const location = String(placed.headers.location);
    expect(location).toMatch(/^\/order\/\d+\?key=[\w-]{24}$/);
    expect((await cart(b)).lines).toEqual([]);
    const order = dataOf((await t.app.inject(location)).body, 'order');
    expect(order.order).toMatchObject({ status: 'pending', total: '€49', paymentMethod: 'Bank transfer' });
    expect(order.order.lines).toMatchObject([{ product: 'featured-once', title: 'Paid Pantry', quantity: 1 }]);
    expect(order.instructions).toContain('IBAN');

    // Only administrators see and settle orders.
    expect((await t.app.inject(SHOP_PATHS.adminOrders)).statusCode).toBe(303);
    expect(
      (await t.app.inject({ url: SHOP_PATHS.adminOrders, cookies: { waymark_session: subscriber } })).statusCode,
    ).toBe(404);
    const id = order.order.id;
    expect((await settle(subscriber, id, 'paid')).statusCode).toBe(404);
    expect((await settle(admin, id, 'refund')).statusCode).toBe(400);
    const list = dataOf(
      (await t.app.inject({ url: SHOP_PATHS.adminOrders, cookies: { waymark_session: admin } })).body,
      'admin-orders',
    );
    expect(list.orders.map((o) => o.id)).toContain(id);

    const paid = await settle(admin, id, 'paid');
    expect([paid.statusCode, paid.headers.location]).toEqual([303, `${SHOP_PATHS.adminOrders}?done=paid`]);
    // A featured listing was bought: the item is featured as well as paid.
    expect(await itemMarks('Paid Pantry')).toEqual({ title: 'Paid Pantry', paid: 1, featured: 1 });
    expect((await settle(admin, id, 'paid')).headers.location).toBe(`${SHOP_PATHS.adminOrders}?done=stale`);
    expect(dataOf((await t.app.inject(location)).body, 'order').order.status).toBe('paid');
  });

  it('makes a paid listing’s item paid only and a featured one’s featured too, and the directory page says which', async () => {
    const buy = async (title: string, extra: Record<string, string>) => {
      const b = buyer();
      await addBusiness(b, title, extra);
      const placed = await b.call(CALLS.placeOrder.action, { ...BILLING, [CHECKOUT_FIELDS.step]: 'place' });
      const id = Number(/^\/order\/(\d+)\?/.exec((placed.json() as { redirect: string }).redirect)?.[1]);
      expect((await settle(admin, id, 'paid')).headers.location).toBe(`${SHOP_PATHS.adminOrders}?done=paid`);
    };
    await buy('Plain Parlour', { [CART_FIELDS.product]: 'paid-listing' });
    await buy('Monthly Mill', { recurring: 'on' });
    expect(await itemMarks('Plain Parlour')).toEqual({ title: 'Plain Parlour', paid: 1, featured: 0 });
    expect(await itemMarks('Monthly Mill')).toEqual({ title: 'Monthly Mill', paid: 1, featured: 1 });

    const { directory } = dataOf((await t.app.inject('/')).body, 'home');
    const marks = directory.items
      .map((compact) => decodeItem(compact, directory.urls, directory.tags))
      .filter((item) => item.title === 'Plain Parlour' || item.title === 'Monthly Mill')
      .map((item) => [item.title, { paid: item.paid, featured: item.featured }]);
    expect(Object.fromEntries(marks)).toEqual({
      'Plain Parlour': { paid: true, featured: false },
      'Monthly Mill': { paid: true, featured: true },
    });

    // The migration that brought the mark gives it to items bought featured before it existed.
    const { db } = t.app.storage;
    await db
      .updateTable('items')
      .set({ featured: 0 })
      .where('title', 'in', ['Plain Parlour', 'Monthly Mill'])
      .execute();
    // The app's handle, as open as the one a migration is handed.
    await markFeaturedPurchases(db as unknown as MigrationDb);
    expect(await itemMarks('Plain Parlour')).toMatchObject({ featured: 0 });
    expect(await itemMarks('Monthly Mill')).toMatchObject({ featured: 1 });
  });

  it('places an order through the checkout call, whose block answer the page shows as the block modal', async () => {
    const b = buyer();
    await addBusiness(b, 'Called Corner');
    const fields = { ...BILLING, [CHECKOUT_FIELDS.step]: 'place' };
    const blocked = await b.call(CALLS.placeOrder.action, fields, false);
    expect(blocked.json()).toMatchObject({ apbct: { blocked: true } });
    const invalid = await b.call(CALLS.placeOrder.action, { ...fields, [CHECKOUT_FIELDS.email]: '' });
    expect(invalid.statusCode).toBe(400);
    const placed = await b.call(CALLS.placeOrder.action, fields);
    expect(placed.json()).toMatchObject({ success: true, redirect: expect.stringMatching(/^\/order\/\d+\?key=/) });
    // The cart is empty now: a second order is refused, not made empty.
    const again = await b.call(CALLS.placeOrder.action, fields);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ params: { form: 'Your cart is empty.' } });
  });
});
