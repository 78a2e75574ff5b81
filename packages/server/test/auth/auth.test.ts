import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NONCE_ACTIONS } from '@waymark/protocol';
import { ensureAdministrator } from '../../src/auth/administrator.js';
import { verifyPassword } from '../../src/auth/passwords.js';
import { safeNext } from '../../src/auth/routes.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { shieldFields } from '../support/shield-fields.js';
import { DIALECTS } from '../support/storage.js';
import { loginCaptcha } from './login-captcha.js';

const EMAIL = 'admin@waymark.test';
const PASSWORD = 'the-admin-password';

describe.each(DIALECTS)('signing in on %s', (dialect) => {
  let t: TestApp;
  let nonce: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { TRUST_PROXY: 'true' } });
    await ensureAdministrator(t.app.storage, { email: EMAIL, password: PASSWORD });
    nonce = t.app.nonces.create(NONCE_ACTIONS.form, '');
  });
  afterAll(async () => t.close());

  const login = async (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/login',
      payload: form({
        _wpnonce: nonce,
        ...(await loginCaptcha(t.app, { headers })),
        ...(await shieldFields(t.app, { headers })),
        ...fields,
      }),
      headers: { ...FORM_HEADERS, ...headers },
    });

  it('shows the sign-in form', async () => {
    const res = await t.app.inject('/login');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('name="password"');
  });

  it('refuses a wrong password or an unknown address with the same message', async () => {
    for (const fields of [
      { email: EMAIL, password: 'wrong' },
      { email: 'nobody@waymark.test', password: PASSWORD },
    ]) {
      const res = await login(fields);
      expect(res.statusCode).toBe(401);
      expect(res.body).toContain('The e-mail address or password is incorrect.');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a form without a good nonce', async () => {
    const res = await login({ email: EMAIL, password: PASSWORD, _wpnonce: '0000000000' });
    expect(res.statusCode).toBe(403);
  });

  it('signs in with a session cookie that scripts cannot read, and out again', async () => {
    const res = await login({ email: EMAIL.toUpperCase(), password: PASSWORD, next: '/somewhere' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/somewhere');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^waymark_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    const token = /waymark_session=([^;]+)/.exec(cookie)?.[1] ?? '';

    const home = await t.app.inject({ url: '/', cookies: { waymark_session: token } });
    expect(home.body).toContain('Signed in as');
    const sessionNonce = /name="_wpnonce" value="([0-9a-f]{10})"/.exec(home.body)?.[1] ?? '';

    const out = await t.app.inject({
      method: 'POST',
      url: '/logout',
      payload: form({ _wpnonce: sessionNonce }),
      headers: FORM_HEADERS,
      cookies: { waymark_session: token },
    });
    expect(out.statusCode).toBe(303);
    expect(String(out.headers['set-cookie'])).toMatch(/waymark_session=;/);
    const after = await t.app.inject({ url: '/', cookies: { waymark_session: token } });
    expect(after.body).not.toContain('Signed in as');
  });

  it('marks the cookie Secure behind an https proxy', async () => {
    const res = await login({ email: EMAIL, password: PASSWORD }, { 'x-forwarded-proto': 'https' });
    expect(String(res.headers['set-cookie'])).toContain('Secure');
  });

  it('never redirects off the site after signing in', () => {
    expect(safeNext('//evil.example/x')).toBe('/');
    expect(safeNext('https://evil.example/')).toBe('/');
    expect(safeNext('/\\evil.example')).toBe('/');
    expect(safeNext('/items?a=1')).toBe('/items?a=1');
    expect(safeNext(undefined)).toBe('/');
  });

  it('ignores a forged or expired session cookie', async () => {
    for (const token of ['x', 'A'.repeat(43), '../../etc/passwd']) {
      const res = await t.app.inject({ url: '/', cookies: { waymark_session: token } });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('Signed in as');
    }
  });

  it('makes the first administrator once, with a generated password shown once', async () => {
    const again = await ensureAdministrator(t.app.storage, { email: 'other@waymark.test', password: undefined });
    expect(again).toEqual({ created: false, email: EMAIL });
    const row = await t.app.storage.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', EMAIL)
      .executeTakeFirstOrThrow();
    await expect(verifyPassword(PASSWORD, row.password_hash)).resolves.toBe(true);
  });
});
