import { createHash } from 'node:crypto';
import { accountsSettings, HELD_TEXT, NONCE_ACTIONS, SIGNAL } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { SESSION_COOKIE } from '../../src/plugins/session.js';
import { writeSetting } from '../../src/settings/store.js';
import { payingStepUp, stepUpPageChallenge } from '../support/step-up.js';
import { form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { startMailingTestSite, type MailingSite } from '../support/mailing-site.js';
import { shieldFields, type ShieldFieldOptions } from '../support/shield-fields.js';
import { DIALECTS } from '../support/storage.js';
import { createAccountTokens, TOKEN_LIFETIME_MS } from '../../src/accounts/tokens.js';
import { contextOf } from './page-context.js';

const PASSWORD = 'a-long-enough-passphrase';

describe.each(DIALECTS)('visitor accounts on %s', (dialect) => {
  let t: TestApp;
  let site: MailingSite;
  let clients = 0;
  const client = () => ({ 'x-forwarded-for': `192.0.${(clients += 1)}.7`, 'user-agent': 'Mozilla/5.0 test' });

  beforeAll(async () => {
    site = await startMailingTestSite(dialect);
    ({ t } = site);
  });
  afterAll(async () => site?.close());

  const post = async (
    url: string,
    fields: Record<string, string>,
    options: {
      session?: string;
      captcha?: boolean;
      shield?: ShieldFieldOptions;
      headers?: Record<string, string>;
      /** Pay a step-up's puzzle as the page does, and send the same fields again with it. */
      pay?: boolean;
    } = {},
  ) => {
    const headers = options.headers ?? client();
    // Nonces of a signed-in visitor are bound to the session row's id, the SHA-256 of the cookie.
    const nonceSession = options.session ? createHash('sha256').update(options.session).digest('hex') : '';
    let captcha: Record<string, string> = {};
    if (options.captcha) {
      // The form's own page, as this client: a captcha code is bound to its visitor and form.
      const page = await t.app.inject({ url, headers });
      const data = contextOf(page.body).data;
      const code = data.page === 'register' || data.page === 'login' ? (data.captcha?.code ?? '') : '';
      captcha = { ccaptcha: code, captcha: t.app.captchaKeys.answer(code.split('.')[0] ?? '') };
    }
    const payload = {
      _wpnonce: t.app.nonces.create(NONCE_ACTIONS.form, nonceSession),
      ...captcha,
      ...(await shieldFields(t.app, { headers, ...options.shield })),
      ...fields,
    };
    const send = (extra: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...FORM_HEADERS, ...headers },
        cookies: options.session ? { [SESSION_COOKIE]: options.session } : {},
        payload: form({ ...payload, ...extra }),
      });
    return options.pay ? (await payingStepUp(send)).res : send();
  };
  const register = (fields: Record<string, string>, captcha = true) =>
    post('/register', { name: 'Ada Visitor', email: 'ada@example.org', password: PASSWORD, ...fields }, { captcha });
  const signIn = async (email: string, password: string) => {
    const res = await post('/login', { email, password, next: '/' }, { captcha: true });
    return res.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? null;
  };
  const mails = (kind: string) =>
    t.app.storage.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', kind)
      .where('to_address', '=', 'ada@example.org')
      .orderBy('id')
      .execute();
  const linkIn = (text: string, path: string) => {
    const found = new RegExp(`https?://[^\\s]+${path}\\?token=[^\\s]+`).exec(text)?.[0];
    if (!found) throw new Error(`no ${path} link in:\n${text}`);
    return found.replace(/^https?:\/\/[^/]+/, '');
  };
  const errorsOf = (html: string) => {
    const data = contextOf(html).data as { errors?: Record<string, string> };
    return data.errors ?? {};
  };

  it('refuses a short or common password, a missing captcha and a reused one', async () => {
    await writeSetting(t.app.storage, accountsSettings, { captcha: { registration: 'always' } });
    onTestFinished(async () => void (await writeSetting(t.app.storage, accountsSettings, {})));
    expect(errorsOf((await register({ password: 'short' })).body).password).toMatch(/at least 10 characters/);
    expect(errorsOf((await register({ password: 'password123' })).body).password).toMatch(/most common/);
    expect(errorsOf((await register({}, false)).body).captcha).toMatch(/characters shown in the picture/);

    const headers = client();
    const page = await t.app.inject({ url: '/register', headers });
    const data = contextOf(page.body).data;
    const code = data.page === 'register' ? (data.captcha?.code ?? '') : '';
    const answer = t.app.captchaKeys.answer(code.split('.')[0] ?? '');
    const once = async (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/register',
        headers: { ...FORM_HEADERS, ...headers },
        payload: form({
          _wpnonce: t.app.nonces.create(NONCE_ACTIONS.form, ''),
          name: 'Reuse',
          email,
          password: PASSWORD,
          ccaptcha: code,
          captcha: answer,
          ...(await shieldFields(t.app, { headers })),
        }),
      });
    expect((await once('first@example.org')).statusCode).toBe(303);
    const again = await once('second@example.org');
    expect(again.statusCode).toBe(400);
    expect(errorsOf(again.body).captcha).toMatch(/used already/);
  });

  it('asks for the registration captcha only once the shield doubts the visitor, and never when it is off', async () => {
    const shownOn = async (res: Promise<{ body: string }>) => contextOf((await res).body).data as { captcha?: unknown };
    const doubt = { signals: { [SIGNAL.headless]: true } };
    const member = (email: string) => ({ name: 'Doubted Visitor', email, password: PASSWORD });
    await writeSetting(t.app.storage, accountsSettings, { captcha: { registration: 'when-in-doubt' } });
    try {
      expect((await shownOn(t.app.inject({ url: '/register', headers: client() }))).captcha).toBeNull();
      expect((await register({ email: 'sure@example.org' }, false)).statusCode).toBe(303);
      const who = client();
      // An automated browser pays the puzzle first (below, `pay`), and is still in doubt after it.
      const asked = await post('/register', member('doubt@example.org'), { shield: doubt, headers: who, pay: true });
      expect(asked.statusCode).toBe(400);
      expect(errorsOf(asked.body).captcha).toMatch(/characters shown in the picture/);
      // The step-up: the form comes back with a picture, and its right answer lets the visitor in.
      const { captcha } = (await shownOn(Promise.resolve(asked))) as { captcha: { code: string } | null };
      const code = captcha?.code ?? '';
      const answer = t.app.captchaKeys.answer(code.split('.')[0] ?? '');
      const fields = { ...member('doubt@example.org'), ccaptcha: code, captcha: answer };
      expect((await post('/register', fields, { shield: doubt, headers: who, pay: true })).statusCode).toBe(303);

      await writeSetting(t.app.storage, accountsSettings, { captcha: { registration: 'off' } });
      expect((await shownOn(t.app.inject({ url: '/register', headers: client() }))).captcha).toBeNull();
      expect((await post('/register', member('off@example.org'))).statusCode).toBe(303);
      // With no captcha to step up to, a doubt pays the puzzle and is refused, never passed silently.
      const asked2 = await post('/register', member('off-doubt@example.org'), { shield: doubt });
      expect(stepUpPageChallenge(asked2).maxnumber).toBeGreaterThan(0);
      const held = await post('/register', member('off-doubt@example.org'), { shield: doubt, pay: true });
      expect(held.body).toContain(HELD_TEXT);
      expect(
        await t.app.storage.db.selectFrom('users').where('email', '=', 'off-doubt@example.org').select('id').execute(),
      ).toEqual([]);
    } finally {
      await writeSetting(t.app.storage, accountsSettings, {});
    }
  });

  it('registers, signs the member in, and mails a confirmation link that works once', async () => {
    // Issue 27: registering did not sign the newcomer in, who met a second form a minute later.
    const res = await register({});
    expect([res.statusCode, res.headers.location]).toEqual([303, '/account?welcome=1']);
    const welcome = await t.app.inject({
      url: '/account?welcome=1',
      cookies: { [SESSION_COOKIE]: res.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '' },
    });
    expect(contextOf(welcome.body).data).toMatchObject({
      page: 'account',
      email: 'ada@example.org',
      message: expect.stringMatching(/^Welcome: you are signed in\. We sent a message to ada@example\.org/),
    });
    const [mail] = await mails('verify-email');
    expect(mail).toMatchObject({ to_address: 'ada@example.org', reply_to: null });
    const link = linkIn(mail!.text_body, '/account/verify');

    // An unconfirmed member can sign in, but not write to owners yet.
    const session = await signIn('ada@example.org', PASSWORD);
    expect(session).not.toBeNull();
    const user = await t.app.storage.db
      .selectFrom('users')
      .select(['verified_at', 'role'])
      .where('email', '=', 'ada@example.org')
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ verified_at: null, role: 'subscriber' });

    expect((await t.app.inject({ url: link })).statusCode).toBe(200);
    expect(
      (
        await t.app.storage.db
          .selectFrom('users')
          .select('verified_at')
          .where('email', '=', 'ada@example.org')
          .executeTakeFirstOrThrow()
      ).verified_at,
    ).not.toBeNull();
    const twice = await t.app.inject({ url: link });
    expect(twice.statusCode).toBe(400);
    const forged = await t.app.inject({ url: `${link.slice(0, -4)}AAAA` });
    expect(forged.statusCode).toBe(400);
  });

  it('answers a second registration of the address like the first, and mails its owner instead', async () => {
    const res = await register({ name: 'Eve' });
    expect(contextOf(res.body).data).toMatchObject({ done: expect.stringContaining('ada@example.org') });
    expect(await mails('verify-email')).toHaveLength(1);
    expect(await mails('already-registered')).toHaveLength(1);
  });

  it('resets a forgotten password through a single-use link that ends every session', async () => {
    const old = await signIn('ada@example.org', PASSWORD);
    const asked = await post('/account/forgot', { email: 'ada@example.org' });
    expect(contextOf(asked.body).data).toMatchObject({
      page: 'forgot-password',
      done: expect.stringContaining('If an account'),
    });
    // Nobody learns which addresses have accounts.
    const unknown = await post('/account/forgot', { email: 'nobody@example.org' });
    expect(contextOf(unknown.body).data).toMatchObject({ done: (contextOf(asked.body).data as { done: string }).done });
    const [mail] = await mails('reset-password');
    const link = linkIn(mail!.text_body, '/account/reset');
    const token = new URL(`http://x${link}`).searchParams.get('token') ?? '';
    expect((await t.app.inject({ url: link })).statusCode).toBe(200);

    const weak = await post('/account/reset', { token, password: 'qwerty123' });
    expect(errorsOf(weak.body).password).toMatch(/at least 10|most common/);
    const done = await post('/account/reset', { token, password: 'a-brand-new-passphrase' });
    expect(done.statusCode).toBe(200);
    expect(contextOf(done.body).data).toMatchObject({ page: 'account-notice' });
    expect((await post('/account/reset', { token, password: 'yet-another-passphrase' })).statusCode).toBe(400);

    expect((await t.app.inject({ url: '/account', cookies: { [SESSION_COOKIE]: old ?? '' } })).statusCode).toBe(303);
    expect(await signIn('ada@example.org', PASSWORD)).toBeNull();
    expect(await signIn('ada@example.org', 'a-brand-new-passphrase')).not.toBeNull();
  });

  it('refuses a reset or confirmation link whose time ran out', async () => {
    const tokens = createAccountTokens(t.app.serverSecret);
    const account = await t.app.storage.db
      .selectFrom('users')
      .select(['id', 'email', 'password_hash'])
      .where('email', '=', 'ada@example.org')
      .executeTakeFirstOrThrow();
    const lapsed = (purpose: 'reset' | 'verify', binding: string) =>
      tokens.make(purpose, account.id, binding, Date.now() - TOKEN_LIFETIME_MS[purpose] - 1_000);
    const fresh = tokens.make('reset', account.id, account.password_hash);
    expect((await t.app.inject({ url: `/account/reset?token=${fresh}` })).statusCode).toBe(200);
    const expired = await t.app.inject({ url: `/account/reset?token=${lapsed('reset', account.password_hash)}` });
    expect(expired.statusCode).toBe(400);
    expect(contextOf(expired.body).data).toMatchObject({ page: 'account-notice' });
    const late = await post('/account/reset', {
      token: lapsed('reset', account.password_hash),
      password: 'x'.repeat(20),
    });
    expect(late.statusCode).toBe(400);
    // Ada's address is confirmed already, so the confirmation link's clock is read directly.
    expect(tokens.check('verify', tokens.make('verify', account.id, account.email), account.email)).toBe(true);
    expect(tokens.check('verify', lapsed('verify', account.email), account.email)).toBe(false);
  });

  it('changes the password on the account page and deletes the account with its bookmarks and sessions', async () => {
    const session = (await signIn('ada@example.org', 'a-brand-new-passphrase'))!;
    const page = await t.app.inject({ url: '/account', cookies: { [SESSION_COOKIE]: session } });
    expect(contextOf(page.body).data).toMatchObject({ page: 'account', email: 'ada@example.org', verified: true });

    const wrong = await post(
      '/account/password',
      { current: 'not-it-at-all', password: 'the-third-passphrase' },
      { session },
    );
    expect(errorsOf(wrong.body).current).toBe('The password is not correct.');
    const changed = await post(
      '/account/password',
      { current: 'a-brand-new-passphrase', password: 'the-third-passphrase' },
      { session },
    );
    expect(contextOf(changed.body).data).toMatchObject({ message: 'Your password is changed.' });

    const { id } = await t.app.storage.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'ada@example.org')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const item = await t.app.storage.db.selectFrom('items').select('id').executeTakeFirstOrThrow();
    await t.app.storage.db.insertInto('bookmarks').values({ user_id: id, item_id: item.id, created_at: now }).execute();

    const wrongDelete = await post('/account/delete', { confirm: 'nope' }, { session });
    expect(errorsOf(wrongDelete.body).confirm).toBe('The password is not correct.');
    const deleted = await post('/account/delete', { confirm: 'the-third-passphrase' }, { session });
    expect(deleted.statusCode).toBe(200);
    expect(await t.app.storage.db.selectFrom('users').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(
      await t.app.storage.db.selectFrom('bookmarks').select('item_id').where('user_id', '=', id).execute(),
    ).toEqual([]);
    expect(await t.app.storage.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute()).toEqual([]);
  });
});
