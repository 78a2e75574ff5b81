import { NONCE_ACTIONS, type PageContext } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdministrator } from '../../src/auth/administrator.js';
import { FORM_BINDING_COOKIE } from '../../src/plugins/form-binding.js';
import { loginCaptcha } from '../auth/login-captcha.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { shieldFields } from '../support/shield-fields.js';
import { payingStepUp } from '../support/step-up.js';

/**
 * Issue 17, "Login CSRF": the anonymous form token is bound to the visitor. A browser that
 * loaded a page of the site carries a signed id, and its nonces are made for that id: a nonce
 * another site fetched for itself does not sign this visitor in.
 */

const EMAIL = 'binding-admin@waymark.test';
const PASSWORD = 'the-binding-password';
const PAGE_CONTEXT = /<script type="application\/json" id="[^"]+">([\s\S]*?)<\/script>/;
const DOCUMENT = { 'sec-fetch-dest': 'document', 'sec-fetch-site': 'none', 'user-agent': 'Mozilla/5.0 Firefox/130' };

describe('the anonymous form token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await ensureAdministrator(t.app.storage, { email: EMAIL, password: PASSWORD });
  });
  afterAll(async () => t.close());

  /** A person's first page: the binding cookie it sets, and the form nonce on the page. */
  const visit = async (remoteAddress: string) => {
    const page = await t.app.inject({ url: '/login', headers: DOCUMENT, remoteAddress });
    const cookie = page.cookies.find((c) => c.name === FORM_BINDING_COOKIE);
    const context = JSON.parse(PAGE_CONTEXT.exec(page.body)?.[1] ?? 'null') as PageContext;
    return { cookie: `${FORM_BINDING_COOKIE}=${cookie?.value ?? ''}`, nonce: context.formNonce, bound: cookie };
  };

  /** Signs in as the page does: a step-up's puzzle (no event token here is a doubt) is paid. */
  const signIn = async (remoteAddress: string, cookie: string, nonce: string) => {
    const headers = { ...DOCUMENT, cookie };
    const payload = {
      _wpnonce: nonce,
      ...(await loginCaptcha(t.app, { remoteAddress, headers })),
      ...(await shieldFields(t.app, { token: null })),
      email: EMAIL,
      password: PASSWORD,
    };
    const send = (extra: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/login',
        remoteAddress,
        headers: { ...FORM_HEADERS, ...headers, 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' },
        payload: form({ ...payload, ...extra }),
      });
    return (await payingStepUp(send)).res;
  };

  it('is given with a top-level page, not with calls, files or clients that do not say they load a page', async () => {
    const first = await visit('192.0.2.10');
    expect(first.bound).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(first.nonce).not.toBe(t.app.nonces.create(NONCE_ACTIONS.form, ''));
    const plain = await t.app.inject({ url: '/login', remoteAddress: '192.0.2.10' });
    expect(plain.cookies.find((c) => c.name === FORM_BINDING_COOKIE)).toBeUndefined();
    // A browser that has one keeps it: no second cookie.
    const again = await t.app.inject({ url: '/login', headers: { ...DOCUMENT, cookie: first.cookie } });
    expect(again.cookies.find((c) => c.name === FORM_BINDING_COOKIE)).toBeUndefined();
  });

  it('refuses a sign-in with a nonce made for another client, and takes the visitor’s own', async () => {
    const victim = await visit('192.0.2.20');
    const attacker = await visit('198.51.100.20');
    // The attacker's own nonce, and one fetched without any cookie, in the victim's browser.
    expect((await signIn('192.0.2.20', victim.cookie, attacker.nonce)).statusCode).toBe(403);
    expect((await signIn('192.0.2.20', victim.cookie, t.app.nonces.create(NONCE_ACTIONS.form, ''))).statusCode).toBe(
      403,
    );
    expect((await signIn('192.0.2.20', victim.cookie, victim.nonce)).statusCode).toBe(303);
  });
});
