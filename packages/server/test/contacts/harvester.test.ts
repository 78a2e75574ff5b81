import { NONCE_ACTIONS } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../../src/bootstrap.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { DIALECTS } from '../support/storage.js';

/** The usual patterns of an address harvester: e-mail addresses and phone numbers. */
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const PHONE = /(?:\+|\b0)\d[\d\s().-]{6,}\d/;
/**
 * Sealed strings are opaque; the harvester may see them, as it sees the rest of the page. So are
 * nonces: ten hex characters (PROTOCOL.md section 1) that now and then are all digits.
 */
const withoutSealed = (text: string) =>
  text
    .replace(/data-original-string=\\?"[^"\\]*\\?"/g, '')
    .replace(/(nonce\\?"\s*[:=]\s*\\?"|nonce" value=")[0-9a-f]{10}"/gi, '$1"');

function harvest(text: string): string[] {
  const clean = withoutSealed(text);
  return [EMAIL, PHONE].flatMap((re) => clean.match(new RegExp(re, 'g')) ?? []);
}

/**
 * Issue 4, "done when": a harvester that fetches every page and JSON answer of the seeded site
 * over plain HTTP and searches them with the usual e-mail and phone patterns finds nothing.
 */
describe.each(DIALECTS)('a harvester on %s', (dialect) => {
  let t: TestApp;
  let itemIds: number[];

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { SEED_DEMO: 'true', ADMIN_PASSWORD: 'harvest-admin-pass' } });
    await bootstrap(t.app.storage, t.config, () => {});
    itemIds = (await t.app.storage.db.selectFrom('items').select('id').execute()).map((r) => r.id);
  });
  afterAll(async () => t.close());

  it('the seed really has contacts to hide', async () => {
    const rows = await t.app.storage.db.selectFrom('items').select(['phone', 'description', 'owner_email']).execute();
    expect(rows.every((r) => PHONE.test(r.phone) && EMAIL.test(r.owner_email))).toBe(true);
    expect(rows.filter((r) => EMAIL.test(r.description)).length).toBeGreaterThan(10);
    const reviews = await t.app.storage.db.selectFrom('reviews').select('body').execute();
    expect(reviews.filter((r) => EMAIL.test(r.body) || PHONE.test(r.body)).length).toBeGreaterThan(5);
  });

  it('finds no contact in any page', async () => {
    for (const url of [
      '/',
      '/categories',
      '/add-business',
      '/login',
      '/suggest',
      '/gallery',
      '/gallery/frame',
      '/no/such/page',
      '/items/999999',
      // Every item's own page, with its reviews.
      ...itemIds.map((id) => `/items/${id}`),
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(harvest(res.body), url).toEqual([]);
    }
    // Renders every page of the seed: slow on a loaded machine, and no timing is asserted.
  }, 120_000);

  it('finds no contact in any item popup, with every option on', async () => {
    for (const id of itemIds) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wp-admin/admin-ajax.php',
        payload: form({
          action: 'qcpd_load_long_description',
          post_id: String(id),
          upvote: 'on',
          popup_map: 'true',
          mailto: 'true',
        }),
        headers: FORM_HEADERS,
      });
      expect(res.statusCode).toBe(200);
      expect(harvest(res.body), `item ${id}`).toEqual([]);
    }
  });

  it('finds no contact in the answers of the other calls', async () => {
    const ajaxNonce = t.app.nonces.create(NONCE_ACTIONS.ajax, '');
    const directoryNonce = t.app.nonces.create(NONCE_ACTIONS.directory, '');
    const answers = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/wp-admin/admin-ajax.php',
        payload: form({ action: 'qcpd_upvote_action', post_id: String(itemIds[0]), security: directoryNonce }),
        headers: FORM_HEADERS,
      }),
      t.app.inject({
        method: 'POST',
        url: '/wp-admin/admin-ajax.php',
        payload: form({ action: 'apbct_get_pixel_url', _ajax_nonce: ajaxNonce }),
        headers: FORM_HEADERS,
      }),
    ]);
    for (const res of answers) expect(harvest(res.body)).toEqual([]);
  });

  it('shows the contacts in clear to a signed-in user', async () => {
    const page = await t.app.inject('/login');
    const nonce = /name="_wpnonce" value="([0-9a-f]{10})"/.exec(page.body)?.[1] ?? '';
    const { shieldFields } = await import('../support/shield-fields.js');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/login',
      payload: form({
        email: 'admin@waymark.test',
        password: 'harvest-admin-pass',
        _wpnonce: nonce,
        ...(await shieldFields(t.app)),
      }),
      headers: FORM_HEADERS,
    });
    const token = /waymark_session=([^;]+)/.exec(String(signIn.headers['set-cookie']))?.[1] ?? '';
    expect(token).not.toBe('');
    const home = await t.app.inject({ url: '/', cookies: { waymark_session: token } });
    expect(harvest(home.body).length).toBeGreaterThan(100);
  });
});
