import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  NONCE_ACTIONS,
  PIXEL_PATH,
  SHIELD_SCRIPT_PATH,
  SIGNAL,
  shieldSettings,
  type ShieldSettings,
} from '@waymark/protocol';
import { ensureAdministrator } from '../../src/auth/administrator.js';
import { writeSetting } from '../../src/settings/store.js';
import { verifyCheckJs } from '../../src/shield/check-js.js';
import { purgeShieldData } from '../../src/shield/spam-log.js';
import { createTestApp, form, FORM_HEADERS, multipart, type TestApp } from '../support/app.js';
import { fetchEventToken, shieldFields } from '../support/shield-fields.js';
import { DIALECTS } from '../support/storage.js';
import { loginCaptcha } from '../auth/login-captcha.js';

const ADMIN = { email: 'admin@waymark.test', password: 'shield-admin-password' };
const PLACE = {
  name: 'Corner Bakery',
  address: '12 Main Street',
  website: 'https://bakery.example',
  email: '',
  note: '',
};

describe.each(DIALECTS)('spam shield on %s', (dialect) => {
  let t: TestApp;
  let ajaxNonce: string;
  let restNonce: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { TRUST_PROXY: 'true' } });
    await ensureAdministrator(t.app.storage, ADMIN);
    ajaxNonce = t.app.nonces.create(NONCE_ACTIONS.ajax, '');
    restNonce = t.app.nonces.create(NONCE_ACTIONS.rest, '');
  });
  afterAll(async () => t.close());

  const setSettings = async (value: Partial<ShieldSettings>) => {
    await writeSetting(t.app.storage, shieldSettings, value);
    await t.app.shield.reloadSettings();
  };
  beforeEach(async () => setSettings({}));

  /** Each test's own client address, so rate limits and tokens of one test do not touch another. */
  let clients = 0;
  const client = () => ({ 'x-forwarded-for': `198.51.${(clients += 1)}.7` });

  const suggest = (fields: Record<string, string>, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/wp-admin/admin-ajax.php',
      payload: form({ action: 'waymark_suggest_item', _ajax_nonce: ajaxNonce, no_cache: '0.5', ...PLACE, ...fields }),
      headers: { ...FORM_HEADERS, ...headers },
    });

  /** The administrator's sign-in form, posted with the given shield fields. */
  const signIn = async (fields: Record<string, string>, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { ...FORM_HEADERS, ...headers },
      payload: form({
        _wpnonce: t.app.nonces.create(NONCE_ACTIONS.form, ''),
        email: ADMIN.email,
        password: ADMIN.password,
        ...(await loginCaptcha(t.app, { headers })),
        ...fields,
      }),
    });

  const lastLog = async () => {
    const row = await t.app.storage.db
      .selectFrom('spam_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return { ...row, reasons: JSON.parse(row.reasons) as string[], details: JSON.parse(row.details) as object };
  };

  describe('page configuration', () => {
    it('prints the settings, working nonces and a check-js key that verifies', async () => {
      await setSettings({ cookieType: 'alternative', ajaxType: 'admin_ajax', searchTest: true, pixel: 2 });
      const res = await t.app.inject('/suggest');
      const fns = JSON.parse(/var ctPublicFunctions=(\{.*?\});var ctPublic=/.exec(res.body)?.[1] ?? '{}');
      const pub = JSON.parse(/;var ctPublic=(\{.*?\});<\/script>/.exec(res.body)?.[1] ?? '{}');
      expect(fns).toMatchObject({ data__cookies_type: 'alternative', data__ajax_type: 'admin_ajax' });
      expect(pub).toMatchObject({ settings__forms__search_test: 1, pixel__setting: 2, pixel__enabled: true });
      expect(verifyCheckJs(t.app.shield.keys, pub.ct_checkjs_key)).toBe(true);
      expect(verifyCheckJs(t.app.shield.keys, '0123456789abcdef')).toBe(false);
      expect(t.app.nonces.verify(fns._ajax_nonce, NONCE_ACTIONS.ajax, '')).toBe(true);
    });

    it('prints no pixel with setting 3 and the bot detector on', async () => {
      const res = await t.app.inject('/');
      expect(res.body).toContain('"pixel__setting":3,"pixel__enabled":false');
    });

    it('renders the honeypot in the protected forms with a signed page stamp', async () => {
      for (const url of ['/suggest', '/login']) {
        const res = await t.app.inject(url);
        expect(res.body).toMatch(/<label for="alt_s">/);
        expect(res.body).toMatch(/<input type="text" id="alt_s"[^>]*name="alt_s"/);
        expect(res.body).toMatch(/name="wm_form_key" value="[0-9a-z]+\.[\w-]{8}\.[\w-]{20}"/);
        expect(res.body).not.toContain('Act as Spam Bot');
      }
    });
  });

  describe('bot detector', () => {
    it('issues a 64-hex token bound to the visitor', async () => {
      const headers = client();
      const token = await fetchEventToken(t.app, headers);
      expect(token).toMatch(/^[0-9a-f]{64}$/);
      const other = await fetchEventToken(t.app, headers);
      expect(other).not.toBe(token);
    });
  });

  describe('alt sessions', () => {
    const save = (cookies: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/wp-json/cleantalk-antispam/v1/alt_sessions',
        headers: { 'x-wp-nonce': restNonce, ...FORM_HEADERS, ...headers },
        payload: form({ cookies }),
      });

    it('keeps only the known names, each coerced to its type, keyed by a hash of the client', async () => {
      const headers = { ...client(), 'user-agent': 'Test/1', 'accept-language': 'en' };
      const res = await save(
        JSON.stringify({
          [SIGNAL.pageHits]: '3',
          [SIGNAL.mouseMoved]: 'true',
          [SIGNAL.screen]: '{"fullWidth":1280}',
          [SIGNAL.siteReferer]: 'javascript:alert(1)',
          unknown_name: 'dropped',
        }),
        headers,
      );
      expect(res.json()).toEqual({ success: true });
      const rows = await t.app.storage.db.selectFrom('alt_sessions').selectAll().execute();
      const mine = rows.filter((row) => row.id === rows.at(-1)?.id);
      expect(Object.fromEntries(mine.map((r) => [r.name, JSON.parse(r.value)]))).toEqual({
        [SIGNAL.pageHits]: 3,
        [SIGNAL.mouseMoved]: true,
        [SIGNAL.screen]: { fullWidth: 1280 },
      });
      expect(mine[0]?.id).toMatch(/^[0-9a-f]{64}$/);
      expect(mine[0]?.id).not.toContain('198.51.100');
      const life = Date.parse(mine[0]?.expires_at ?? '') - Date.now();
      expect(life).toBeGreaterThan(86_000_000);
      expect(life).toBeLessThanOrEqual(86_400_000);
    });

    it('accepts pairs and says so when nothing usable was sent', async () => {
      expect((await save(JSON.stringify([[SIGNAL.keyUp, true]]), client())).json()).toEqual({ success: true });
      expect((await save('{}', client())).json()).toEqual({
        success: false,
        error: 'AltSessions: No cookies data provided.',
      });
    });

    it('lets the verdict read signals saved through the alt session', async () => {
      await setSettings({ cookieType: 'alternative' });
      const headers = { ...client(), 'user-agent': 'Alt/1' };
      const now = Date.now();
      const fields = await shieldFields(t.app, { headers });
      // The alternative mode sends no no-cookie field: the signals are on the server already.
      const { ct_no_cookie_hidden_field: _dropped, ...posted } = fields;
      const signals = JSON.parse(
        Buffer.from((_dropped ?? '').replace('_ct_no_cookie_data_', ''), 'base64').toString(),
      ) as Record<string, unknown>;
      await save(JSON.stringify({ ...signals, [SIGNAL.submitTimestamp]: now }), headers);
      const res = await suggest(posted, headers);
      expect(res.json()).toMatchObject({ success: true });
    });
  });

  describe('pixel', () => {
    it("answers its own route's URL in the site's scheme, as text over ajax and as a JSON string over REST", async () => {
      const ajax = await t.app.inject({
        method: 'POST',
        url: '/wp-admin/admin-ajax.php',
        headers: FORM_HEADERS,
        payload: form({ action: 'apbct_get_pixel_url', _ajax_nonce: ajaxNonce }),
      });
      expect(ajax.headers['content-type']).toMatch(/^text\/plain/);
      // A plain-http install: an https pixel would point at nothing.
      expect(ajax.body).toBe(`http://localhost:80${PIXEL_PATH}`);
      const rest = await t.app.inject({
        method: 'POST',
        url: '/wp-json/cleantalk-antispam/v1/apbct_get_pixel_url',
        headers: { 'x-wp-nonce': restNonce, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'dir.example' },
      });
      // Behind a trusted proxy that speaks https.
      expect(rest.json()).toBe(`https://dir.example${PIXEL_PATH}`);
    });

    it('prints the server-drawn pixel in the page configuration and the page in the same scheme', async () => {
      await setSettings({ pixel: 1 });
      const page = await t.app.inject({ url: '/suggest', headers: { host: 'dir.example:8080' } });
      expect(page.body).toContain(`"pixel__url":"http://dir.example:8080${PIXEL_PATH}"`);
      expect(page.body).toContain(`src="http://dir.example:8080${PIXEL_PATH}"`);
    });

    it('records a hit per client, at most once an hour', async () => {
      const count = async () =>
        Number(
          (
            await t.app.storage.db
              .selectFrom('shield_pixel_hits')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const headers = client();
      for (let i = 0; i < 3; i += 1) {
        const res = await t.app.inject({ url: PIXEL_PATH, headers });
        expect(res.headers['content-type']).toBe('image/gif');
      }
      expect(await count()).toBe(before + 1);
    });
  });

  describe('verdicts', () => {
    it('lets a person through and keeps the suggestion as new', async () => {
      const headers = client();
      const res = await suggest(await shieldFields(t.app, { headers }), headers);
      expect(res.json()).toEqual({
        success: true,
        message: 'Thank you! Your suggestion was received and will be reviewed.',
      });
      const row = await t.app.storage.db
        .selectFrom('suggestions')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: PLACE.name, address: PLACE.address, status: 'new' });
      const log = await lastLog();
      expect(log).toMatchObject({ form: 'suggest', allowed: 1, reasons: [] });
      expect(log.client_hash).toMatch(/^[0-9a-f]{32}$/);
      expect(JSON.stringify(log)).not.toContain('198.51.100');
    });

    it('takes multipart bodies as a browser FormData sends them', async () => {
      const headers = client();
      const body = multipart({
        action: 'waymark_suggest_item',
        _ajax_nonce: ajaxNonce,
        ...PLACE,
        ...(await shieldFields(t.app, { headers })),
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/wp-admin/admin-ajax.php',
        payload: body.payload,
        headers: { ...body.headers, ...headers },
      });
      expect(res.json()).toMatchObject({ success: true });
    });

    const blocked = {
      apbct: { blocked: true, comment: shieldSettings.schema.parse({}).blockMessage, stop_script: 0 },
    };

    it.each([
      ['the decoy filled', { alt_s: 'http://spam.example' }, {}, 'honeypot_filled'],
      ['a forged honeypot value', { wm_form_key: 'abc.000000000000.00000000000000000000' }, {}, 'honeypot_forged'],
      ['a token made for another visitor', { ct_bot_detector_event_token: 'a'.repeat(64) }, {}, 'token_invalid'],
      [
        'a wrong check-js key from an automated browser',
        {},
        { signals: { [SIGNAL.checkJs]: '0000000000000000', [SIGNAL.headless]: true } },
        'checkjs_invalid',
      ],
      ['a post within a second', {}, { ageMs: 400 }, 'too_fast'],
    ])('blocks %s with the block answer', async (_name, extra, options, reason) => {
      const headers = client();
      const res = await suggest({ ...(await shieldFields(t.app, { headers, ...options })), ...extra }, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(blocked);
      expect((await lastLog()).reasons).toContain(reason);
    });

    it('blocks a post without the honeypot fields', async () => {
      const headers = client();
      const { alt_s: _a, wm_form_key: _k, ...fields } = await shieldFields(t.app, { headers });
      expect((await suggest(fields, headers)).json()).toEqual(blocked);
      expect((await lastLog()).reasons).toContain('honeypot_missing');
    });

    it('blocks a reused token', async () => {
      const headers = client();
      const fields = await shieldFields(t.app, { headers });
      expect((await suggest(fields, headers)).json()).toMatchObject({ success: true });
      expect((await suggest(fields, headers)).json()).toEqual(blocked);
      expect((await lastLog()).reasons).toEqual(['token_replayed']);
    });

    it('blocks a post that ran no script: no check-js key, token or signals', async () => {
      const headers = client();
      const {
        ct_no_cookie_hidden_field: _n,
        apbct_visible_fields: _v,
        ...fields
      } = await shieldFields(t.app, {
        headers,
        token: null,
      });
      expect((await suggest(fields, headers)).json()).toEqual(blocked);
      expect((await lastLog()).reasons).toEqual(['no_javascript']);
    });

    it('measures page-set to submit on the shorter clock: a page cannot make itself look slower', async () => {
      const headers = client();
      const now = Date.now();
      // The page claims 60 s, the server stamped the page 300 ms ago.
      const fields = await shieldFields(t.app, {
        headers,
        ageMs: 300,
        signals: { [SIGNAL.pageSet]: now - 60_000, [SIGNAL.submitTimestamp]: now },
      });
      expect((await suggest(fields, headers)).json()).toEqual(blocked);
      const log = await lastLog();
      expect(log.reasons).toContain('too_fast');
      expect(log.details).toMatchObject({ clientElapsedMs: 60_000 });
    });

    it('lets keyboard-only, paste-only and touch-only people through', async () => {
      const keyboard = {
        [SIGNAL.pointer]: [],
        [SIGNAL.mouseMoved]: false,
      };
      const paste = {
        ...keyboard,
        [SIGNAL.keyUp]: false,
        [SIGNAL.firstKeyPress]: 0,
        [SIGNAL.typing]: { name: { countOfKey: 0, isUseBuffer: true, isAutoFill: false, speedDelta: 0 } },
      };
      const touch = {
        ...paste,
        [SIGNAL.typing]: {},
        [SIGNAL.inputFocused]: true,
        [SIGNAL.scrolled]: true,
        [SIGNAL.firstKeyPress]: Date.now() - 5_000,
      };
      for (const signals of [keyboard, paste, touch]) {
        const headers = client();
        const res = await suggest(await shieldFields(t.app, { headers, signals }), headers);
        expect(res.json()).toMatchObject({ success: true });
      }
    });

    it('weighs soft signs together: quick, automated and without any interaction is blocked', async () => {
      const headers = client();
      const signals = {
        [SIGNAL.pointer]: [],
        [SIGNAL.mouseMoved]: false,
        [SIGNAL.inputFocused]: false,
        [SIGNAL.keyUp]: false,
        [SIGNAL.firstKeyPress]: 0,
        [SIGNAL.typing]: {},
        [SIGNAL.headless]: true,
      };
      const res = await suggest(await shieldFields(t.app, { headers, signals, ageMs: 2_000 }), headers);
      expect(res.json()).toEqual(blocked);
      expect((await lastLog()).reasons).toEqual(['no_interaction', 'headless', 'quick']);
    });

    it('blocks keys faster than a person types', async () => {
      const headers = client();
      const signals = { [SIGNAL.typing]: { note: { countOfKey: 40, speedDelta: 2 } }, [SIGNAL.headless]: true };
      const res = await suggest(await shieldFields(t.app, { headers, signals, token: null }), headers);
      expect(res.json()).toEqual(blocked);
      expect((await lastLog()).reasons).toEqual(['token_missing', 'headless', 'robotic_typing']);
    });

    it('applies the block lists', async () => {
      await setSettings({
        blockedIpRanges: ['203.0.113.0/24'],
        blockedEmailDomains: ['spam.example'],
        blockedWords: ['casino'],
      });
      const cases: [Record<string, string>, Record<string, string>, string][] = [
        [{ 'x-forwarded-for': '203.0.113.9' }, {}, 'blocked_ip'],
        [client(), { email: 'owner@mail.spam.example' }, 'blocked_email_domain'],
        [client(), { note: 'Best Casino in town' }, 'blocked_word'],
      ];
      for (const [headers, extra, reason] of cases) {
        const res = await suggest({ ...(await shieldFields(t.app, { headers })), ...extra }, headers);
        expect(res.json()).toEqual(blocked);
        expect((await lastLog()).reasons).toEqual([reason]);
      }
      const fine = client();
      const res = await suggest({ ...(await shieldFields(t.app, { headers: fine })), note: 'A classic bakery' }, fine);
      expect(res.json()).toMatchObject({ success: true });
    });

    it('limits submissions per address and per network (/24), each in a sliding minute', async () => {
      await setSettings({ maxSubmissionsPerMinute: 2 });
      // A network of its own: the other tests' clients share 198.51.100.0/24.
      const headers = { 'x-forwarded-for': '192.0.2.7' };
      const answers = [];
      for (let i = 0; i < 3; i += 1)
        answers.push((await suggest(await shieldFields(t.app, { headers }), headers)).json());
      expect(answers.slice(0, 2)).toEqual([
        expect.objectContaining({ success: true }),
        expect.objectContaining({ success: true }),
      ]);
      expect(answers[2]).toEqual(blocked);
      expect((await lastLog()).reasons).toEqual(['rate_limited']);
      // Neighbours in the same /24 share the network's allowance: five addresses' worth.
      const neighbours = [];
      for (let i = 0; i < 8; i += 1) {
        const neighbour = { 'x-forwarded-for': `192.0.2.${20 + i}` };
        neighbours.push((await suggest(await shieldFields(t.app, { headers: neighbour }), neighbour)).json());
      }
      expect(neighbours.filter((answer) => JSON.stringify(answer) === JSON.stringify(blocked))).toHaveLength(1);
      expect((await lastLog()).reasons).toEqual(['rate_limited']);
    });
  });

  describe('classic posts', () => {
    it('answers a blocked classic post with a page that shows the message', async () => {
      const page = await t.app.inject('/suggest');
      const nonce = /name="_wpnonce" value="([0-9a-f]{10})"/.exec(page.body)?.[1] ?? '';
      const honeypot = /name="wm_form_key" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
      const res = await t.app.inject({
        method: 'POST',
        url: '/suggest',
        headers: { ...FORM_HEADERS, ...client() },
        payload: form({ _wpnonce: nonce, ...PLACE, alt_s: '', wm_form_key: honeypot }),
      });
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('Submission blocked');
      expect(res.body).toContain('Your submission looks automated');
      expect((await lastLog()).reasons).toEqual(expect.arrayContaining(['no_javascript', 'too_fast']));
    });

    it('keeps a suggestion posted by a person without the request layer', async () => {
      const headers = client();
      const page = await t.app.inject('/suggest');
      const nonce = /name="_wpnonce" value="([0-9a-f]{10})"/.exec(page.body)?.[1] ?? '';
      const res = await t.app.inject({
        method: 'POST',
        url: '/suggest',
        headers: { ...FORM_HEADERS, ...headers },
        payload: form({ _wpnonce: nonce, ...PLACE, ...(await shieldFields(t.app, { headers })) }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Thank you! Your suggestion was received');
    });

    it('protects sign-in, but lets a password manager that submits at once through', async () => {
      const headers = client();
      const bot = await signIn({ ...(await shieldFields(t.app, { headers })), alt_s: 'filled' }, headers);
      expect([bot.statusCode, bot.body.includes('Submission blocked')]).toEqual([403, true]);
      const autofill = {
        [SIGNAL.pointer]: [],
        [SIGNAL.mouseMoved]: false,
        [SIGNAL.keyUp]: true,
        [SIGNAL.typing]: { email: { isAutoFill: true, countOfKey: 0, speedDelta: 0 } },
      };
      const person = await signIn(
        await shieldFields(t.app, { headers, ageMs: 1_500, signals: autofill, token: null }),
        headers,
      );
      expect(person.statusCode).toBe(303);
      expect((await lastLog()).reasons).toEqual(['token_missing', 'quick']);
    });
  });

  describe('spam log', () => {
    it('is shown to administrators only, with every verdict and its reasons', async () => {
      const anonymous = await t.app.inject('/admin/spam-log');
      expect(anonymous.statusCode).toBe(303);
      const headers = client();
      const signedIn = await signIn(await shieldFields(t.app, { headers }), headers);
      const session = /waymark_session=([^;]+)/.exec(String(signedIn.headers['set-cookie']))?.[1] ?? '';
      const page = await t.app.inject({ url: '/admin/spam-log', cookies: { waymark_session: session } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Spam log');
      expect(page.body).toContain('honeypot_filled');
      expect(page.body).toContain('The decoy field alt_s was filled in.');
      // Administrators also see the honeypot test block in protected forms; visitors do not.
      const suggestPage = await t.app.inject({ url: '/suggest', cookies: { waymark_session: session } });
      expect(suggestPage.body).toContain('Act as Spam Bot');
    });

    it('forgets verdicts after the retention', async () => {
      await t.app.storage.db
        .updateTable('spam_log')
        .set({ created_at: new Date(Date.now() - 31 * 86_400_000).toISOString() })
        .where('form', '=', 'sign-in')
        .execute();
      await purgeShieldData(t.app.storage, 30);
      const forms = await t.app.storage.db.selectFrom('spam_log').select('form').distinct().execute();
      expect(forms.map((f) => f.form)).toEqual(['suggest']);
    });
  });

  it('serves the standalone page script at its stable address', async () => {
    const res = await t.app.inject(SHIELD_SCRIPT_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.body).toContain('ct_no_cookie_hidden_field');
  });
});
