import {
  BOT_DETECTOR_SCRIPT_PATH,
  NONCE_ACTIONS,
  SIGNAL,
  shieldSettings,
  type ShieldSettings,
} from '@waymark/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bootstrap } from '../support/demo-site.js';
import { writeSetting } from '../../src/settings/store.js';
import { checkJsKey } from '../../src/shield/check-js.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { shieldFields } from '../support/shield-fields.js';
import { postSuggest } from './suggest-post.js';
import { webDistEnv } from '../mail/env.js';

/**
 * Issue 16, section 7: what the original page script (CleanTalk 6.68, PROTOCOL.md section 3
 * "What the original page script actually sends") sends, answered and judged fairly.
 */
describe('the original page script against Waymark', () => {
  let t: TestApp;
  let address = 0;
  const nextIp = () => `10.77.0.${(address += 1)}`;

  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      // The pages render from the built site: WEB_DIST when a build lives elsewhere.
      env: {
        SEED_DEMO: 'true',
        ADMIN_PASSWORD: 'original-script-admin',
        ...webDistEnv(),
      },
    });
  });
  afterAll(async () => t.close());
  const setSettings = async (value: Partial<ShieldSettings>) => {
    await writeSetting(t.app.storage, shieldSettings, value);
    await t.app.shield.reloadSettings();
  };
  beforeEach(async () => setSettings({}));

  const lastLog = async (formName: string) => {
    const row = await t.app.storage.db
      .selectFrom('spam_log')
      .selectAll()
      .where('form', '=', formName)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return JSON.parse(row.reasons) as string[];
  };

  it('gives the review form the usual comment-form class and an e-mail field with id "email"', async () => {
    await bootstrap(t.app.storage, t.config, () => {});
    const item = await t.app.storage.db.selectFrom('items').select('id').executeTakeFirstOrThrow();
    const page = await t.app.inject(`/items/${item.id}`);
    const formTag = /<form[^>]*class="reviews__form comment-form"[^>]*>[\s\S]*?<\/form>/.exec(page.body)?.[0] ?? '';
    expect(formTag).toMatch(/<input[^>]*type="email"[^>]*id="email"|<input[^>]*id="email"[^>]*type="email"/);
    expect(formTag).toMatch(/<label for="email">/);
  });

  it('serves its own bot-detector script, which writes the token where the original reads it', async () => {
    const res = await t.app.inject(BOT_DETECTOR_SCRIPT_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.body).toContain('"key":"bot_detector_event_token"');
    expect(res.body).toContain('"field":"ct_bot_detector_event_token"');
    expect(res.body).toContain('"url":"/wp-json/cleantalk-antispam/v1/waymark_bot_detector"');
    expect(res.body).toContain('JSON.stringify({value:t,timestamp:Date.now()})');
    // Loopback only: nothing from a third party.
    expect(res.body).not.toMatch(/https?:\/\//);
  });

  it('prints ctPublic.wc_ajax_add_to_cart beside settings__forms__wc_add_to_cart', async () => {
    for (const wcAddToCart of [true, false]) {
      await setSettings({ wcAddToCart });
      const res = await t.app.inject('/suggest');
      const pub = JSON.parse(/;var ctPublic=(\{.*?\});<\/script>/.exec(res.body)?.[1] ?? '{}') as Record<
        string,
        unknown
      >;
      expect(pub.wc_ajax_add_to_cart).toBe(wcAddToCart ? 1 : 0);
      expect(pub.settings__forms__wc_add_to_cart).toBe(wcAddToCart ? 1 : 0);
    }
  });

  it('answers a fresh-nonce call with initial_request_params "[]" with the nonce of the configured ajax type', async () => {
    for (const [ajaxType, action] of [
      ['rest', NONCE_ACTIONS.rest],
      ['admin_ajax', NONCE_ACTIONS.ajax],
    ] as const) {
      await setSettings({ ajaxType });
      const res = await t.app.inject({
        method: 'POST',
        url: '/',
        payload: form({
          spbc_remote_call_action: 'get_fresh_wpnonce',
          plugin_name: 'antispam',
          nonce_prev: '0123456789',
          initial_request_params: '[]',
        }),
        headers: FORM_HEADERS,
        remoteAddress: nextIp(),
      });
      const { wpnonce } = res.json<{ wpnonce: string }>();
      expect(t.app.nonces.verify(wpnonce, action, ''), ajaxType).toBe(true);
    }
  });

  it('treats a form’s event_token=false as a missing token, not a forged one', async () => {
    const fields = await shieldFields(t.app, { token: null });
    const res = await postSuggest(t.app, { ...fields, ct_bot_detector_event_token: 'false' }, nextIp());
    expect(res.statusCode).toBe(200);
    expect(await lastLog('suggest')).toEqual(['token_missing']);
  });

  describe('the decode call with cookies `none`', () => {
    const sealed = () => t.app.contacts.cipher.seal('+44 20 7946 0123');
    const decode = (fields: Record<string, string>, remoteAddress: string, cookies: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/wp-admin/admin-ajax.php',
        payload: form({
          action: 'apbct_decode_email',
          _ajax_nonce: t.app.nonces.create(NONCE_ACTIONS.ajax, ''),
          encodedEmails: JSON.stringify({ 0: sealed() }),
          event_token: 'false',
          ...fields,
        }),
        headers: FORM_HEADERS,
        remoteAddress,
        cookies,
      });
    const flags = JSON.stringify({
      [SIGNAL.mouseMoved]: true,
      [SIGNAL.scrolled]: true,
      [SIGNAL.cookiesType]: 'none',
      [SIGNAL.headless]: false,
      [SIGNAL.pageHits]: 2,
    });

    it('judges the interaction flags with the check-js key and pointer the page keeps in cookies', async () => {
      const now = Date.now();
      const res = await decode({ event_javascript_data: flags }, nextIp(), {
        [SIGNAL.checkJs]: checkJsKey(t.app.shield.keys, now),
        [SIGNAL.pageSet]: String(now - 7_000),
        [SIGNAL.pointer]: JSON.stringify([
          [120, 300, 400],
          [131, 322, 560],
          [150, 340, 720],
        ]),
      });
      expect(res.json<{ data: { is_allowed: boolean }[] }>().data[0]?.is_allowed).toBe(true);
      expect(await lastLog('decode')).toEqual([]);
    });

    it('refuses the flags alone, for what they are: no sign the page ran its script', async () => {
      const res = await decode({ event_javascript_data: flags }, nextIp());
      expect(res.json<{ data: { is_allowed: boolean }[] }>().data[0]?.is_allowed).toBe(false);
      expect(await lastLog('decode')).toEqual(['no_javascript']);
    });
  });
});
